// The simplex loops: primal optimisation of the lexicographic objective (after
// adds and removes), dual optimisation (after a constant changes), and phase
// one with an artificial symbol (a required constraint with no free variable
// to absorb it). Entering and leaving choices break ties by symbol id,
// newest first, which keeps every run identical and, since views are usually
// added in order, lets the last views absorb a change so that fewer values
// move. The primal simplex enters the candidate in the fewest rows first
// (cheapest pivot, least fill); past a generous number of pivots in one call
// it falls back to id order alone (Bland's rule), which cannot cycle. The dual
// simplex does the same with its ties.

extension Tableau {
    /// The tie-break order on symbols: newer (higher id) first.
    @inline(__always) static func precedes(_ a: Int32, _ b: Int32) -> Bool { a > b }
}

extension Tableau {
    @inline(__always) mutating func optimizeIfNeeded() {
        if needsOptimization { optimize() }
    }

    /// Primal simplex on the objective, starting from a feasible tableau.
    mutating func optimize() {
        defer {
            needsOptimization = false
            strictCandidateOrder = false
            if !releasedToTidy.isEmpty { tidyReleased() }
        }
        var pivots = 0
        let sparseLimit = tuning.sparseEnteringBase + tuning.sparseEnteringPerRow * rows.count
        while true {
            if pivots >= sparseLimit { useStrictCandidateOrder() }
            guard let e = popCandidate() else { break }
            flags[Int(e)].remove(.candidate)
            guard symbols[Int(e)].row < 0 else { continue }
            let k = kind(e)
            guard k != .dummy && k != .unused else { continue }
            let sign = reducedCostSign(e)
            let direction: Double
            if k == .external || k == .released {
                guard sign != 0 else { continue }
                direction = sign < 0 ? 1 : -1
            } else {
                guard sign < 0 else { continue }
                direction = 1
            }
            let leaving = hubs.symbols.isEmpty
                ? primalLeavingRow(entering: e, direction: direction)
                : hubLeavingRow(entering: e, direction: direction)
            guard let leaving else { continue }
            pivots += 1
            pivotKeepingHubs(entering: e, row: leaving)
        }
        expandHubs()
    }

    /// The blocking row when `entering` moves in `direction`: the smallest
    /// ratio, ties to the shorter row, then by `precedes`.
    func primalLeavingRow(entering e: Int32, direction: Double) -> Int32? {
        var choice = LeavingChoice()
        for cell in coreColumn[Int(e)] {
            let a = rows[Int(cell.row)].entries[Int(cell.position)].coefficient * direction
            guard let ratio = blockingRatio(ofRow: cell.row, coefficient: a) else { continue }
            choice.consider(cell.row, basic: rows[Int(cell.row)].basic, ratio: ratio, length: rows[Int(cell.row)].entries.count)
        }
        return choice.row >= 0 ? choice.row : nil
    }

    /// How far the entering symbol can move before core row `q` blocks it,
    /// when `a` is its coefficient there times the direction of the move;
    /// nil when the row does not block (a free basic symbol, or one the
    /// move takes away from its bound). A dummy blocks at once.
    @inline(__always) func blockingRatio(ofRow q: Int32, coefficient a: Double) -> Double? {
        // The coefficient's sign first: it rules out most rows without reading them.
        if Tolerance.isNegative(a) {
            let k = kind(rows[Int(q)].basic)
            if k == .external || k == .released { return nil }
            return k == .dummy ? 0 : max(0, rows[Int(q)].constant) / -a
        }
        guard !Tolerance.isZero(a), kind(rows[Int(q)].basic) == .dummy else { return nil }
        return 0
    }

    /// Dual simplex: restores feasibility of rows made infeasible by a constant
    /// change while keeping the objective optimal. Returns the row proving
    /// infeasibility when required constraints cannot all hold.
    mutating func dualOptimize() -> Int32? {
        var iterations = 0
        var bestRatio: [LevelCost] = []
        while let b = Heap.pop(&infeasible, before: Self.precedes) {
            iterations += 1
            // Past this many pivots, ties go strictly by id order (Bland), which cannot cycle.
            let sparse = iterations < Self.sparsePivotLimit
            flags[Int(b)].remove(.infeasible)
            let rid = symbols[Int(b)].row
            guard rid >= 0, !rows[Int(rid)].isDefinition else { continue }
            let row = rows[Int(rid)]
            let k = kind(b)
            // The basic symbol must rise (negative slack or error, negative
            // dummy) or fall (positive dummy) to get back in bounds.
            let direction: Double
            if k == .dummy {
                guard !Tolerance.isZero(row.constant) else { continue }
                direction = row.constant < 0 ? 1 : -1
            } else {
                guard k == .slack || k == .error, Tolerance.isNegative(row.constant) else { continue }
                direction = 1
            }
            let entering = dualEntering(row, direction: direction, sparse: sparse, bestRatio: &bestRatio)
            if entering < 0 { return rid }
            pivot(entering: entering, row: rid)
        }
        return nil
    }

    static let sparsePivotLimit = 200

