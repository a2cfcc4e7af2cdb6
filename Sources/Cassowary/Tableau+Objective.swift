// The lexicographic objective: one level per priority in use, highest first.
// A symbol's reduced cost is the vector of its coefficients at those levels,
// compared lexicographically, so no number of violations at a lower priority
// ever outweighs one at a higher priority.
//
// The vector is stored sparsely, per symbol: only the levels where the
// coefficient is non-zero, highest priority first, keyed by the priority's
// rank. A symbol usually has a cost at one or two levels, so a reduced cost
// is one short read and nothing grows with the number of levels in use
// (a dense symbol × level matrix made 999 distinct priorities cubic).

/// One non-zero component of a symbol's reduced cost.
struct LevelCost: Sendable, Equatable {
    /// The priority's rank (`Priority.rank`); higher ranks come first.
    var rank: Int32
    var coefficient: Double

    static let none = LevelCost(rank: 0, coefficient: 0)
}

/// A symbol's reduced cost: its non-zero components, highest level first.
/// Up to two live inline, which is the common case (a preference's error has
/// a cost at its own level, a variable at the levels of the one or two
/// preferences on it); a longer list lives in `Tableau.costSpill`. The type
/// is plain data, so reading a reduced cost never allocates nor counts
/// references, and giving a symbol its first cost allocates nothing (a heap
/// list per symbol cost builds 10-25% of their time, measured in
/// instructions, and a reference count per entry of a long row in the dual
/// ratio test).
///
/// The inline components are stored field by field (ranks, then
/// coefficients) so that no padding follows each 4-byte rank: 32 bytes a
/// symbol instead of 40, on an array with one entry per symbol (5 MB of a
/// 10,000-view layout's heap before).
struct ReducedCost: Sendable, Equatable {
    /// Number of components; above 2 they are all in `costSpill[spill]`.
    var count: Int32
    var spill: Int32
    private var firstRank: Int32
    private var secondRank: Int32
    private var firstCoefficient: Double
    private var secondCoefficient: Double

    static let inlineCapacity: Int32 = 2

    init(count: Int32 = 0, spill: Int32 = -1, first: LevelCost = .none, second: LevelCost = .none) {
        self.count = count
        self.spill = spill
        firstRank = first.rank
        secondRank = second.rank
        firstCoefficient = first.coefficient
        secondCoefficient = second.coefficient
    }

    var first: LevelCost {
        get { LevelCost(rank: firstRank, coefficient: firstCoefficient) }
        set { firstRank = newValue.rank; firstCoefficient = newValue.coefficient }
    }

    var second: LevelCost {
        get { LevelCost(rank: secondRank, coefficient: secondCoefficient) }
        set { secondRank = newValue.rank; secondCoefficient = newValue.coefficient }
    }

    /// Component `k` (0 or 1) of a cost stored inline.
    subscript(inline k: Int) -> LevelCost {
        get { k == 0 ? first : second }
        set { if k == 0 { first = newValue } else { second = newValue } }
    }
}

/// Every symbol's reduced cost, indexed by symbol id like an array, but
/// stored only for the symbols whose cost is not zero. Most symbols of a
/// layout are basic or have no cost at any level, yet one `ReducedCost` per
/// symbol took 32 bytes each (4.2 MB of the 10,000-view render's heap): a
/// symbol now keeps a 4-byte index into `entries` (-1: no cost), and an entry
/// is taken when its cost becomes non-zero and given back when it is zero
/// again (slots are reused; which slot a symbol gets never shows, since
/// everything reads through the symbol).
struct CostTable: RandomAccessCollection, Equatable, Sendable {
    /// Per symbol, its entry in `entries`, or -1 when its cost is zero.
    private var slot: [Int32] = []
    private var entries: [ReducedCost] = []
    private var freeEntries: [Int32] = []

    var startIndex: Int { 0 }
    var endIndex: Int { slot.count }

    /// The reduced cost of symbol `s`; storing a cost with no components
    /// gives its entry back.
    subscript(s: Int) -> ReducedCost {
        get {
            let e = slot[s]
            return e < 0 ? ReducedCost() : entries[Int(e)]
        }
        set {
            let e = slot[s]
            if e >= 0 {
                if newValue.count != 0 {
                    entries[Int(e)] = newValue
                } else {
                    entries[Int(e)] = ReducedCost()
                    freeEntries.append(e)
                    slot[s] = -1
                }
            } else if newValue.count != 0 {
                slot[s] = take(newValue)
            }
        }
    }

