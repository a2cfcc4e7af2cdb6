import Cells
import Cassowary
import LayoutSpec
import Stylesheet

/// Views whose frames must be read again after a change, and views whose style changed.
struct DirtyViews {
    private var flags: [Bool]
    private(set) var list: [Int] = []
    private(set) var restyled: [Int] = []

    init(count: Int) {
        flags = Array(repeating: false, count: count)
    }

    mutating func mark(_ view: Int) {
        guard view >= 0, view < flags.count, !flags[view] else { return }
        flags[view] = true
        list.append(view)
    }

    mutating func markRestyled(_ view: Int) {
        restyled.append(view)
        mark(view)
    }
}

/// One move from the applied model to the next, as the apply phases share it.
struct ModelChange {
    let old: AppliedModel
    let next: AppliedModel
    let documentChanged: Bool
    /// The same views in the same order (ids compared): views pair up by index.
    let sameViews: Bool
    /// When views came or went: each new view's index in the old document, if it was there.
    let previousIndices: [Int?]
    /// Per new view: whether its style changed (true for a view that is new).
    private(set) var styleChanged: [Bool]

    init(from old: AppliedModel, to next: AppliedModel, documentChanged: Bool) {
        self.old = old
        self.next = next
        self.documentChanged = documentChanged
        sameViews = !documentChanged || LayoutDocument.haveSameViewIDs(old.document, next.document)
        previousIndices = sameViews ? [] : next.document.previousIndices(in: old.document)
        styleChanged = [Bool](repeating: true, count: next.document.views.count)
    }

    /// A new view's index in the old document, nil for a view that is new.
    func oldIndex(_ view: Int) -> Int? { sameViews ? view : previousIndices[view] }

    /// Compares every view's style with its old one; marks the views that are
    /// new or restyled.
    mutating func compareStyles(_ dirty: inout DirtyViews) {
        // A spec edit usually keeps the very same styles: nothing to compare then.
        let same = sameViews && old.hasSameStyles(as: next)
        for view in styleChanged.indices {
            if let before = oldIndex(view) {
                styleChanged[view] = !same && old.styles[before] != next.styles[view]
                if styleChanged[view] { dirty.markRestyled(view) }
            } else {
                dirty.mark(view)
            }
        }
    }
}

/// Solver work an apply collects before doing it: removals happen at once, new
/// constants and additions after every slot is in place, and broken constraints
/// are retried last.
struct PendingChanges {
    var constants: [ConstraintRef] = []
    /// Packed: a load lists every constraint here, and the list is still
    /// alive (sorted, as `addInStages` reads it) at the end of the load, the
    /// render's peak; four bytes an entry instead of twenty-four.
    var additions: [PackedConstraintRef] = []
    var retries: [ConstraintRef] = []
}

extension SolverBinding {
    /// Starts an apply: a new generation, no conflicts yet, the alternative gone.
    mutating func beginApply(documentChanged: Bool) {
        generation += 1
        conflictRecords.removeAll()
        earlierProofs = proofs
        proofs = [:]
        if documentChanged { owners = Memo() } else { ownOwnerMap() }
    }

    /// Takes the implicit constraints of the views that went out of the solver.
    mutating func retireImplicitConstraints(ofRemoved removed: [Int], counts: inout ConstraintCounts) {
        for index in removed {
            for implicit in implicitConstraints[index].slots {
                retire(implicit.slot, ref: .implicit(view: index, kind: implicit.kind))
                counts.removed += 1
            }
        }
    }

    /// Moves the spec's constraints to the next document: by identity
    /// (`ConstraintDelta`) when the document changed, else only the constants
    /// of constraints that read a changed style. Queues broken ones for a retry.
    mutating func applySpecConstraints(
        _ change: ModelChange, _ work: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) {
        let resolver = Resolver(
            document: change.next.document, styles: change.next.styles, owners: change.next.constraintViews,
            collapseInPlay: CollapseRules.inPlay(change.old.styles, change.next.styles))
        if change.documentChanged {
            applyConstraintDelta(change, resolver, &work, &dirty, &counts)
        } else if !dirty.restyled.isEmpty {
            for index in resolver.styleReaders() where resolver.readsChangedStyle(index, change.styleChanged) {
                var slot = specSlots[index]
                update(&slot, .spec(index), resolver, &work, &dirty, &counts)
                specSlots[index] = slot
            }
        }
        for index in specSlots.indices where specSlots[index].state == .broken {
            work.retries.append(.spec(index))
        }
    }

