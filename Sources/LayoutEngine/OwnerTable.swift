/// Which engine constraint owns each active solver constraint, by the solver
/// constraint's `identity`: a hash table of packed refs (four bytes an entry).
///
/// Instead of an `[Int: PackedConstraintRef]` dictionary, which also stored
/// every identity (1.6 MB for 10,000 views, alive at the JSON render's peak).
/// A probe confirms a candidate by asking whether that ref's slot is active
/// with a constraint of the identity sought (`isOwner`), so nothing is ever
/// removed: a retired constraint's entry simply stops matching, and such
/// entries go when the table is next built from the slots (when it is full).
/// Open addressing with linear probing, Fibonacci hashing of the identity.
struct OwnerTable: Sendable {
    /// A packed ref's bits, or `Self.empty`.
    private var entries: [Int32]
    private var occupied = 0
    private let shift: Int

    /// No packed ref has these bits (an implicit ref would need 2^31 / 8 views).
    private static let empty = Int32.min

    /// An empty table with room for `count` entries.
    init(capacity count: Int) {
        var bits = 4
        while count * 4 > (1 << bits) * 3 { bits += 1 }
        entries = [Int32](repeating: Self.empty, count: 1 << bits)
        shift = 64 - bits
    }

    /// Whether one more entry would fill it past three quarters (then build a
    /// bigger one from the slots).
    var isFull: Bool { (occupied + 1) * 4 > entries.count * 3 }

    /// Records `ref` as the owner of the solver constraint `identity`. The
    /// table must not be full.
    mutating func insert(_ ref: PackedConstraintRef, identity: Int) {
        precondition(!isFull, "build a bigger table first")
        var position = start(identity)
        while entries[position] != Self.empty { position = (position + 1) & (entries.count - 1) }
        entries[position] = ref.bits
        occupied += 1
    }

    /// The ref recorded for `identity` that `isOwner` confirms, if any.
    func owner(of identity: Int, isOwner: (ConstraintRef) -> Bool) -> ConstraintRef? {
        var position = start(identity)
        while entries[position] != Self.empty {
            let ref = PackedConstraintRef(bits: entries[position]).ref
            if isOwner(ref) { return ref }
            position = (position + 1) & (entries.count - 1)
        }
        return nil
    }

    private func start(_ identity: Int) -> Int {
        // (`>>` binds tighter than `&*` in Swift.)
        let mixed = UInt64(truncatingIfNeeded: identity) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(shift))
    }
}