    /// Stores `cost` in a free entry (or a new one) and returns its index.
    private mutating func take(_ cost: ReducedCost) -> Int32 {
        if let reused = freeEntries.popLast() {
            entries[Int(reused)] = cost
            return reused
        }
        entries.append(cost)
        return Int32(entries.count - 1)
    }

    /// Adds a symbol (a new id at the end).
    /// Room for the indexes of `count` symbols (entries are taken as costs appear).
    mutating func reserveCapacity(_ count: Int) { slot.reserveCapacity(count) }

    mutating func append(_ cost: ReducedCost) {
        slot.append(-1)
        self[slot.count - 1] = cost
    }

    /// Drops the last `n` symbols, giving their entries back.
    mutating func removeLast(_ n: Int) {
        for s in (slot.count - n)..<slot.count { self[s] = ReducedCost() }
        slot.removeLast(n)
    }

    /// Entries in use; for tests and statistics.
    var storedCount: Int { entries.count - freeEntries.count }

    /// Same cost for every symbol, whichever entries hold them.
    static func == (a: CostTable, b: CostTable) -> Bool { a.elementsEqual(b) }

    /// Describes broken bookkeeping (an entry shared, free and taken, or
    /// stored for a zero cost); empty when consistent.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var taken = [Bool](repeating: false, count: entries.count)
        for s in slot.indices where slot[s] >= 0 {
            let e = Int(slot[s])
            if taken[e] { problems.append("cost entry \(e) shared") }
            taken[e] = true
            if entries[e].count == 0 { problems.append("cost entry \(e) of symbol \(s) stored for a zero cost") }
        }
        for e in freeEntries where taken[Int(e)] { problems.append("cost entry \(e) free and taken") }
        if taken.count(where: { $0 }) + freeEntries.count != entries.count { problems.append("cost entries leaked") }
        return problems
    }
}

extension Tableau {
    /// Number of levels where `s` has a non-zero cost.
    @inline(__always) func costCount(_ s: Int32) -> Int { Int(objectiveCosts[Int(s)].count) }

    /// Component `k` (0 = highest level) of the reduced cost of `s`.
    @inline(__always) func costComponent(_ s: Int32, _ k: Int) -> LevelCost {
        let r = objectiveCosts[Int(s)]
        if r.count <= ReducedCost.inlineCapacity { return r[inline: k] }
        return costSpill[Int(r.spill)][k]
    }

    /// Coefficient of `s` at the level of priority `rank` (its reduced cost there).
    @inline(__always) func cost(_ s: Int32, rank: Int32) -> Double {
        for k in 0..<costCount(s) {
            let c = costComponent(s, k)
            if c.rank == rank { return c.coefficient }
            if c.rank < rank { break }
        }
        return 0
    }

    /// Notes that one more (`delta` 1) or one fewer (-1) preference uses the
    /// level of `priority`; `levels` lists the levels in use, for statistics.
    mutating func useLevel(_ priority: Int, by delta: Int) {
        noteObjectiveChange()
        var i = 0
        while i < levels.count && levels[i] > priority { i += 1 }
        if i == levels.count || levels[i] != priority {
            levels.insert(priority, at: i)
            levelUse.insert(0, at: i)
        }
        levelUse[i] += delta
        if levelUse[i] == 0 {
            levels.remove(at: i)
            levelUse.remove(at: i)
        }
    }

    /// Adds `coefficient × symbol` to the objective at `priority`, expanding the
    /// symbol's row when it is basic.
    mutating func addToObjective(priority: Int, symbol: Int32, coefficient: Double) {
        let rank = Int32(priority)
        let rid = symbols[Int(symbol)].row
        if rid >= 0 {
            addScaled(toObjective: rank, rows[Int(rid)], coefficient, skip: -1)
        } else {
            addToCost(rank, symbol, coefficient)
            noteCandidate(symbol)
        }
    }