    private mutating func applyConstraintDelta(
        _ change: ModelChange, _ resolver: Resolver, _ work: inout PendingChanges, _ dirty: inout DirtyViews,
        _ counts: inout ConstraintCounts
    ) {
        let oldDocument = change.old.document, newDocument = change.next.document
        let delta = ConstraintDelta(from: oldDocument, to: newDocument)
        if Self.keepsEveryPosition(delta, count: newDocument.constraints.count, oldCount: oldDocument.constraints.count) {
            updateSlotsInPlace(delta, change, resolver, &work, &dirty, &counts)
            return
        }
        for index in delta.removed {
            retire(specSlots[index], ref: .spec(index))
            Self.markMentioned(oldDocument.constraints[index], in: newDocument, &dirty)
            counts.removed += 1
        }
        for pair in delta.replaced {
            retire(specSlots[pair.old], ref: .spec(pair.old))
            Self.markMentioned(oldDocument.constraints[pair.old], in: newDocument, &dirty)
        }
        moveSlots(delta, newCount: newDocument.constraints.count)
        for pair in delta.replaced {
            specSlots[pair.new] = fresh(.spec(pair.new), resolver.resolve(pair.new), &work)
            counts.replaced += 1
        }
        for pair in delta.constantChanged {
            var slot = specSlots[pair.new]
            update(&slot, .spec(pair.new), resolver, &work, &dirty, &counts)
            specSlots[pair.new] = slot
        }
        if change.styleChanged.contains(true) {
            for pair in delta.unchanged where resolver.readsChangedStyle(pair.new, change.styleChanged) {
                var slot = specSlots[pair.new]
                update(&slot, .spec(pair.new), resolver, &work, &dirty, &counts)
                specSlots[pair.new] = slot
            }
        }
        for index in delta.added {
            specSlots[index] = fresh(.spec(index), resolver.resolve(index), &work)
            counts.added += 1
        }
    }

    /// Puts the slots of carried-over constraints at their new indices, the
    /// others (removed, replaced, added) left as placeholders to be filled. Only
    /// the stretch between the slots that keep their index at the front and
    /// those that keep their distance from the end is rebuilt; the rest stay
    /// (a slot's copy costs a call, and an edit moves a few of ten thousands).
    private mutating func moveSlots(_ delta: ConstraintDelta, newCount: Int) {
        let oldCount = specSlots.count
        var source = [Int32](repeating: -1, count: newCount)
        for pair in delta.constantChanged { source[pair.new] = Int32(pair.old) }
        for pair in delta.unchanged { source[pair.new] = Int32(pair.old) }
        var head = 0
        while head < min(newCount, oldCount), source[head] == Int32(head) { head += 1 }
        var tail = 0
        while tail < min(newCount, oldCount) - head,
            source[newCount - 1 - tail] == Int32(oldCount - 1 - tail)
        {
            tail += 1
        }
        let placeholder = ConstraintSlot.inactive(.nonFinite, generation: 0)
        var middle: [ConstraintSlot] = []
        middle.reserveCapacity(newCount - tail - head)
        for index in head..<(newCount - tail) {
            let old = Int(source[index])
            middle.append(old >= 0 ? specSlots[old] : placeholder)
        }
        specSlots.replaceSubrange(head..<(oldCount - tail), with: middle)
    }

    /// Whether every constraint stays at its index (an edit that changed only
    /// constants, the usual save): the slots can then stay where they are.
    private static func keepsEveryPosition(_ delta: ConstraintDelta, count: Int, oldCount: Int) -> Bool {
        count == oldCount && delta.removed.isEmpty && delta.added.isEmpty && delta.replaced.isEmpty
            && delta.constantChanged.allSatisfy { $0.old == $0.new } && delta.unchanged.allSatisfy { $0.old == $0.new }
    }

