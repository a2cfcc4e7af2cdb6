import Cells
import Cassowary
import Synchronization
import LayoutSpec

/// The applied model as the solver holds it: the solver, the variables of every
/// view, one slot per spec constraint and the implicit constraints of every view,
/// the conflicts met while adding them, and the alternative layout on show.
///
/// Invariants, between any two calls from the session:
/// - `specSlots` has one slot per constraint of the applied document, and
///   `implicitConstraints` one entry per view of it, in the same orders.
/// - A slot is `.active` exactly when its constraint is in `solver`, stored in
///   `pool` under the slot's `handle`; `.pending` lives only within one apply.
/// - `registry.perView` matches the applied document's views.
/// - `conflictRecords` are the conflicts met since the last apply, in order.
/// - `owners`, when built, maps every active solver constraint to its slot.
struct SolverBinding: Sendable {
    /// The solver, boxed: reading a value settles the solver's caches, and the
    /// box lets `read(_:)` do that without `mutating` (see `SolverBox`).
    private var box = SolverBox()
    /// The screen's edit variables: the terminal's size, as a strong preference.
    let terminalWidth = SolverVariable("terminal.width")
    let terminalHeight = SolverVariable("terminal.height")
    /// The terminal's size: suggested to the edit variables, and the floor of
    /// every top-level screen (`screen.min-width`, `screen.min-height`).
    var terminalSize: TerminalSize
    var registry = VariableRegistry()
    /// One slot per spec constraint of the applied document.
    var specSlots: [ConstraintSlot] = []
    var pool = ConstraintPool()
    /// Per view, the constraints the engine adds on its own and what they were made from.
    var implicitConstraints: [ImplicitConstraintState] = []
    /// The views that fill the terminal (top-level screens), for a resize.
    var topLevelScreens: [Int] = []
    var conflictRecords: [ConflictRecord] = []
    /// Why each constraint broken since the last apply was broken (see `ConflictProof`).
    var proofs: [ProofKey: ConflictProof] = [:]
    /// The proofs of the apply before, read while it tries broken constraints again.
    var earlierProofs: [ProofKey: ConflictProof] = [:]
    /// Counts applied changes; constraints remember the one that last touched them.
    var generation = 0
    /// Solver constraint (by `identity`) to engine constraint, built when first
    /// needed (see `Memo`). Keyed by the number, not the constraint: a key of
    /// its own would hold each constraint's expression (8 MB at 10,000 views);
    /// and an `OwnerTable`, not a dictionary, which would also store each number.
    var owners = Memo<OwnerTable>()
    var alternative: AlternativeLayout?
    /// Additions from this many on go into the solver in stages (see
    /// `addInStages`); tests set it to compare both ways.
    var stagingThreshold = SolverBinding.defaultStagingThreshold