    /// Adds `delta` to the cost of `s` at level `rank` (a result within the
    /// tolerance of 0 is 0), journaled.
    @inline(__always) mutating func addToCost(_ rank: Int32, _ s: Int32, _ delta: Double) {
        // Most substitutions change a symbol's top level and leave it non-zero:
        // one write in place, no search.
        let top = objectiveCosts[Int(s)]
        if top.count > 0 && top.count <= ReducedCost.inlineCapacity && top.first.rank == rank {
            let c = top.first.coefficient + delta
            if !Tolerance.isZero(c) {
                objectiveCosts[Int(s)].first.coefficient = c
                journal.noteObjectiveWrite(rank, s, top.first.coefficient)
                return
            }
        }
        let old = cost(s, rank: rank)
        var c = old + delta
        if Tolerance.isZero(c) { c = 0 }
        if c != 0 || old != 0 { storeObjective(rank, s, c) }
        journal.noteObjectiveWrite(rank, s, old)
    }

    /// Sets the cost of `s` at level `rank`, journaled.
    @inline(__always) mutating func setObjective(_ rank: Int32, _ s: Int32, _ value: Double) {
        let old = storeObjective(rank, s, value)
        journal.noteObjectiveWrite(rank, s, old)
    }

    /// Stores `value` as the cost of `s` at level `rank` (dropping the entry
    /// when it is 0) and returns the previous cost.
    @discardableResult
    mutating func storeObjective(_ rank: Int32, _ s: Int32, _ value: Double) -> Double {
        var r = objectiveCosts[Int(s)]
        if r.count > ReducedCost.inlineCapacity { return storeSpilled(rank, s, value) }
        let n = Int(r.count)
        var p = 0
        while p < n && r[inline: p].rank > rank { p += 1 }
        if p < n && r[inline: p].rank == rank {
            let old = r[inline: p].coefficient
            if value != 0 {
                r[inline: p].coefficient = value
            } else {
                if p == 0 { r.first = r.second }
                r.second = .none
                r.count -= 1
            }
            objectiveCosts[Int(s)] = r
            return old
        }
        guard value != 0 else { return 0 }
        let entry = LevelCost(rank: rank, coefficient: value)
        if n == Int(ReducedCost.inlineCapacity) {
            var all = [r.first, r.second]
            all.insert(entry, at: p)
            spill(all, of: s)
            return 0
        }
        if p == 0 { r.second = r.first }
        r[inline: p] = entry
        r.count += 1
        objectiveCosts[Int(s)] = r
        return 0
    }

    /// `storeObjective` for a symbol whose costs are spilled; moves them back
    /// inline when they fit again.
    private mutating func storeSpilled(_ rank: Int32, _ s: Int32, _ value: Double) -> Double {
        let slot = Int(objectiveCosts[Int(s)].spill)
        var list: [LevelCost] = []
        swap(&list, &costSpill[slot])
        var p = 0
        while p < list.count && list[p].rank > rank { p += 1 }
        var old = 0.0
        if p < list.count && list[p].rank == rank {
            old = list[p].coefficient
            if value == 0 { list.remove(at: p) } else { list[p].coefficient = value }
        } else if value != 0 {
            list.insert(LevelCost(rank: rank, coefficient: value), at: p)
        }
        if list.count > Int(ReducedCost.inlineCapacity) {
            swap(&list, &costSpill[slot])
            objectiveCosts[Int(s)].count = Int32(costSpill[slot].count)
        } else {
            freeSpill.append(Int32(slot))
            objectiveCosts[Int(s)] = ReducedCost(count: Int32(list.count), spill: -1,
                                                first: list.first ?? .none, second: list.count > 1 ? list[1] : .none)
        }
        return old
    }

    /// Moves the costs of `s` (more than fit inline) into a spill list.
    private mutating func spill(_ list: [LevelCost], of s: Int32) {
        let slot: Int32
        if let free = freeSpill.popLast() {
            slot = free
            costSpill[Int(slot)] = list
        } else {
            slot = Int32(costSpill.count)
            costSpill.append(list)
        }
        objectiveCosts[Int(s)] = ReducedCost(count: Int32(list.count), spill: slot)
    }

    /// Clears every cost of `s` (journaled).
    mutating func clearObjective(of s: Int32) {
        while costCount(s) > 0 { setObjective(costComponent(s, costCount(s) - 1).rank, s, 0) }
    }

    /// Sign of the first non-negligible component of `symbol`'s reduced cost.
    @inline(__always) func reducedCostSign(_ symbol: Int32) -> Int {
        for k in 0..<costCount(symbol) {
            let c = costComponent(symbol, k).coefficient
            if Tolerance.isNegative(c) { return -1 }
            if Tolerance.isPositive(c) { return 1 }
        }
        return 0
    }
}
