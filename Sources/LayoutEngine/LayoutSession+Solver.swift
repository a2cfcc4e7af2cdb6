import Cassowary
import LayoutSpec

/// Where a constraint sits in spec order: by view, then the screen pins, the
/// view's own constraints in source order, the engine's other constraints.
struct OrderKey: Comparable, Hashable {
    var view: Int
    var group: Int
    var index: Int

    static func < (a: OrderKey, b: OrderKey) -> Bool {
        (a.view, a.group, a.index) < (b.view, b.group, b.index)
    }
}

extension LayoutSession {
    // MARK: Slots

    func slot(_ ref: ConstraintRef) -> ConstraintSlot {
        switch ref {
        case .spec(let index):
            return specSlots[index]
        case .implicit(let view, let kind):
            return viewStates[view].implicit.first { $0.kind == kind }?.slot
                ?? .inactive(.nonFinite, generation: 0)
        }
    }

    mutating func setSlot(_ ref: ConstraintRef, _ slot: ConstraintSlot) {
        switch ref {
        case .spec(let index):
            specSlots[index] = slot
        case .implicit(let view, let kind):
            if let position = viewStates[view].implicit.firstIndex(where: { $0.kind == kind }) {
                viewStates[view].implicit[position].slot = slot
            }
        }
    }

    mutating func setState(of ref: ConstraintRef, to state: SlotState) {
        var current = slot(ref)
        current.state = state
        setSlot(ref, current)
    }

    /// Every engine constraint, in spec order.
    var allRefs: [ConstraintRef] {
        var refs: [ConstraintRef] = []
        refs.reserveCapacity(specSlots.count + viewStates.count)
        for (viewIndex, view) in model.document.views.enumerated() {
            for implicit in viewStates[viewIndex].implicit where implicit.kind.isScreen {
                refs.append(.implicit(view: viewIndex, kind: implicit.kind))
            }
            for index in view.constraintRange { refs.append(.spec(index)) }
            for implicit in viewStates[viewIndex].implicit where !implicit.kind.isScreen {
                refs.append(.implicit(view: viewIndex, kind: implicit.kind))
            }
        }
        return refs
    }

    func orderKey(_ ref: ConstraintRef) -> OrderKey {
        switch ref {
        case .spec(let index):
            return OrderKey(view: model.constraintViews[index], group: 1, index: index)
        case .implicit(let view, let kind):
            return OrderKey(view: view, group: kind.isScreen ? 0 : 2, index: kind.rawValue)
        }
    }

    // MARK: Building solver constraints

    mutating func solverConstraint(for ref: ConstraintRef, constant: Double) -> SolverConstraint {
        var terms: [SolverTerm] = []
        switch ref {
        case .spec(let index):
            let constraint = model.document.constraints[index]
            let viewIndex = model.document.viewIndex
            registry.append(constraint.left, times: 1, index: viewIndex, to: &terms)
            for term in constraint.right.terms {
                registry.append(term.variable, times: -term.coefficient, index: viewIndex, to: &terms)
            }
            return SolverConstraint(
                SolverExpression(terms: terms, constant: -constant), Self.solverRelation(constraint.relation),
                priority: Self.solverPriority(constraint.priority))
        case .implicit(let view, let kind):
            registry.variables(ofView: view).append(kind.attribute, times: 1, to: &terms)
            if kind == .screenWidth { terms.append(SolverTerm(terminalWidth, -1)) }
            if kind == .screenHeight { terms.append(SolverTerm(terminalHeight, -1)) }
            return SolverConstraint(
                SolverExpression(terms: terms, constant: -constant), Self.solverRelation(kind.relation),
                priority: Self.solverPriority(kind.priority))
        }
    }

    /// The terminal's size outranks every preference a spec can state (even
    /// `@999`) and gives way only to required rules.
    static let terminalPriority = SolverPriority.aboveAllPreferences

    static func solverPriority(_ priority: LayoutPriority) -> SolverPriority {
        SolverPriority(priority.value)
    }

    static func solverRelation(_ relation: LayoutSpec.Relation) -> SolverRelation {
        switch relation {
        case .equal: .equal
        case .greaterOrEqual: .greaterThanOrEqual
        case .lessOrEqual: .lessThanOrEqual
        }
    }