    /// The solver, for changes: this copy's box is made its own first.
    var solver: Solver {
        get { box.read { $0 } }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            yield &box.solver
        }
    }

    /// Reads the solver in place; reads may settle its caches (never its solution).
    func read<T: Sendable>(_ body: (inout Solver) -> T) -> T { box.read(body) }

    init(size: TerminalSize) {
        // The terminal's size is the strongest preference, not a requirement: a spec
        // whose required constraints need a larger screen wins (the layout
        // overflows), and the difference is reported. A smaller screen is never
        // an answer: each top-level screen also has a required floor at the
        // terminal's size, so rules that would shrink it conflict with it.
        terminalSize = size
        try? solver.addEditVariable(terminalWidth, priority: Self.terminalPriority)
        try? solver.addEditVariable(terminalHeight, priority: Self.terminalPriority)
        suggest(size)
    }

    /// The terminal's size outranks every preference a spec can state (even
    /// `@999`) and gives way only to required rules.
    static let terminalPriority = SolverPriority.aboveAllPreferences

    /// Gives the screen's edit variables a terminal size.
    mutating func suggest(_ size: TerminalSize) {
        try? solver.suggestValue(terminalWidth, Double(size.width))
        try? solver.suggestValue(terminalHeight, Double(size.height))
    }

    // MARK: Slots

    /// The priority of an engine constraint: its kind's, or what the view sets.
    func priority(ofImplicit view: Int, _ kind: ImplicitKind) -> LayoutPriority {
        implicitConstraints[view].slots.first { $0.kind == kind }?.priority ?? kind.priority
    }

    func slot(_ ref: ConstraintRef) -> ConstraintSlot {
        switch ref {
        case .spec(let index):
            return specSlots[index]
        case .implicit(let view, let kind):
            return implicitConstraints[view].slots.first { $0.kind == kind }?.slot
                ?? .inactive(.nonFinite, generation: 0)
        }
    }

    mutating func setSlot(_ ref: ConstraintRef, _ slot: ConstraintSlot) {
        switch ref {
        case .spec(let index):
            specSlots[index] = slot
        case .implicit(let view, let kind):
            if let position = implicitConstraints[view].slots.firstIndex(where: { $0.kind == kind }) {
                implicitConstraints[view].slots[position].slot = slot
            }
        }
    }

    mutating func setState(of ref: ConstraintRef, to state: SlotState) {
        var current = slot(ref)
        current.state = state
        setSlot(ref, current)
    }

    /// Every engine constraint of `document`, in spec order.
    func allRefs(in document: LayoutDocument) -> [ConstraintRef] {
        var refs: [ConstraintRef] = []
        refs.reserveCapacity(specSlots.count + implicitConstraints.count)
        for viewIndex in document.views.indices {
            for implicit in implicitConstraints[viewIndex].slots where implicit.kind.isScreen {
                refs.append(.implicit(view: viewIndex, kind: implicit.kind))
            }
            for index in document.views[viewIndex].constraintRange { refs.append(.spec(index)) }
            for implicit in implicitConstraints[viewIndex].slots where !implicit.kind.isScreen {
                refs.append(.implicit(view: viewIndex, kind: implicit.kind))
            }
        }
        return refs
    }

    // MARK: Reading the solution

    /// A view's frame as the solver has it now.
    func solvedFrame(_ view: Int) -> ExactFrame {
        read { solver in Self.frame(of: registry.variables(ofView: view), in: &solver) }
    }

    /// The frames of several views as the solver has them now.
    func solvedFrames(_ views: [Int]) -> [ExactFrame] {
        read { solver in views.map { Self.frame(of: registry.variables(ofView: $0), in: &solver) } }
    }

    private static func frame(of variables: ViewVariables, in solver: inout Solver) -> ExactFrame {
        ExactFrame(
            left: solver.value(of: variables.left), top: solver.value(of: variables.top),
            width: solver.value(of: variables.width), height: solver.value(of: variables.height))
    }

    /// Marks the views whose variables the solver changed since last asked;
    /// returns them (in the solver's order, possibly repeated).
    @discardableResult
    mutating func markMovedViews(_ dirty: inout DirtyViews) -> [Int] {
        var touched: [Int] = []
        // Streamed: a load changes every variable, and their list was alive
        // at the render's peak. (A copy of the registry: the closure may not
        // read `self` while the solver in it is being changed.)
        let registry = self.registry
        solver.takeChangedVariables { variable in
            guard let slot = registry.slot(of: variable) else { return }
            dirty.mark(slot.view)
            touched.append(slot.view)
        }
        return touched
    }

    /// The solver constraint of an active engine constraint.
    func activeConstraint(_ ref: ConstraintRef) -> SolverConstraint? {
        let current = slot(ref)
        return current.state == .active ? pool[current.handle] : nil
    }

    /// The engine constraint behind a solver constraint.
    func owner(of constraint: SolverConstraint) -> ConstraintRef? {
        let identity = constraint.identity
        return owners.value(orMake: ownerMap).owner(of: identity) { isActive($0, as: identity) }
    }

    /// Whether `ref`'s slot is active with the solver constraint `identity`.
    private func isActive(_ ref: ConstraintRef, as identity: Int) -> Bool {
        switch ref {
        case .spec(let index): guard index < specSlots.count else { return false }
        case .implicit(let view, _): guard view < implicitConstraints.count else { return false }
        }
        let current = slot(ref)
        return current.state == .active && pool.identity(at: current.handle) == identity
    }

    /// The owners of every active constraint, from the slots.
    private func ownerMap() -> OwnerTable {
        var active = 0
        for slot in specSlots where slot.state == .active { active += 1 }
        for state in implicitConstraints {
            for implicit in state.slots where implicit.slot.state == .active { active += 1 }
        }
        // Room for the edits after it before a rebuild.
        var table = OwnerTable(capacity: active + active / 4 + 16)
        for (index, slot) in specSlots.enumerated() where slot.state == .active {
            if let identity = pool.identity(at: slot.handle) { table.insert(PackedConstraintRef(.spec(index)), identity: identity) }
        }
        for (view, state) in implicitConstraints.enumerated() {
            for implicit in state.slots where implicit.slot.state == .active {
                if let identity = pool.identity(at: implicit.slot.handle) {
                    table.insert(PackedConstraintRef(.implicit(view: view, kind: implicit.kind)), identity: identity)
                }
            }
        }
        return table
    }

    /// Called before a change to the solver or the slots: from here on this
    /// copy's owner map is its own (see `Memo`).
    mutating func ownOwnerMap() {
        if !isKnownUniquelyReferenced(&owners) { owners = owners.copy() }
    }

    /// Records the owner of a constraint just made active in a built owner
    /// map, which this copy then owns alone. With nil (a constraint that left
    /// the solver) nothing is recorded: its entry no longer matches (`OwnerTable`).
    mutating func noteOwner(_ ref: ConstraintRef?, of constraint: SolverConstraint) {
        guard let ref, let isFull = owners.read(\.isFull) else { return }
        if !isKnownUniquelyReferenced(&owners) { owners = owners.copy() }
        if isFull {
            // Built from the slots, which already hold this constraint.
            owners = Memo(ownerMap())
            return
        }
        owners.update { $0.insert(PackedConstraintRef(ref), identity: constraint.identity) }
    }
}

