import Cassowary
import LayoutSpec

// Moving single engine constraints in and out of the solver, and resolving
// the conflicts that come up on the way.

extension SolverBinding {
    // MARK: Building solver constraints

    mutating func solverConstraint(for ref: ConstraintRef, constant: Double, in model: AppliedModel) -> SolverConstraint {
        var terms: [SolverTerm] = []
        switch ref {
        case .spec(let index):
            return solverConstraint(for: model.document.constraints[index], constant: constant, index: model.document.viewIndex)
        case .implicit(let view, let kind):
            registry.variables(ofView: view).append(kind.attribute, times: 1, to: &terms)
            if kind == .screenWidth { terms.append(SolverTerm(terminalWidth, -1)) }
            if kind == .screenHeight { terms.append(SolverTerm(terminalHeight, -1)) }
            return SolverConstraint(
                SolverExpression(terms: terms, constant: -constant), Self.solverRelation(kind.relation),
                priority: Self.solverPriority(priority(ofImplicit: view, kind)))
        }
    }

    /// A spec constraint as the solver states it. The constraint is borrowed
    /// from the document's array, not copied (a copy retains its strings and
    /// arrays, tens of thousands of times on a load).
    private mutating func solverConstraint(
        for constraint: borrowing LayoutConstraint, constant: Double, index viewIndex: [String: Int]
    ) -> SolverConstraint {
        var terms: [SolverTerm] = []
        registry.append(constraint.left, times: 1, index: viewIndex, to: &terms)
        for term in constraint.right.terms {
            registry.append(term.variable, times: -term.coefficient, index: viewIndex, to: &terms)
        }
        return SolverConstraint(
            SolverExpression(terms: terms, constant: -constant), Self.solverRelation(constraint.relation),
            priority: Self.solverPriority(constraint.priority))
    }

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
        noteOwner(nil, of: constraint)
        pool.release(slot.handle)
    }

    /// Adds a pending (or broken, being retried) constraint. When it conflicts, the
    /// member of the conflict edited most recently is broken, which may be this one.
    mutating func activate(_ ref: ConstraintRef, in model: AppliedModel) {
        var current = slot(ref)
        guard let constant = current.constant else { return }
        let constraint = solverConstraint(for: ref, constant: constant, in: model)
        current.handle = -1
        // Each round breaks one other constraint, so this ends; the bound is a guard.
        for _ in 0..<64 {
            do {
                try solver.add(constraint)
                current.state = .active
                current.handle = pool.store(constraint)
                setSlot(ref, current)
                noteOwner(ref, of: constraint)
                return
            } catch SolverError.unsatisfiable(_, let conflict) {
                if breakMember(of: conflict, newcomer: constraint, ref: ref, in: model) == ref { break }
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
    mutating func updateConstant(_ ref: ConstraintRef, in model: AppliedModel) {
        var current = slot(ref)
        guard current.state == .active, let constraint = pool[current.handle], let constant = current.constant else {
            return
        }
        for _ in 0..<64 {
            do {
                try solver.setConstant(constant, of: constraint)
                return
            } catch SolverError.unsatisfiable(_, let conflict) {
                if breakMember(of: conflict, newcomer: constraint, ref: ref, in: model) == ref { break }
            } catch {
                break
            }
        }
        try? solver.remove(constraint)
        noteOwner(nil, of: constraint)
        pool.release(current.handle)
        current.handle = -1
        current.state = .broken
        setSlot(ref, current)
    }

    /// Records a conflict and picks the member to break: the one edited most recently
    /// (highest generation), ties going to the later one in spec order. A member
    /// other than `ref` is taken out of the solver here; `ref` is left to the caller.
    private mutating func breakMember(
        of conflict: [SolverConstraint], newcomer: SolverConstraint, ref: ConstraintRef, in model: AppliedModel
    ) -> ConstraintRef {
        var members: [ConstraintRef] = []
        for constraint in conflict {
            let member = constraint == newcomer ? ref : owner(of: constraint)
            if let member, !members.contains(member) { members.append(member) }
        }
        if !members.contains(ref) { members.append(ref) }
        members.sort { model.orderKey($0) < model.orderKey($1) }
        var victim = members[0]
        for member in members.dropFirst() {
            let a = slot(member).generation, b = slot(victim).generation
            if a > b || (a == b && model.orderKey(victim) < model.orderKey(member)) { victim = member }
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
}
