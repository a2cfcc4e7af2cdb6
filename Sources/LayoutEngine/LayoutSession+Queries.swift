import Cassowary
import Diagnostics
import LayoutSpec
import Stylesheet

/// Answers worked out on request and kept until the layout next changes.
struct QueryCache: Sendable {
    var unsatisfied: [UnsatisfiedPreference]?
    /// The views the unsatisfied preferences constrain, by index: all the
    /// badges need, and asked for on every `explain` (an editor's hover).
    var unsatisfiedViews: [Int]?
    var ambiguities: [ViewAmbiguity]?
    var ambiguousViews: [AmbiguousView]?
}

/// One ambiguous view as the scan finds it, its involved constraints not yet
/// described. Badges and `check`'s warnings need only this (and the warnings
/// describe the few they show): described, the ambiguities of a 10,000-view
/// spec held 13 MB of strings at a JSON render's peak.
struct AmbiguousView: Sendable {
    /// The view's index, in tree order.
    var view: Int
    /// One bit per slot (left 1, top 2, width 4, height 8): whether it can move.
    var moving: UInt8
    /// The involved constraints that mention it, in spec order (packed: the
    /// list is kept, and thousands of views can be ambiguous at once).
    var involved: [PackedConstraintRef]
}

/// What `ambiguities()` finds out per view while it scans the solver.
private struct AmbiguityScan {
    /// Per view, one bit per slot (left, top, width, height): whether it can
    /// move. (Four `Bool`s in an array of their own per view were 0.5 MB of
    /// the 10,000-view JSON render's peak.)
    var moving: [UInt8]
    /// Per view, the involved constraints that mention it.
    var involved: [[PackedConstraintRef]]

    init(count: Int) {
        moving = [UInt8](repeating: 0, count: count)
        involved = [[PackedConstraintRef]](repeating: [], count: count)
    }
}

extension LayoutSession {
    // MARK: Describing constraints

    /// The inspector's view of one engine constraint.
    func describe(_ ref: ConstraintRef) -> ConstraintInfo {
        let status = status(of: ref)
        switch ref {
        case .spec(let index):
            let constraint = model.document.constraints[index]
            var resolved: String?
            if !constraint.right.styles.isEmpty, let constant = binding.specSlots[index].constant {
                var copy = constraint
                copy.right = LinearExpression(terms: constraint.right.terms, constant: constant)
                resolved = copy.description
            }
            var mentioned = [constraint.left.view]
            for term in constraint.right.terms where !mentioned.contains(term.variable.view) {
                mentioned.append(term.variable.view)
            }
            return ConstraintInfo(
                origin: .spec(constraint.identity), view: constraint.view, text: constraint.description,
                resolvedText: resolved, priority: constraint.priority, label: constraint.label,
                location: constraint.location, status: status, views: mentioned)
        case .implicit(let view, let kind):
            let id = views[view].id
            let constant = binding.slot(ref).constant ?? 0
            let left = "\(id).\(kind.attribute.rawValue) \(kind.relation.rawValue) "
            let priority = binding.priority(ofImplicit: view, kind)
            let tail = (priority.isRequired ? "" : " @\(priority)") + " as \(kind.label)"
            var text = left + formatCells(constant) + tail
            var resolved: String?
            switch kind {
            case .screenWidth:
                text = left + "terminal.width" + tail
                resolved = left + String(size.width) + tail
            case .screenHeight:
                text = left + "terminal.height" + tail
                resolved = left + String(size.height) + tail
            default:
                break
            }
            var location = views[view].location
            if let property = kind.styleProperty,
                let why = model.cascade.provenance(ofView: view, property: property)
            {
                location = why.winner.location
            }
            return ConstraintInfo(
                origin: .engine(kind), view: id, text: text, resolvedText: resolved, priority: priority,
                label: kind.label, location: location, status: status, views: [id])
        }
    }

