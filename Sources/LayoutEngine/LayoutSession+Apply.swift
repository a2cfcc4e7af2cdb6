import Cassowary
import Cells
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

extension LayoutSession {
    /// Moves the solver from the applied model to `next`: the spec's constraints by
    /// identity (`ConstraintDelta`), their constants from the new styles, the
    /// engine's own constraints per view; then retries every broken constraint.
    /// Only what changed is touched. Returns the model it replaced when the
    /// document changed, for the caller to free off the reload's path.
    mutating func applyChanges(
        to next: AppliedModel, documentChanged: Bool, dirty: inout DirtyViews, report: inout ReloadReport
    ) -> AppliedModel? {
        generation += 1
        dropAlternative()
        queries = QueryCache()
        conflictRecords.removeAll()
        if documentChanged { owners = nil }

        let old = model
        let oldDocument = old.document, newDocument = next.document
        let sameViews = !documentChanged || Self.sameViewIDs(oldDocument, newDocument)
        let oldIndexOfNew: [Int?] = sameViews ? [] : newDocument.previousIndices(in: oldDocument)
        func oldIndex(_ view: Int) -> Int? { sameViews ? view : oldIndexOfNew[view] }

        var changes = PendingChanges()
        // Broken constraints carried over are retried once everything else is in.
        var retries: [ConstraintRef] = []

        // Styles, and the views that appeared or went away.
        var styleChanged = [Bool](repeating: true, count: newDocument.views.count)
        old.styles.withUnsafeBufferPointer { oldStyles in
            next.styles.withUnsafeBufferPointer { newStyles in
                // A spec edit usually keeps the very same styles: nothing to compare then.
                let same = sameViews && oldStyles.baseAddress == newStyles.baseAddress && oldStyles.count == newStyles.count
                for view in newDocument.views.indices {
                    if let before = oldIndex(view) {
                        styleChanged[view] = !same && oldStyles[before] != newStyles[view]
                        if styleChanged[view] { dirty.markRestyled(view) }
                    } else {
                        dirty.mark(view)
                    }
                }
            }
        }
        if !sameViews {
            var kept = [Bool](repeating: false, count: oldDocument.views.count)
            for index in newDocument.views.indices {
                if let before = oldIndexOfNew[index] { kept[before] = true } else { report.addedViews.append(newDocument.views[index].id) }
            }
            for index in oldDocument.views.indices where !kept[index] {
                report.removedViews.append(oldDocument.views[index].id)
                for implicit in viewStates[index].implicit {
                    retire(implicit.slot, ref: .implicit(view: index, kind: implicit.kind))
                    report.implicitCounts.removed += 1
                }
            }
            registry.adopt(newDocument.views, previousIndices: oldIndexOfNew)
        }

        // The spec's constraints.
        let resolver = Resolver(
            document: newDocument, styles: next.styles, owners: next.constraintViews,
            collapseInPlay: CollapseRules.inPlay(old.styles, next.styles))
        if documentChanged {
            let delta = ConstraintDelta(from: oldDocument, to: newDocument)
            var slots = [ConstraintSlot](
                repeating: .inactive(.nonFinite, generation: 0), count: newDocument.constraints.count)
            for index in delta.removed {
                retire(specSlots[index], ref: .spec(index))
                markMentioned(oldDocument.constraints[index], in: newDocument, &dirty)
                report.counts.removed += 1
            }
            for pair in delta.replaced {
                retire(specSlots[pair.old], ref: .spec(pair.old))
                markMentioned(oldDocument.constraints[pair.old], in: newDocument, &dirty)
                slots[pair.new] = fresh(.spec(pair.new), resolver.resolve(pair.new), &changes)
                report.counts.replaced += 1
            }
            for pair in delta.constantChanged {
                slots[pair.new] = specSlots[pair.old]
                update(&slots[pair.new], .spec(pair.new), resolver, &changes, &dirty, &report.counts)
            }
            let anyStyleChanged = styleChanged.contains(true)
            for pair in delta.unchanged {
                slots[pair.new] = specSlots[pair.old]
                if anyStyleChanged, resolver.readsChangedStyle(pair.new, styleChanged) {
                    update(&slots[pair.new], .spec(pair.new), resolver, &changes, &dirty, &report.counts)
                }
            }
            for index in delta.added {
                slots[index] = fresh(.spec(index), resolver.resolve(index), &changes)
                report.counts.added += 1
            }
            specSlots = slots
        } else if !dirty.restyled.isEmpty {
            for index in resolver.styleReaders() where resolver.readsChangedStyle(index, styleChanged) {
                var slot = specSlots[index]
                update(&slot, .spec(index), resolver, &changes, &dirty, &report.counts)
                specSlots[index] = slot
            }
        }
        for index in specSlots.indices where specSlots[index].state == .broken {
            retries.append(.spec(index))
        }

        // The engine's own constraints, per view (in place when the views stayed).
        if !sameViews {
            viewStates = newDocument.views.indices.map { index in oldIndex(index).map { viewStates[$0] } ?? ViewState() }
        }
        let growAxes = documentChanged ? ImplicitConstraints.growAxes(in: newDocument) : viewStates.map(\.growAxis)
        // Read through the buffer: taking a field of an array element here copies the whole declaration.
        let (kinds, topLevel) = newDocument.views.withUnsafeBufferPointer { ($0.map(\.kind), $0.map { $0.parent == nil }) }
        for index in newDocument.views.indices {
            let kind = kinds[index]
            let isTopLevelScreen = kind == .screen && topLevel[index]
            let growAxis = kind == .text ? growAxes[index] : nil
            let before = oldIndex(index)
            let unchanged = before != nil && !styleChanged[index]
                && viewStates[index].isTopLevelScreen == isTopLevelScreen
                && (viewStates[index].text != nil) == (kind == .text) && viewStates[index].growAxis == growAxis
            if !unchanged {
                var state = viewStates[index]
                let text = kind == .text ? TextMeasure(style: next.styles[index]) : nil
                var textHeight: Int?
                if let text, let before {
                    if state.text == text, let kept = state.implicit.first(where: { $0.kind == .resistHeight })?.slot.constant {
                        textHeight = Int(kept)
                    } else {
                        textHeight = text.intrinsicHeight(frameWidth: views[before].frame.width)
                    }
                }
                let requests = ImplicitConstraints.requests(
                    isTopLevelScreen: isTopLevelScreen, style: next.styles[index], text: text, textHeight: textHeight,
                    growAxis: growAxis)
                state.implicit = reconcile(
                    state.implicit, with: requests, view: index, oldView: before, &changes, &dirty, &report.implicitCounts)
                state.text = text
                state.isTopLevelScreen = isTopLevelScreen
                state.growAxis = growAxis
                viewStates[index] = state
            }
            for implicit in viewStates[index].implicit where implicit.slot.state == .broken {
                retries.append(.implicit(view: index, kind: implicit.kind))
            }
        }

        // The views as the designer reads them.
        if documentChanged && !sameViews {
            Self.relayout(
                &views, to: newDocument, styles: next.styles, styleChanged: styleChanged, previousIndices: oldIndexOfNew)
        } else {
            if documentChanged {
                // Compared in place first: most views are as they were.
                let stale = views.withUnsafeBufferPointer { layouts in
                    newDocument.views.withUnsafeBufferPointer { declarations in
                        declarations.indices.filter { index in
                            !ViewLayout.isCurrent(layouts.baseAddress! + index, with: declarations.baseAddress! + index)
                        }
                    }
                }
                for index in stale { views[index].refresh(from: newDocument.views[index], in: newDocument) }
            }
            for index in dirty.restyled { views[index].style = next.styles[index] }
        }
        model = next

        // Into the solver: new constants, new constraints, then another try for the broken ones.
        for ref in changes.constants { updateConstant(ref) }
        let additions = changes.additions.map { (key: orderKey($0), ref: $0) }.sorted { $0.key < $1.key }
        for addition in additions { activate(addition.ref) }
        for ref in retries {
            report.retried += 1
            setState(of: ref, to: .pending)
            activate(ref)
            if slot(ref).state == .active { report.recovered += 1 }
        }
        report.restyledViews = dirty.restyled.filter { oldIndex($0) != nil }.sorted().map { views[$0].id }
        return documentChanged ? old : nil
    }