    /// The dual ratio test on `row`: the entering symbol has the smallest
    /// ratio d/a (reduced cost over coefficient; free symbols use their signed
    /// coefficient), compared level by level; `bestRatio` caches the current
    /// choice's non-zero ratios, highest level first. -1 when no symbol can
    /// enter. This loop runs over the longest rows, hence the raw buffers.
    private func dualEntering(_ row: Row, direction: Double, sparse: Bool, bestRatio: inout [LevelCost]) -> Int32 {
        var entering: Int32 = -1
        bestRatio.removeAll(keepingCapacity: true)
        symbols.withUnsafeBufferPointer { symbols in
            row.entries.withUnsafeBufferPointer { entries in
                for e in entries {
                    let ek = symbols[Int(e.symbol)].kind
                    if ek == .dummy { continue }
                    let a = e.coefficient * direction
                    if ek == .external || ek == .released {
                        guard !Tolerance.isZero(a) else { continue }
                    } else {
                        guard Tolerance.isPositive(a) else { continue }
                    }
                    let order = entering < 0 ? -1 : compareRatios(e.symbol, a, bestRatio)
                    if order < 0 || (order == 0 && prefer(e.symbol, over: entering, sparse: sparse)) {
                        entering = e.symbol
                        bestRatio.removeAll(keepingCapacity: true)
                        for k in 0..<costCount(e.symbol) {
                            let c = costComponent(e.symbol, k)
                            bestRatio.append(LevelCost(rank: c.rank, coefficient: c.coefficient / a))
                        }
                    }
                }
            }
        }
        return entering
    }

    /// Compares the ratios (reduced cost of `s`) / `a` with `best`
    /// lexicographically, highest level first (a level missing from either is
    /// 0 there): -1, 0 or 1.
    @inline(__always) private func compareRatios(_ s: Int32, _ a: Double, _ best: [LevelCost]) -> Int {
        let count = costCount(s)
        var i = 0, j = 0
        while i < count || j < best.count {
            let x: Double, y: Double
            let cost = i < count ? costComponent(s, i) : .none
            if j == best.count || (i < count && cost.rank > best[j].rank) {
                x = cost.coefficient / a; y = 0; i += 1
            } else if i == count || best[j].rank > cost.rank {
                x = 0; y = best[j].coefficient; j += 1
            } else {
                x = cost.coefficient / a; y = best[j].coefficient; i += 1; j += 1
            }
            let scale = max(1, abs(x), abs(y))
            if x < y - Tolerance.epsilon * scale { return -1 }
            if x > y + Tolerance.epsilon * scale { return 1 }
        }
        return 0
    }

    /// Among equally good pivots: the symbol in fewer rows (less fill), then by
    /// `precedes`; strictly by `precedes` (Bland) when `sparse` is false.
    @inline(__always) func prefer(_ a: Int32, over b: Int32, sparse: Bool) -> Bool {
        if sparse {
            let ca = coreColumn[Int(a)].count, cb = coreColumn[Int(b)].count
            if ca != cb { return ca < cb }
        }
        return Self.precedes(a, b)
    }


    /// Phase one for a reduced row `row` (constant ≥ 0) that has no symbol able
    /// to absorb it. Returns nil on success, or the final phase-one objective
    /// (whose markers explain the conflict) when the row cannot reach zero.
    mutating func addWithArtificial(_ row: Row) -> Row? {
        let art = newSymbol(.slack)
        var artRow = row
        artRow.basic = art
        insertRow(consume artRow)
        beginArtificial(row)
        var iterations = 0
        while true {
            iterations += 1
            let sparse = false  // phase one keeps strict id order (Bland); sparsity choices made it slower
            var entering: Int32 = -1
            var direction = 1.0
            for s in artificialSymbols {
                let c = artificialCoefficient[Int(s)]
                if c == 0 || symbols[Int(s)].row >= 0 { continue }
                let k = kind(s)
                if k == .dummy || k == .unused { continue }
                let improving = isFree(s) ? !Tolerance.isZero(c) : Tolerance.isNegative(c)
                guard improving else { continue }
                if entering < 0 || prefer(s, over: entering, sparse: sparse) {
                    entering = s
                    direction = c < 0 ? 1 : -1
                }
            }
            guard entering >= 0, let leaving = primalLeavingRow(entering: entering, direction: direction) else { break }
            pivot(entering: entering, row: leaving)
        }
        let final = artificialRow()
        endArtificial()
        guard Tolerance.isZero(final.constant) else { return final }
        if symbols[Int(art)].row >= 0 {
            let rid = symbols[Int(art)].row
            let artBasicRow = rows[Int(rid)]
            deleteRow(rid)
            if !artBasicRow.entries.isEmpty {
                // Make some other symbol basic in its place (a restricted one if any).
                var choice: Int32 = -1
                for e in artBasicRow.entries where isRestricted(e.symbol) && (choice < 0 || Self.precedes(e.symbol, choice)) { choice = e.symbol }
                if choice < 0 { for e in artBasicRow.entries where choice < 0 || Self.precedes(e.symbol, choice) { choice = e.symbol } }
                var solved = artBasicRow.solved(for: choice, keepingBasic: true)
                solved.basic = choice
                let newID = insertRow(consume solved)
                substitute(choice, row: newID)
            }
        }
        purge(art)
        freeSymbol(art)
        return nil
    }
}

/// The best blocking row a primal ratio test has found so far: the smallest
/// ratio; ties go to the shorter row (less fill when it is substituted),
/// then by `Tableau.precedes`.
struct LeavingChoice {
    var row: Int32 = -1
    var ratio = Double.infinity
    var basic: Int32 = -1
    var length = Int.max

    @inline(__always) mutating func consider(_ q: Int32, basic: Int32, ratio: Double, length: Int) {
        let better = ratio < self.ratio
            || (ratio == self.ratio && (length < self.length || (length == self.length && Tableau.precedes(basic, self.basic))))
        guard better else { return }
        row = q
        self.ratio = ratio
        self.basic = basic
        self.length = length
    }
}