    /// `applyConstraintDelta` for a delta that keeps every position: only the
    /// slots whose constant may change are touched. (Building a new array copied
    /// every slot, and a slot's state is an enum with string payloads, so each
    /// copy costs a call: with tens of thousands of constraints that was a good
    /// share of a constant edit.)
    private mutating func updateSlotsInPlace(
        _ delta: ConstraintDelta, _ change: ModelChange, _ resolver: Resolver, _ work: inout PendingChanges,
        _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) {
        let anyStyleChanged = change.styleChanged.contains(true)
        var touched = delta.constantChanged.map(\.new)
        if anyStyleChanged {
            for pair in delta.unchanged where resolver.readsChangedStyle(pair.new, change.styleChanged) {
                touched.append(pair.new)
            }
        }
        for index in touched {
            var slot = specSlots[index]
            update(&slot, .spec(index), resolver, &work, &dirty, &counts)
            specSlots[index] = slot
        }
    }

    /// Marks the views a removed constraint mentioned: their variables may have left
    /// the solver, which then reports no change for them.
    private static func markMentioned(_ constraint: LayoutConstraint, in document: LayoutDocument, _ dirty: inout DirtyViews) {
        if let index = document.viewIndex[constraint.left.view] { dirty.mark(index) }
        for term in constraint.right.terms {
            if let index = document.viewIndex[term.variable.view] { dirty.mark(index) }
        }
    }

    /// A new constraint's slot: pending (to be added) or inactive.
    func fresh(_ ref: ConstraintRef, _ resolution: Resolution, _ work: inout PendingChanges) -> ConstraintSlot {
        switch resolution {
        case .constant(let value):
            work.additions.append(PackedConstraintRef(ref))
            return .pending(value, generation: generation)
        case .inactive(let reason):
            return .inactive(reason, generation: generation)
        }
    }

    /// A carried-over spec constraint whose constant may have changed.
    private mutating func update(
        _ slot: inout ConstraintSlot, _ ref: ConstraintRef, _ resolver: Resolver,
        _ work: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) {
        guard case .spec(let index) = ref else { return }
        switch (slot.state, resolver.resolve(index)) {
        case (.active, .constant(let value)):
            guard value != slot.constant else { return }
            slot.constant = value
            work.constants.append(ref)
            counts.constantsChanged += 1
        case (.active, .inactive(let reason)):
            // A style value went unset: the constraint leaves the solver.
            retire(slot, ref: ref)
            Self.markMentioned(resolver.document.constraints[index], in: resolver.document, &dirty)
            slot = .inactive(reason, generation: generation)
            counts.removed += 1
        case (.inactive, .constant(let value)):
            // A style value got set: the constraint joins the solver.
            slot = .pending(value, generation: generation)
            work.additions.append(PackedConstraintRef(ref))
            counts.added += 1
        case (.inactive, .inactive(let reason)):
            slot.state = .inactive(reason)
            return
        case (.broken, .constant(let value)):
            guard value != slot.constant else { return }
            slot.constant = value
            counts.constantsChanged += 1
        case (.broken, .inactive(let reason)):
            slot = .inactive(reason, generation: generation)
            counts.removed += 1
        case (.pending, _):
            return
        }
        slot.generation = generation
    }

    /// Into the solver: new constants, new constraints in spec order, then another
    /// try for the broken ones.
    mutating func perform(_ work: PendingChanges, in model: AppliedModel, report: inout ReloadReport) {
        for ref in work.constants { updateConstant(ref, in: model) }
        addInStages(model.inSpecOrder(work.additions), in: model)
        // Broken again after a try, by equation: copies of a rule fail alike.
        var tried: [EquationKey: (generation: Int, proof: ConflictProof)] = [:]
        for ref in work.retries {
            if conflictStillStands(ref, in: model) || brokenLikeAnEqualConstraint(ref, tried, in: model) {
                report.stillBroken += 1
                continue
            }
            report.retried += 1
            setState(of: ref, to: .pending)
            activate(ref, in: model, retrying: true)
            if slot(ref).state == .active {
                report.recovered += 1
            } else if let constant = slot(ref).constant, let proof = proofs[proofKey(ref, in: model)] {
                tried[EquationKey(solverConstraint(for: ref, constant: constant, in: model))] = (slot(ref).generation, proof)
            }
        }
        earlierProofs = [:]
    }
}

extension SolverBinding {
    /// Additions from this many on are added in stages (see `addInStages`).
    static let defaultStagingThreshold = 256

