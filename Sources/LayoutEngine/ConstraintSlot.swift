import Cassowary

/// Where an engine constraint comes from: a spec constraint by its index in the
/// applied document, or an implicit one by its view and kind.
enum ConstraintRef: Hashable, Sendable {
    case spec(Int)
    case implicit(view: Int, kind: ImplicitKind)
}

/// Where a constraint stands with the solver.
enum SlotState: Hashable, Sendable {
    /// Waiting to be added (within one reload).
    case pending
    /// In the solver.
    case active
    /// Left out to resolve a conflict; tried again on every reload.
    case broken
    /// Left out because it cannot be stated (an unset style value).
    case inactive(InactiveReason)
}

/// The engine's record of one constraint across reloads.
struct ConstraintSlot: Sendable {
    /// The solver's constraint: in the solver while active, the last one tried while broken.
    var constraint: SolverConstraint?
    /// The resolved constant; nil while inactive.
    var constant: Double?
    var state: SlotState
    /// The reload that introduced or last changed the constraint: a conflict
    /// breaks the member edited most recently.
    var generation: Int

    static func pending(_ constant: Double, generation: Int) -> ConstraintSlot {
        ConstraintSlot(constraint: nil, constant: constant, state: .pending, generation: generation)
    }

    static func inactive(_ reason: InactiveReason, generation: Int) -> ConstraintSlot {
        ConstraintSlot(constraint: nil, constant: nil, state: .inactive(reason), generation: generation)
    }

    var isActive: Bool { state == .active }
}

/// An implicit constraint of one view.
struct ImplicitSlot: Sendable {
    var kind: ImplicitKind
    var slot: ConstraintSlot
}

/// A conflict the engine resolved: the minimal set of required constraints that
/// could not hold together, and the member it left out.
struct ConflictRecord: Hashable, Sendable {
    var members: [ConstraintRef]
    var broken: ConstraintRef
}
