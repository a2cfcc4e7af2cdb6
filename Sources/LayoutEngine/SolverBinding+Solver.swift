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
    /// `retrying`: `ref` was broken and is tried again; on a tie it is the one
    /// broken again, so a retry never breaks a member that is as old as it is
    /// (one tie after another broke a row of unchanged constraints, one failing
    /// phase one each).
    mutating func activate(_ ref: ConstraintRef, in model: AppliedModel, retrying: Bool = false) {
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
                if breakMember(of: conflict, newcomer: constraint, ref: ref, retrying: retrying, in: model) == ref { break }
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
    /// (highest generation), ties going to the later one in spec order, never the
    /// screen's own while another member can go (`isUnbreakable`). A member
    /// other than `ref` is taken out of the solver here; `ref` is left to the caller.
    private mutating func breakMember(
        of conflict: [SolverConstraint], newcomer: SolverConstraint, ref: ConstraintRef, retrying: Bool = false,
        in model: AppliedModel
    ) -> ConstraintRef {
        var members: [ConstraintRef] = []
        for constraint in conflict {
            let member = constraint == newcomer ? ref : owner(of: constraint)
            if let member, !members.contains(member) { members.append(member) }
        }
        if !members.contains(ref) { members.append(ref) }
        members.sort { model.orderKey($0) < model.orderKey($1) }
        let candidates = members.filter { !Self.isUnbreakable($0) }
        let eligible = candidates.isEmpty ? members : candidates
        var victim = eligible[0]
        for member in eligible.dropFirst() {
            let a = slot(member).generation, b = slot(victim).generation
            if a > b || (a == b && model.orderKey(victim) < model.orderKey(member)) { victim = member }
        }
        if retrying, slot(ref).generation >= slot(victim).generation { victim = ref }
        conflictRecords.append(ConflictRecord(members: members, broken: victim))
        recordProof(of: victim, conflict: conflict, newcomer: (newcomer, ref), in: model)
        if victim != ref {
            var broken = slot(victim)
            retire(broken, ref: victim)
            broken.handle = -1
            broken.state = .broken
            setSlot(victim, broken)
        }
        return victim
    }

    /// Keeps why `victim` was broken: the other members of `conflict` (the
    /// newcomer among them when it is not the victim) with their constants.
    private mutating func recordProof(
        of victim: ConstraintRef, conflict: [SolverConstraint], newcomer: (constraint: SolverConstraint, ref: ConstraintRef),
        in model: AppliedModel
    ) {
        guard let constant = slot(victim).constant else { return }
        var members: [(constraint: SolverConstraint, constant: Double)] = []
        for constraint in conflict {
            let member = constraint == newcomer.constraint ? newcomer.ref : owner(of: constraint)
            guard let member else { return }   // not the engine's: no proof
            guard member != victim else { continue }
            guard let memberConstant = slot(member).constant else { return }
            members.append((constraint, memberConstant))
        }
        proofs[proofKey(victim, in: model)] = ConflictProof(members: members, constant: constant)
    }

    /// Whether `ref`, broken at the last apply, is broken still, known without
    /// a try on the whole solver: every other member of the conflict that broke
    /// it is still in the solver, and either nothing in the conflict moved (a
    /// try could only fail the same way: the members are a part of what the
    /// solver holds), or the members and `ref` at today's constants still cannot
    /// hold together on a solver of just them and `ref` is the member edited
    /// most recently (the one a try would break). Then its conflict is reported
    /// again. Otherwise it is tried for real. A failing try is a phase-one
    /// simplex through every row its variables reach, so trying every broken
    /// constraint on every reload was quadratic and worse (issue 26 §2.10).
    mutating func conflictStillStands(_ ref: ConstraintRef, in model: AppliedModel) -> Bool {
        let key = proofKey(ref, in: model)
        guard let proof = earlierProofs[key], let constant = slot(ref).constant else { return false }
        var members: [ConstraintRef] = [ref]
        var current: [(constraint: SolverConstraint, constant: Double)] = []
        var moved = constant != proof.constant
        for (constraint, old) in proof.members {
            guard let member = owner(of: constraint), slot(member).state == .active, let now = slot(member).constant
            else { return false }
            if now != old { moved = true }
            if !members.contains(member) { members.append(member) }
            current.append((constraint, now))
        }
        if moved {
            let newest = members.dropFirst().map { slot($0).generation }.max() ?? Int.min
            guard slot(ref).generation >= newest, stillConflict(ref, constant: constant, with: members.dropFirst(), in: model)
            else { return false }
        }
        members.sort { model.orderKey($0) < model.orderKey($1) }
        conflictRecords.append(ConflictRecord(members: members, broken: ref))
        proofs[key] = ConflictProof(members: current, constant: constant)
        return true
    }

    /// Whether `ref` at `constant` cannot hold together with `members` at their
    /// constants, on a solver of just them.
    private mutating func stillConflict(
        _ ref: ConstraintRef, constant: Double, with members: ArraySlice<ConstraintRef>, in model: AppliedModel
    ) -> Bool {
        var scratch = Solver()
        do {
            for member in members {
                guard let memberConstant = slot(member).constant else { return false }
                try scratch.add(solverConstraint(for: member, constant: memberConstant, in: model))
            }
            try scratch.add(solverConstraint(for: ref, constant: constant, in: model))
        } catch SolverError.unsatisfiable {
            return true
        } catch {
            return false
        }
        return false
    }

    /// What a constraint is called in `proofs`: what stays the same across reloads.
    func proofKey(_ ref: ConstraintRef, in model: AppliedModel) -> ProofKey {
        switch ref {
        case .spec(let index): .spec(model.document.constraints[index].identity)
        case .implicit(let view, let kind): .implicit(view: model.document.views[view].id, kind: kind)
        }
    }

    /// Whether `ref` is broken for the reason an equal constraint tried earlier
    /// in this apply was: the same equation (terms, relation, constant and
    /// priority), so the same members make it fail, and no member is newer than
    /// `ref`, so it is the one broken again. Then the conflict is reported with
    /// `ref` in that constraint's place, without a try on the whole solver.
    mutating func brokenLikeAnEqualConstraint(
        _ ref: ConstraintRef, _ tried: [EquationKey: (generation: Int, proof: ConflictProof)], in model: AppliedModel
    ) -> Bool {
        guard !tried.isEmpty, let constant = slot(ref).constant else { return false }
        let key = EquationKey(solverConstraint(for: ref, constant: constant, in: model))
        guard let earlier = tried[key], slot(ref).generation >= earlier.generation else { return false }
        var members: [ConstraintRef] = [ref]
        for (constraint, old) in earlier.proof.members {
            guard let member = owner(of: constraint), slot(member).state == .active, slot(member).constant == old
            else { return false }
            if !members.contains(member) { members.append(member) }
        }
        members.sort { model.orderKey($0) < model.orderKey($1) }
        conflictRecords.append(ConflictRecord(members: members, broken: ref))
        proofs[proofKey(ref, in: model)] = ConflictProof(members: earlier.proof.members, constant: constant)
        return true
    }
}

/// A constraint's equation, to tell equal constraints (copies of one rule) apart
/// from the rest: the solver's terms, relation, constant and priority.
struct EquationKey: Hashable {
    var terms: [SolverTerm]
    var constant: Double
    var relation: SolverRelation
    var priority: SolverPriority

    init(_ constraint: SolverConstraint) {
        terms = constraint.expression.terms
        constant = constraint.expression.constant
        relation = constraint.relation
        priority = constraint.priority
    }
}