    func status(of ref: ConstraintRef) -> ConstraintStatus {
        let current = binding.slot(ref)
        switch current.state {
        case .inactive(let reason): return .inactive(reason)
        case .broken: return .broken
        case .pending: return .satisfied
        case .active: break
        }
        if binding.conflictRecords.contains(where: { $0.members.contains(ref) }) { return .conflicting }
        if case .implicit(_, let kind) = ref, kind == .screenWidth || kind == .screenHeight {
            return screenSizeStatus(kind)
        }
        guard let constraint = binding.pool[current.handle], !constraint.isRequired,
            let violation = binding.read({ $0.violation(of: constraint) }), violation > 1e-6
        else { return .satisfied }
        return .unsatisfied(by: violation)
    }

    /// `screen.width` reads `== terminal.width`, resolved to the terminal's
    /// size: when the screen is laid out larger, the terminal's edit variable
    /// gave way, so the rule as shown does not hold, by that many cells.
    private func screenSizeStatus(_ kind: ImplicitKind) -> ConstraintStatus {
        let variable = kind == .screenWidth ? binding.terminalWidth : binding.terminalHeight
        let wanted = Double(kind == .screenWidth ? size.width : size.height)
        let off = abs(binding.read { $0.value(of: variable) } - wanted)
        return off > 1e-6 ? .unsatisfied(by: off) : .satisfied
    }

    // MARK: Conflicts, preferences, ambiguity

    /// Every conflict the engine resolved, in the order it met them.
    public func conflicts() -> [ConflictReport] {
        binding.conflictRecords.map { record in
            ConflictReport(constraints: record.members.map { describe($0) }, broken: describe(record.broken))
        }
    }

    /// Optional constraints that do not hold, in spec order. Left out as normal:
    /// a text's hugging (stretched wider or taller than its text) and its width
    /// resistance (narrower than its longest line: it wraps). A text's height
    /// resistance is listed: lines that do not fit are cut.
    public func unsatisfiedPreferences() -> [UnsatisfiedPreference] {
        if let cached = queries.read(\.unsatisfied), let cached { return cached }
        let found = unsatisfiedRefs()
        var violations: [ConstraintRef: Double] = [:]
        for broken in found { violations[broken.ref] = broken.violation }
        let result = model.inSpecOrder(found.map(\.ref)).map {
            UnsatisfiedPreference(constraint: describe($0), violation: violations[$0]!)
        }
        queries.update { $0.unsatisfied = result }
        return result
    }

    /// What `unsatisfiedPreferences()` lists, undescribed and in the solver's order.
    func unsatisfiedRefs() -> [(ref: ConstraintRef, violation: Double)] {
        var found: [(ref: ConstraintRef, violation: Double)] = []
        for broken in binding.read({ $0.brokenConstraints() }) {
            guard let ref = binding.owner(of: broken.constraint) else { continue }
            if case .implicit(_, let kind) = ref, kind.isHugging || kind == .resistWidth {
                continue
            }
            found.append((ref, broken.violation))
        }
        return found
    }

    /// The views `unsatisfiedPreferences()` would badge, by index, without
    /// describing the preferences.
    func unsatisfiedViews() -> [Int] {
        if let cached = queries.read(\.unsatisfiedViews), let cached { return cached }
        let result = unsatisfiedRefs().compactMap { firstMentionedView(of: $0.ref) }
        queries.update { $0.unsatisfiedViews = result }
        return result
    }

    /// The first view `describe(ref).views` names (the constrained view), by index.
    func firstMentionedView(of ref: ConstraintRef) -> Int? {
        switch ref {
        case .spec(let index): viewIndex(of: model.document.constraints[index].left.view)
        case .implicit(let view, _): view
        }
    }