    // MARK: Solver operations

    /// Takes a constraint out of the solver, if it is in. The slot's handle is
    /// released; callers replace or re-state the slot.
    mutating func retire(_ slot: ConstraintSlot, ref: ConstraintRef) {
        guard slot.state == .active, let constraint = pool[slot.handle] else { return }
        try? solver.remove(constraint)
        owners?[constraint] = nil
        pool.release(slot.handle)
    }

    /// The solver constraint of an active engine constraint.
    func activeConstraint(_ ref: ConstraintRef) -> SolverConstraint? {
        let current = slot(ref)
        return current.state == .active ? pool[current.handle] : nil
    }

    /// Adds a pending (or broken, being retried) constraint. When it conflicts, the
    /// member of the conflict edited most recently is broken, which may be this one.
    mutating func activate(_ ref: ConstraintRef) {
        var current = slot(ref)
        guard let constant = current.constant else { return }
        let constraint = solverConstraint(for: ref, constant: constant)
        current.handle = -1
        // Each round breaks one other constraint, so this ends; the bound is a guard.
        for _ in 0..<64 {
            do {
                try solver.add(constraint)
                current.state = .active
                current.handle = pool.store(constraint)
                setSlot(ref, current)
                owners?[constraint] = ref
                return
            } catch SolverError.unsatisfiable(_, let conflict) {
                if breakMember(of: conflict, newcomer: constraint, ref: ref) == ref { break }
            } catch {
                current.state = .inactive(.nonFinite)
                setSlot(ref, current)
                return
            }
        }
        current.state = .broken
        setSlot(ref, current)
    }

    /// Gives an active constraint its slot's new constant in place. When the new
    /// constant conflicts, the member edited most recently is broken.
    mutating func updateConstant(_ ref: ConstraintRef) {
        var current = slot(ref)
        guard current.state == .active, let constraint = pool[current.handle], let constant = current.constant else {
            return
        }
        for _ in 0..<64 {
            do {
                try solver.setConstant(constant, of: constraint)
                return
            } catch SolverError.unsatisfiable(_, let conflict) {
                if breakMember(of: conflict, newcomer: constraint, ref: ref) == ref { break }
            } catch {
                break
            }
        }
        try? solver.remove(constraint)
        owners?[constraint] = nil
        pool.release(current.handle)
        current.handle = -1
        current.state = .broken
        setSlot(ref, current)
    }

    /// Records a conflict and picks the member to break: the one edited most recently
    /// (highest generation), ties going to the later one in spec order. A member
    /// other than `ref` is taken out of the solver here; `ref` is left to the caller.
    private mutating func breakMember(of conflict: [SolverConstraint], newcomer: SolverConstraint, ref: ConstraintRef)
        -> ConstraintRef
    {
        var members: [ConstraintRef] = []
        for constraint in conflict {
            let member = constraint == newcomer ? ref : owner(of: constraint)
            if let member, !members.contains(member) { members.append(member) }
        }
        if !members.contains(ref) { members.append(ref) }
        members.sort { orderKey($0) < orderKey($1) }
        var victim = members[0]
        for member in members.dropFirst() {
            let a = slot(member).generation, b = slot(victim).generation
            if a > b || (a == b && orderKey(victim) < orderKey(member)) { victim = member }
        }
        conflictRecords.append(ConflictRecord(members: members, broken: victim))
        if victim != ref {
            var broken = slot(victim)
            retire(broken, ref: victim)
            broken.handle = -1
            broken.state = .broken
            setSlot(victim, broken)
        }
        return victim
    }

    /// The engine constraint behind a solver constraint.
    mutating func owner(of constraint: SolverConstraint) -> ConstraintRef? {
        if owners == nil {
            var map: [SolverConstraint: ConstraintRef] = [:]
            for (index, slot) in specSlots.enumerated() where slot.state == .active {
                if let constraint = pool[slot.handle] { map[constraint] = .spec(index) }
            }
            for (view, state) in viewStates.enumerated() {
                for implicit in state.implicit where implicit.slot.state == .active {
                    if let constraint = pool[implicit.slot.handle] {
                        map[constraint] = .implicit(view: view, kind: implicit.kind)
                    }
                }
            }
            owners = map
        }
        return owners![constraint]
    }
}