/// A `ConstraintRef` in four bytes, for the owner map's values and a load's
/// list of additions (tens of thousands of entries): a spec
/// constraint's index as it is, an implicit one as a negative number made of
/// its view and kind.
struct PackedConstraintRef: Hashable, Sendable {
    let bits: Int32

    /// The ref whose `bits` these are.
    init(bits: Int32) { self.bits = bits }

    init(_ ref: ConstraintRef) {
        switch ref {
        case .spec(let index): bits = Int32(index)
        case .implicit(let view, let kind): bits = -Int32(view * Self.kinds + kind.rawValue) - 1
        }
    }

    var ref: ConstraintRef {
        if bits >= 0 { return .spec(Int(bits)) }
        let packed = Int(-(bits + 1))
        return .implicit(view: packed / Self.kinds, kind: ImplicitKind(rawValue: packed % Self.kinds)!)
    }

    private static let kinds = ImplicitKind.allCases.count
}

/// The solver of one or more `SolverBinding` copies with the same state.
///
/// Reads settle the solver's lazy caches in place, under `lock`, so copies
/// sharing the box may read from two threads. Changes go through
/// `SolverBinding.solver`, which first gives its copy a box of its own; then no
/// other copy can see the box, and the change needs no lock. That is why the
/// unchecked `Sendable` is sound.
final class SolverBox: @unchecked Sendable {
    var solver: Solver
    private let lock = Mutex(())

    init(_ solver: Solver = Solver()) {
        self.solver = solver
    }

    func read<T: Sendable>(_ body: (inout Solver) -> T) -> T {
        lock.withLock { _ in body(&solver) }
    }

    func copy() -> SolverBox { SolverBox(read { $0 }) }
}

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

extension AppliedModel {
    /// Where an engine constraint of this model sits in spec order.
    func orderKey(_ ref: ConstraintRef) -> OrderKey {
        switch ref {
        case .spec(let index):
            return OrderKey(view: constraintViews[index], group: 1, index: index)
        case .implicit(let view, let kind):
            return OrderKey(view: view, group: kind.isScreen ? 0 : 2, index: kind.rawValue)
        }
    }

    /// Engine constraints sorted into spec order.
    func inSpecOrder(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        inSpecOrder(refs, ref: { $0 })
    }

    /// Packed engine constraints sorted into spec order.
    func inSpecOrder(_ refs: [PackedConstraintRef]) -> [PackedConstraintRef] {
        inSpecOrder(refs, ref: \.ref)
    }

    private func inSpecOrder<Element>(_ refs: [Element], ref: (Element) -> ConstraintRef) -> [Element] {
        // Additions mostly come in spec order already (a load, a view added):
        // a pass to check is cheaper than sorting thousands of keys.
        var previous: OrderKey?
        var sorted = true
        for element in refs {
            let key = orderKey(ref(element))
            if let previous, key < previous {
                sorted = false
                break
            }
            previous = key
        }
        if sorted { return refs }
        return refs.map { (key: orderKey(ref($0)), element: $0) }.sorted { $0.key < $1.key }.map(\.element)
    }
}