    /// Views whose frames the constraints leave open, in tree order: attributes
    /// nothing mentions, and directions in which the solution can move at no cost.
    public func ambiguities() -> [ViewAmbiguity] {
        if let cached = queries.read(\.ambiguities), let cached { return cached }
        // A constraint is involved for every view it mentions: described once,
        // its strings shared.
        var described: [ConstraintRef: ConstraintInfo] = [:]
        func describeOnce(_ ref: ConstraintRef) -> ConstraintInfo {
            if let info = described[ref] { return info }
            let info = describe(ref)
            described[ref] = info
            return info
        }
        let result = ambiguousViews().map { viewAmbiguity($0, describing: describeOnce) }
        queries.update { $0.ambiguities = result }
        return result
    }

    /// What `ambiguities()` lists, before any constraint is described.
    func ambiguousViews() -> [AmbiguousView] {
        if let cached = queries.read(\.ambiguousViews), let cached { return cached }
        var scan = AmbiguityScan(count: views.count)
        let constraints = binding.read { $0.constraints }
        markUnmentionedAttributes(&scan, constraints: constraints)
        markFreeDirections(&scan, constraints: constraints)
        var result: [AmbiguousView] = []
        for view in views.indices where scan.moving[view] != 0 {
            result.append(AmbiguousView(view: view, moving: scan.moving[view], involved: model.inSpecOrder(scan.involved[view].map(\.ref)).map(PackedConstraintRef.init)))
        }
        queries.update { $0.ambiguousViews = result }
        return result
    }

    /// One entry of `ambiguities()`, its constraints described by `describe`.
    func viewAmbiguity(_ found: AmbiguousView, describing describe: (ConstraintRef) -> ConstraintInfo) -> ViewAmbiguity {
        let slotAttributes: [Attribute] = [.left, .top, .width, .height]
        let attributes = (0..<4).filter { found.moving & 1 << $0 != 0 }.map { slotAttributes[$0] }
        return ViewAmbiguity(view: views[found.view].id, attributes: attributes, constraints: found.involved.map { describe($0.ref) })
    }

    /// Marks the attributes that no constraint in the solver mentions.
    private func markUnmentionedAttributes(_ scan: inout AmbiguityScan, constraints: [SolverConstraint]) {
        var mentioned = [UInt8](repeating: 0, count: views.count)
        for constraint in constraints {
            for term in constraint.expression.terms {
                if let slot = binding.registry.slot(of: term.variable) { mentioned[slot.view] |= 1 << slot.slot }
            }
        }
        for view in views.indices { scan.moving[view] |= ~mentioned[view] & 0b1111 }
    }

    /// Marks the slots the solver can move at no cost, and lists for each view
    /// with such a slot the first constraints (in the order they were added) that
    /// mention one of its moving slots. The solver finds every variable any free
    /// direction moves in one pass (`undeterminedVariables()`); taking the
    /// directions one at a time was quadratic in time for one long chain of free
    /// widths (each direction moves the rest of the chain).
    private func markFreeDirections(_ scan: inout AmbiguityScan, constraints: [SolverConstraint]) {
        var free = [UInt8](repeating: 0, count: views.count)
        let moved = binding.read { $0.undeterminedVariables() }
        for variable in moved {
            guard let slot = binding.registry.slot(of: variable) else { continue }
            free[slot.view] |= 1 << slot.slot
        }
        for constraint in constraints {
            var owner: ConstraintRef?
            for term in constraint.expression.terms {
                guard let slot = binding.registry.slot(of: term.variable), free[slot.view] & 1 << slot.slot != 0,
                    scan.involved[slot.view].count < Self.involvedLimit
                else { continue }
                if owner == nil { owner = binding.owner(of: constraint) }
                guard let ref = owner else { break }
                let packed = PackedConstraintRef(ref)
                if scan.involved[slot.view].last?.ref != ref { scan.involved[slot.view].append(packed) }
            }
        }
        for view in views.indices { scan.moving[view] |= free[view] }
    }

    /// At most this many constraints are listed for one ambiguous view.
    static let involvedLimit = 8
}