    /// Brings the views as the designer reads them up to a document in which
    /// views came or went, in place: the views before and after the edited
    /// stretch stay where they are (moved, not copied); a view that stays keeps
    /// its frame, and its style unless that changed.
    static func relayout(
        _ layouts: inout [ViewLayout], to document: LayoutDocument, styles: [ComputedStyle], styleChanged: [Bool],
        previousIndices: [Int?]
    ) {
        let oldCount = layouts.count, count = document.views.count
        var first = 0, last = 0
        while first < min(oldCount, count), previousIndices[first] == first { first += 1 }
        while last < min(oldCount, count) - first, previousIndices[count - 1 - last] == oldCount - 1 - last { last += 1 }
        var middle: [ViewLayout] = []
        for index in first..<(count - last) {
            if let before = previousIndices[index] {
                middle.append(layouts[before])
            } else {
                middle.append(ViewLayout(declaration: document.views[index], parentIndex: nil, style: styles[index]))
            }
        }
        layouts.replaceSubrange(first..<(oldCount - last), with: middle)
        document.views.withUnsafeBufferPointer { declarations in
            for index in declarations.indices {
                let declaration = declarations.baseAddress! + index
                let parent = document.parentIndex(ofView: index)
                if layouts[index].parentIndex != parent { layouts[index].parentIndex = parent }
                if !layouts.withUnsafeBufferPointer({ ViewLayout.isCurrent($0.baseAddress! + index, with: declaration) }) {
                    layouts[index].refresh(from: declaration.pointee, in: document)
                }
                if styleChanged[index] { layouts[index].style = styles[index] }
            }
        }
    }

