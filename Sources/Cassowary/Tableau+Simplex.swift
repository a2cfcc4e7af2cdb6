// The simplex loops: primal optimisation of the lexicographic objective (after
// adds and removes), dual optimisation (after a constant changes), and phase
// one with an artificial symbol (a required constraint with no free variable
// to absorb it). Entering and leaving choices break ties by lowest symbol id
// (Bland's rule), which also keeps every run identical.

extension Tableau {
    @inline(__always) mutating func optimizeIfNeeded() {
        if needsOptimization { optimize() }
    }

    /// Primal simplex on the objective, starting from a feasible tableau.
    mutating func optimize() {
        defer { needsOptimization = false }
        while let e = Heap.pop(&candidates) {
            flags[Int(e)].remove(.candidate)
            guard symbols[Int(e)].row < 0 else { continue }
            let k = kind(e)
            guard k != .dummy && k != .unused else { continue }
            let sign = reducedCostSign(e)
            let direction: Double
            if k == .external {
                guard sign != 0 else { continue }
                direction = sign < 0 ? 1 : -1
            } else {
                guard sign < 0 else { continue }
                direction = 1
            }
            guard let leaving = primalLeavingRow(entering: e, direction: direction) else { continue }
            pivot(entering: e, row: leaving)
            // The entering symbol may still improve in the other direction
            // only through others; re-check the leaving symbol via substitution.
        }
    }

    /// The blocking row when `entering` moves in `direction`: the smallest
    /// ratio, ties to the lowest basic symbol.
    func primalLeavingRow(entering e: Int32, direction: Double) -> Int32? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        var bestLength = Int.max
        for cell in coreColumn[Int(e)] {
            let q = cell.row
            let row = rows[Int(q)]
            let k = kind(row.basic)
            if k == .external { continue }
            let a = row.entries[Int(cell.position)].coefficient * direction
            let ratio: Double
            if k == .dummy {
                guard !Tolerance.isZero(a) else { continue }
                ratio = 0
            } else {
                guard Tolerance.isNegative(a) else { continue }
                ratio = max(0, row.constant) / -a
            }
            // Ties go to the shorter row (less fill when it is substituted), then the lower id.
            let length = row.entries.count
            if ratio < bestRatio || (ratio == bestRatio && (length < bestLength || (length == bestLength && row.basic < bestBasic))) {
                best = q
                bestRatio = ratio
                bestBasic = row.basic
                bestLength = length
            }
        }
        return best >= 0 ? best : nil
    }

    /// Dual simplex: restores feasibility of rows made infeasible by a constant
    /// change while keeping the objective optimal. Returns the row proving
    /// infeasibility when required constraints cannot all hold.
    mutating func dualOptimize() -> Int32? {
        var iterations = 0
        while let b = Heap.pop(&infeasible) {
            iterations += 1
            // Past this many pivots, ties go strictly by id (Bland), which cannot cycle.
            let sparse = iterations < Self.sparsePivotLimit
            flags[Int(b)].remove(.infeasible)
            let rid = symbols[Int(b)].row
            guard rid >= 0, !rows[Int(rid)].isDefinition else { continue }
            let row = rows[Int(rid)]
            let k = kind(b)
            if k == .dummy {
                if !Tolerance.isZero(row.constant) { return rid }
                continue
            }
            guard k == .slack || k == .error, Tolerance.isNegative(row.constant) else { continue }
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            for e in row.entries {
                let ek = kind(e.symbol)
                if ek == .dummy { continue }
                if ek == .external {
                    guard !Tolerance.isZero(e.coefficient) else { continue }
                } else {
                    guard Tolerance.isPositive(e.coefficient) else { continue }
                }
                if entering < 0 {
                    entering = e.symbol
                    enteringCoefficient = e.coefficient
                } else {
                    // ratio d/a for both; externals use their signed coefficient.
                    let order = ratioOrder(e.symbol, e.coefficient, entering, enteringCoefficient)
                    if order < 0 || (order == 0 && preferInDual(e.symbol, over: entering, sparse: sparse)) {
                        entering = e.symbol
                        enteringCoefficient = e.coefficient
                    }
                }
            }
            if entering < 0 { return rid }
            pivot(entering: entering, row: rid)
        }
        return nil
    }

    static let sparsePivotLimit = 200
    static let sparsePhaseOne = false

    /// Among equally good pivots: the symbol in fewer rows (less fill), then the lower id.
    @inline(__always) func prefer(_ a: Int32, over b: Int32, sparse: Bool) -> Bool {
        if sparse {
            let ca = coreColumn[Int(a)].count, cb = coreColumn[Int(b)].count
            if ca != cb { return ca < cb }
        }
        return a < b
    }

    /// Dual ties: fewer rows first, then the newest symbol — in layouts the
    /// newest view is usually last, so adjusting it moves the fewest others.
    /// Falls back to lowest id (Bland) after `sparsePivotLimit` pivots.
    @inline(__always) func preferInDual(_ a: Int32, over b: Int32, sparse: Bool) -> Bool {
        guard sparse else { return a < b }
        let ca = coreColumn[Int(a)].count, cb = coreColumn[Int(b)].count
        if ca != cb { return ca < cb }
        return a > b
    }

    /// Compares d(a)/ca with d(b)/cb lexicographically for nonzero ca, cb.
    private func ratioOrder(_ a: Int32, _ ca: Double, _ b: Int32, _ cb: Double) -> Int {
        // d(a)/ca < d(b)/cb  ⇔  d(a)·|cb|·sign(ca) < d(b)·|ca|·sign(cb)
        for row in objective {
            let x = row[Int(a)] / ca
            let y = row[Int(b)] / cb
            let scale = max(1, abs(x), abs(y))
            if x < y - Tolerance.epsilon * scale { return -1 }
            if x > y + Tolerance.epsilon * scale { return 1 }
        }
        return 0
    }

    /// Phase one for a reduced row `row` (constant ≥ 0) that has no symbol able
    /// to absorb it. Returns nil on success, or the final phase-one objective
    /// (whose markers explain the conflict) when the row cannot reach zero.
    mutating func addWithArtificial(_ row: Row) -> Row? {
        let art = newSymbol(.slack)
        var artRow = row
        artRow.basic = art
        insertRow(artRow)
        beginArtificial(row)
        var iterations = 0
        while true {
            iterations += 1
            let sparse = iterations < Self.sparsePivotLimit && Self.sparsePhaseOne
            var entering: Int32 = -1
            var direction = 1.0
            for s in artificialSymbols {
                let c = artificialCoefficient[Int(s)]
                if c == 0 || symbols[Int(s)].row >= 0 { continue }
                let k = kind(s)
                if k == .dummy || k == .unused { continue }
                let improving = k == .external ? !Tolerance.isZero(c) : Tolerance.isNegative(c)
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
                // Make some other symbol basic in its place (lowest restricted id, else lowest).
                var choice: Int32 = -1
                for e in artBasicRow.entries where isRestricted(e.symbol) && (choice < 0 || e.symbol < choice) { choice = e.symbol }
                if choice < 0 { choice = artBasicRow.entries.map(\.symbol).min()! }
                var solved = artBasicRow.solved(for: choice, keepingBasic: true)
                solved.basic = choice
                let newID = insertRow(solved)
                substitute(choice, row: newID)
            }
        }
        purge(art)
        freeSymbol(art)
        return nil
    }
}