    /// Adds constraints (given in spec order). A large batch, a load, goes in
    /// container by container: each constraint once the latest view it
    /// mentions is reached (a container's rules that name its last child wait
    /// for that child), with the solver settled before the children of each
    /// container. Each part is
    /// then optimised while its symbols sit in few rows, instead of thousands
    /// of rows repeating a shared grow unit that one final optimisation pivots
    /// through. The optimum is unique, so the frames are those of adding
    /// everything at once (`StagedLoadTests`).
    mutating func addInStages(_ refs: [PackedConstraintRef], in model: AppliedModel) {
        guard refs.count >= stagingThreshold else {
            for ref in refs { activate(ref.ref, in: model) }
            return
        }
        // A load: the solver's records and the pool sized for the batch at
        // once, not doubled past it (they are kept as long as the layout).
        solver.reserveCapacity(forAdding: refs.count)
        pool.reserveCapacity(forAdding: refs.count)
        // 32-bit views and positions: both lists live through the whole load.
        let reached = refs.map { Int32(Self.latestView(mentionedBy: $0.ref, in: model)) }
        var parent = -2
        for position in Self.stableOrder(by: reached, keys: model.document.views.count) {
            // Settling before every view would optimise a half-built row once
            // per child (quadratic on a long row, `SolverWorkTests`).
            let next = model.document.parentIndex(ofView: Int(reached[Int(position)])) ?? -1
            if next != parent {
                parent = next
                solver.settle()
            }
            activate(refs[Int(position)].ref, in: model)
        }
    }

    /// The positions of `values` (each in `0..<keys`) sorted by value, ties in
    /// their order: a counting sort, linear in the load.
    static func stableOrder(by values: [Int32], keys: Int) -> [Int32] {
        var start = [Int](repeating: 0, count: keys + 1)
        for value in values { start[Int(value) + 1] += 1 }
        for key in 0..<keys { start[key + 1] += start[key] }
        var order = [Int32](repeating: 0, count: values.count)
        for (position, value) in values.enumerated() {
            order[start[Int(value)]] = Int32(position)
            start[Int(value)] += 1
        }
        return order
    }

    /// The view latest in spec order among the owner of a constraint and the
    /// views it mentions (a view of another document counts as the owner).
    private static func latestView(mentionedBy ref: ConstraintRef, in model: AppliedModel) -> Int {
        switch ref {
        case .implicit(let view, _):
            return view
        case .spec(let index):
            let document = model.document
            var latest = model.constraintViews[index]
            if let view = document.viewIndex[document.constraints[index].left.view] { latest = max(latest, view) }
            for term in document.constraints[index].right.terms {
                if case .attribute(let name, _) = term.variable, let view = document.viewIndex[name] {
                    latest = max(latest, view)
                }
            }
            return latest
        }
    }
}

/// Resolves the constants of one document's constraints against its views' styles.
struct Resolver {
    let document: LayoutDocument
    let styles: ViewStyles
    /// The index of the view that owns each constraint.
    let owners: [Int]
    /// Whether any view is collapsed, before or after: else no rule is set aside
    /// and none comes back, and the checks for it are skipped.
    let collapseInPlay: Bool

    func resolve(_ index: Int) -> Resolution {
        if collapseInPlay,
            let reason = CollapseRules.reason(
                for: document.constraints[index], owner: owners[index], styles: styles, document: document)
        {
            return .inactive(reason)
        }
        return StyleValues.resolve(document.constraints[index], styles: styles, index: document.viewIndex)
    }

    /// Constraints that read any style value, or that a view's `collapse` sets aside.
    func styleReaders() -> [Int] {
        document.constraints.indices.filter {
            !document.constraints[$0].right.styles.isEmpty
                || (collapseInPlay && CollapseRules.mayBeSetAside(document.constraints[$0]))
        }
    }

    /// Whether the constraint reads a style value of a view whose style changed,
    /// or may be set aside by its owner's `collapse` and the owner was restyled.
    func readsChangedStyle(_ index: Int, _ changed: [Bool]) -> Bool {
        if collapseInPlay, changed[owners[index]], CollapseRules.mayBeSetAside(document.constraints[index]) { return true }
        let owner = document.constraints[index].identity.view
        for term in document.constraints[index].right.styles {
            // Mostly the owner's own style values: no lookup for those.
            guard let view = term.view == owner ? owners[index] : document.viewIndex[term.view] else { return true }
            if changed[view] { return true }
        }
        return false
    }
}