    /// Whether two documents have the same views in the same order (ids only:
    /// everything else about a view lives in the per-view state).
    static func sameViewIDs(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        viewsAgree(a, b) { $0.pointee.id == $1.pointee.id }
    }

    /// Whether two documents have as many views and `same` holds for each pair
    /// in order. The views are compared in place: taking them out of their
    /// arrays would copy every one.
    static func viewsAgree(
        _ a: LayoutDocument, _ b: LayoutDocument,
        _ same: (UnsafePointer<ViewDeclaration>, UnsafePointer<ViewDeclaration>) -> Bool
    ) -> Bool {
        guard a.views.count == b.views.count else { return false }
        return a.views.withUnsafeBufferPointer { a in
            b.views.withUnsafeBufferPointer { b in
                for index in a.indices where !same(a.baseAddress! + index, b.baseAddress! + index) { return false }
                return true
            }
        }
    }

    /// Marks the views a removed constraint mentioned: their variables may have left
    /// the solver, which then reports no change for them.
    private func markMentioned(_ constraint: LayoutConstraint, in document: LayoutDocument, _ dirty: inout DirtyViews) {
        if let index = document.viewIndex[constraint.left.view] { dirty.mark(index) }
        for term in constraint.right.terms {
            if let index = document.viewIndex[term.variable.view] { dirty.mark(index) }
        }
    }

    /// A new constraint's slot: pending (to be added) or inactive.
    private func fresh(_ ref: ConstraintRef, _ resolution: Resolution, _ changes: inout PendingChanges) -> ConstraintSlot {
        switch resolution {
        case .constant(let value):
            changes.additions.append(ref)
            return .pending(value, generation: generation)
        case .inactive(let reason):
            return .inactive(reason, generation: generation)
        }
    }

