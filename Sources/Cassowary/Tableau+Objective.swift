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
}

extension Tableau {
    /// Coefficient of `s` at the level of priority `rank` (its reduced cost there).
    @inline(__always) func cost(_ s: Int32, rank: Int32) -> Double {
        for c in objectiveCosts[Int(s)] {
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
    /// tolerance of 0 is 0), journaled; one pass over the symbol's short list,
    /// taken out of `objectiveCosts` while it is edited.
    @inline(__always) mutating func addToCost(_ rank: Int32, _ s: Int32, _ delta: Double) {
        var list: [LevelCost] = []
        swap(&list, &objectiveCosts[Int(s)])
        var p = 0
        while p < list.count && list[p].rank > rank { p += 1 }
        let old: Double
        if p < list.count && list[p].rank == rank {
            old = list[p].coefficient
            let c = old + delta
            if Tolerance.isZero(c) { list.remove(at: p) } else { list[p].coefficient = c }
        } else {
            old = 0
            if !Tolerance.isZero(delta) { list.insert(LevelCost(rank: rank, coefficient: 0 + delta), at: p) }
        }
        swap(&list, &objectiveCosts[Int(s)])
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
        let i = Int(s)
        var p = 0
        let n = objectiveCosts[i].count
        while p < n && objectiveCosts[i][p].rank > rank { p += 1 }
        if p < n && objectiveCosts[i][p].rank == rank {
            let old = objectiveCosts[i][p].coefficient
            if value == 0 { objectiveCosts[i].remove(at: p) } else { objectiveCosts[i][p].coefficient = value }
            return old
        }
        if value != 0 { objectiveCosts[i].insert(LevelCost(rank: rank, coefficient: value), at: p) }
        return 0
    }

    /// Clears every cost of `s` (journaled).
    mutating func clearObjective(of s: Int32) {
        while let last = objectiveCosts[Int(s)].last { setObjective(last.rank, s, 0) }
    }

    /// Sign of the first non-negligible component of `symbol`'s reduced cost.
    @inline(__always) func reducedCostSign(_ symbol: Int32) -> Int {
        for c in objectiveCosts[Int(symbol)] {
            if Tolerance.isNegative(c.coefficient) { return -1 }
            if Tolerance.isPositive(c.coefficient) { return 1 }
        }
        return 0
    }
}
