import LayoutSpec
import Cassowary
import LayoutSpec

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

/// The engine's record of one constraint across reloads. Plain data (the solver's
/// constraint sits in a `ConstraintPool`), so reloads move thousands of these
/// without reference counting.
struct ConstraintSlot: Sendable {
    /// The solver's constraint in the session's pool while active; -1 otherwise.
    var handle: Int32 = -1
    /// The resolved constant; nil while inactive.
    var constant: Double?
    var state: SlotState
    /// The reload that introduced or last changed the constraint: a conflict
    /// breaks the member edited most recently.
    var generation: Int

    static func pending(_ constant: Double, generation: Int) -> ConstraintSlot {
        ConstraintSlot(constant: constant, state: .pending, generation: generation)
    }

    static func inactive(_ reason: InactiveReason, generation: Int) -> ConstraintSlot {
        ConstraintSlot(constant: nil, state: .inactive(reason), generation: generation)
    }

    var isActive: Bool { state == .active }
}

/// An implicit constraint of one view.
struct ImplicitSlot: Sendable {
    var kind: ImplicitKind
    var slot: ConstraintSlot
    /// The kind's priority, or the one the view sets (a text's hugging and resistance).
    var priority: LayoutPriority
}

/// A conflict the engine resolved: the minimal set of required constraints that
/// could not hold together, and the member it left out.
struct ConflictRecord: Hashable, Sendable {
    var members: [ConstraintRef]
    var broken: ConstraintRef
}

/// Why a constraint was broken, kept until the next apply tries it again: the
/// other members of its conflict as the solver holds them, each with the
/// constant it had, and the broken one's constant. While those members are all
/// still in the solver and still cannot hold together with it, trying it on the
/// whole solver would fail the same way; each failed try is a phase-one
/// simplex through the rows its variables reach, so retrying every broken
/// constraint on every reload was quadratic (issue 26 §2.10).
struct ConflictProof: Sendable {
    var members: [(constraint: Constraint, constant: Double)]
    var constant: Double
}

/// A constraint by what stays the same across reloads (its index does not): a
/// spec constraint's identity, or an implicit one's view id and kind.
enum ProofKey: Hashable, Sendable {
    case spec(ConstraintIdentity)
    case implicit(view: String, kind: ImplicitKind)
}

/// The solver constraints of active slots, by handle: slots stay plain data,
/// and a handle stays valid while the slot moves between reloads.
struct ConstraintPool: Sendable {
    private var items: [SolverConstraint?] = []
    private var free: [Int32] = []

    mutating func store(_ constraint: SolverConstraint) -> Int32 {
        if let handle = free.popLast() {
            items[Int(handle)] = constraint
            return handle
        }
        items.append(constraint)
        return Int32(items.count - 1)
    }

    /// Room for `count` more constraints (a load's batch) and a sixteenth
    /// more for the edits after it, so the pool does not double past what
    /// the batch needs.
    mutating func reserveCapacity(forAdding count: Int) {
        let needed = items.count + max(0, count - free.count)
        if needed > items.capacity { items.reserveCapacity(needed + needed / 16 + 64) }
    }

    subscript(handle: Int32) -> SolverConstraint? {
        handle >= 0 && Int(handle) < items.count ? items[Int(handle)] : nil
    }

    /// The `identity` of the solver constraint at `handle`, if one is there.
    func identity(at handle: Int32) -> Int? {
        handle >= 0 && Int(handle) < items.count ? items[Int(handle)]?.identity : nil
    }

    mutating func release(_ handle: Int32) {
        guard handle >= 0, Int(handle) < items.count, items[Int(handle)] != nil else { return }
        items[Int(handle)] = nil
        free.append(handle)
    }
}
