// The lexicographic objective: one row per priority level in use, highest
// first. A symbol's reduced cost is the vector of its coefficients in those
// rows, compared lexicographically, so no number of violations at a lower
// priority ever outweighs one at a higher priority.

extension Tableau {
    /// Coefficient of `s` in the objective row of `level` (its reduced cost there).
    @inline(__always) func cost(_ s: Int32, level: Int) -> Double {
        objective[Int(s) &* levels.count &+ level]
    }

    /// Index of the objective row for `priority`, created when first needed.
    mutating func levelIndex(for priority: Int) -> Int {
        var i = 0
        while i < levels.count && levels[i] > priority { i += 1 }
        if i < levels.count && levels[i] == priority { return i }
        noteObjectiveChange()
        relayoutObjective(inserting: i)
        levels.insert(priority, at: i)
        levelUse.insert(0, at: i)
        return i
    }

    /// Adds `coefficient × symbol` to the objective at `priority`, expanding the
    /// symbol's row when it is basic.
    mutating func addToObjective(priority: Int, symbol: Int32, coefficient: Double) {
        let level = levelIndex(for: priority)
        let rid = symbols[Int(symbol)].row
        if rid >= 0 {
            addScaled(toObjective: level, rows[Int(rid)], coefficient, skip: -1)
        } else {
            var c = cost(symbol, level: level) + coefficient
            if Tolerance.isZero(c) { c = 0 }
            setObjective(level, symbol, c)
            noteCandidate(symbol)
        }
    }

    mutating func useLevel(_ priority: Int, by delta: Int) {
        let level = levelIndex(for: priority)
        noteObjectiveChange()
        levelUse[level] += delta
        if levelUse[level] == 0 {
            relayoutObjective(removing: level)
            levels.remove(at: level)
            levelUse.remove(at: level)
        }
    }

    /// Re-strides the objective for one level more (a zero column at
    /// `inserting`) or one fewer (`removing`); `levels` still has the old count.
    private mutating func relayoutObjective(inserting: Int? = nil, removing: Int? = nil) {
        let old = levels.count, new = old + (inserting != nil ? 1 : -1)
        var result = [Double](repeating: 0, count: symbols.count * new)
        for s in 0..<symbols.count {
            var to = s * new
            for level in 0..<old {
                if level == inserting { to += 1 }
                if level == removing { continue }
                result[to] = objective[s * old + level]
                to += 1
            }
        }
        objective = result
    }

    /// Sign of the first non-negligible component of `symbol`'s reduced cost.
    @inline(__always) func reducedCostSign(_ symbol: Int32) -> Int {
        // Indexing (not `for row in objective`) avoids retaining each level's array.
        for level in levels.indices {
            let c = cost(symbol, level: level)
            if Tolerance.isNegative(c) { return -1 }
            if Tolerance.isPositive(c) { return 1 }
        }
        return 0
    }
}
