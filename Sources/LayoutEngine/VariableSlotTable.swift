/// Which view's four variables a solver variable is: every `ViewVariables`
/// by its key, and a hash index from a variable to its key and slot.
///
/// Instead of a `[SolverVariable: KeySlot]` dictionary: that stores each
/// variable again (an id and a name, 24 bytes) next to its 8-byte answer, 2 MB
/// at the render's peak for 10,000 views. Here the index holds one 32-bit word
/// per entry, `key << 2 | slot`, and a probe confirms a match by reading the
/// variable from the view's variables, which the registry keeps anyway.
/// Open addressing with linear probing; a removed entry leaves a marker that
/// probes step over until the next rebuild.
struct VariableSlotTable: Sendable {
    /// Per key, the view's variables; nil once removed.
    private var byKey: [ViewVariables?] = []
    /// `key << 2 | slot`, or `Self.empty` / `Self.removed`. A power of two long.
    private var entries: [Int32] = []
    /// Entries not empty (live and removed): what probes walk over.
    private var occupied = 0
    /// Live entries.
    private(set) var count = 0

    private static let empty: Int32 = -1
    private static let removed: Int32 = -2

    /// The key the next `insert` must carry.
    var nextKey: Int { byKey.count }

    /// Room for `views` more views' variables without a rebuild on the way.
    mutating func reserveCapacity(forAddingViews views: Int) {
        let needed = occupied + 4 * views
        if needed * 4 > entries.count * 3 { rebuild(forEntries: count + 4 * views) }
    }

    /// Adds a view's four variables; `variables.key` must be `nextKey`.
    mutating func insert(_ variables: ViewVariables) {
        precondition(variables.key == byKey.count && variables.key < Int(Int32.max >> 2), "keys are handed out in order")
        if (occupied + 4) * 4 > entries.count * 3 { rebuild(forEntries: count + 4) }
        byKey.append(variables)
        for slot in 0..<4 { place(Int32(variables.key << 2 | slot), hash: variables.variable(slot: slot).hashValue) }
        count += 4
    }

    /// Forgets a view's four variables (its key is never used again).
    mutating func remove(_ variables: ViewVariables) {
        for slot in 0..<4 {
            guard let position = position(of: variables.variable(slot: slot)) else { continue }
            entries[position] = Self.removed
            count -= 1
        }
        byKey[variables.key] = nil
    }

    /// The key and slot of a view's variable, or nil for any other variable.
    func keyAndSlot(of variable: SolverVariable) -> (key: Int, slot: Int)? {
        guard let position = position(of: variable) else { return nil }
        let packed = Int(entries[position])
        return (packed >> 2, packed & 3)
    }

    /// Where `variable`'s entry is, probing from its hash.
    private func position(of variable: SolverVariable) -> Int? {
        guard !entries.isEmpty else { return nil }
        let mask = entries.count - 1
        var position = variable.hashValue & mask
        while true {
            let packed = entries[position]
            if packed == Self.empty { return nil }
            if packed >= 0, let owner = byKey[Int(packed) >> 2], owner.variable(slot: Int(packed) & 3) == variable {
                return position
            }
            position = (position + 1) & mask
        }
    }

    /// Puts an entry in the first free place from `hash` (there is one: the
    /// table is never more than three quarters occupied).
    private mutating func place(_ packed: Int32, hash: Int) {
        let mask = entries.count - 1
        var position = hash & mask
        while entries[position] >= 0 { position = (position + 1) & mask }
        if entries[position] == Self.empty { occupied += 1 }
        entries[position] = packed
    }

    /// A table big enough for `live` entries at most three quarters full,
    /// filled again from `byKey` (which drops the removed markers).
    private mutating func rebuild(forEntries live: Int) {
        var capacity = 16
        while live * 4 > capacity * 3 { capacity *= 2 }
        entries = [Int32](repeating: Self.empty, count: capacity)
        occupied = 0
        for case let variables? in byKey {
            for slot in 0..<4 { place(Int32(variables.key << 2 | slot), hash: variables.variable(slot: slot).hashValue) }
        }
    }
}