    /// A carried-over spec constraint whose constant may have changed.
    private mutating func update(
        _ slot: inout ConstraintSlot, _ ref: ConstraintRef, _ resolver: Resolver,
        _ changes: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) {
        guard case .spec(let index) = ref else { return }
        switch (slot.state, resolver.resolve(index)) {
        case (.active, .constant(let value)):
            guard value != slot.constant else { return }
            slot.constant = value
            changes.constants.append(ref)
            counts.constantsChanged += 1
        case (.active, .inactive(let reason)):
            // A style value went unset: the constraint leaves the solver.
            retire(slot, ref: ref)
            markMentioned(resolver.document.constraints[index], in: resolver.document, &dirty)
            slot = .inactive(reason, generation: generation)
            counts.removed += 1
        case (.inactive, .constant(let value)):
            // A style value got set: the constraint joins the solver.
            slot = .pending(value, generation: generation)
            changes.additions.append(ref)
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

    /// Matches a view's implicit constraints to what it should now have (both in kind order).
    private mutating func reconcile(
        _ current: [ImplicitSlot], with requests: [ImplicitRequest], view: Int, oldView: Int?,
        _ changes: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) -> [ImplicitSlot] {
        var result: [ImplicitSlot] = []
        var i = 0, j = 0
        while i < current.count || j < requests.count {
            if j == requests.count || (i < current.count && current[i].kind < requests[j].kind) {
                retire(current[i].slot, ref: .implicit(view: oldView ?? view, kind: current[i].kind))
                counts.removed += 1
                dirty.mark(view)
                i += 1
            } else if i == current.count || requests[j].kind < current[i].kind {
                let ref = ConstraintRef.implicit(view: view, kind: requests[j].kind)
                result.append(ImplicitSlot(kind: requests[j].kind, slot: fresh(ref, .constant(requests[j].constant), &changes)))
                counts.added += 1
                dirty.mark(view)
                j += 1
            } else {
                var slot = current[i].slot
                let ref = ConstraintRef.implicit(view: view, kind: requests[j].kind)
                if slot.constant != requests[j].constant {
                    slot.constant = requests[j].constant
                    slot.generation = generation
                    if slot.state == .active { changes.constants.append(ref) }
                    counts.constantsChanged += 1
                    dirty.mark(view)
                }
                result.append(ImplicitSlot(kind: requests[j].kind, slot: slot))
                i += 1
                j += 1
            }
        }
        return result
    }
}

/// Solver work a reload collects before doing it: removals happen at once, new
/// constants and additions after every slot is in place.
struct PendingChanges {
    var constants: [ConstraintRef] = []
    var additions: [ConstraintRef] = []
}

/// Resolves the constants of one document's constraints against its views' styles.
struct Resolver {
    let document: LayoutDocument
    let styles: [ComputedStyle]
    /// The index of the view that owns each constraint.
    let owners: [Int]
    /// Whether any view is collapsed, before or after: else no rule is set aside
    /// and none comes back, and the checks for it are skipped.
    let collapseInPlay: Bool

    func resolve(_ index: Int) -> Resolution {
        if collapseInPlay,
            let reason = CollapseRules.reason(for: document.constraints[index], owner: owners[index], styles: styles)
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

    /// Whether the constraint reads a style value of a view whose style changed.
    func readsChangedStyle(_ index: Int, _ changed: [Bool]) -> Bool {
        document.constraints.withUnsafeBufferPointer { constraints in
            let constraint = constraints.baseAddress! + index
            if collapseInPlay, changed[owners[index]], CollapseRules.mayBeSetAside(constraint.pointee) { return true }
            for term in constraint.pointee.right.styles {
                // Mostly the owner's own style values: no lookup for those.
                let isOwn = term.view == constraint.pointee.identity.view
                guard let view = isOwn ? owners[index] : document.viewIndex[term.view] else { return true }
                if changed[view] { return true }
            }
            return false
        }
    }
}
