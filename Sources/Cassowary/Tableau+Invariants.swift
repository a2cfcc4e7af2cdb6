// Structural self-check used by the tests after every operation.

extension Tableau {
    /// Describes every broken internal invariant; empty when consistent.
    func invariantViolations() -> [String] {
        // Locals, not `self.`: the tests call this after every step of an
        // unoptimised build, where each method call on `self` copies the tableau.
        let symbols = self.symbols, rows = self.rows, objectiveCosts = self.objectiveCosts
        let coreColumn = self.coreColumn, definitionColumn = self.definitionColumn
        let costSpill = self.costSpill
        func costList(_ s: Int32) -> [LevelCost] {
            let r = objectiveCosts[Int(s)]
            if r.count > ReducedCost.inlineCapacity { return r.spill >= 0 ? costSpill[Int(r.spill)] : [] }
            return Array([r.first, r.second].prefix(Int(r.count)))
        }
        func kind(_ s: Int32) -> SymbolKind { symbols[Int(s)].kind }
        func isBasic(_ s: Int32) -> Bool { symbols[Int(s)].row >= 0 }
        func isDefined(_ s: Int32) -> Bool {
            let r = symbols[Int(s)].row
            return r >= 0 && rows[Int(r)].isDefinition
        }
        var problems: [String] = []
        var coreCount = [Int](repeating: 0, count: symbols.count)
        var defCount = [Int](repeating: 0, count: symbols.count)
        for (i, row) in rows.enumerated() where row.isAllocated {
            let rid = Int32(i)
            if symbols[Int(row.basic)].row != rid { problems.append("row \(i) basic \(row.basic) not linked") }
            for j in row.entries.indices {
                let e = row.entries[j]
                if row.entries[..<j].contains(where: { $0.symbol == e.symbol }) { problems.append("row \(i) repeats \(e.symbol)") }
                let column = row.isDefinition ? Array(definitionColumn[Int(e.symbol)]) : coreColumn[Int(e.symbol)]
                if e.cell < 0 || Int(e.cell) >= column.count || column[Int(e.cell)].row != rid
                    || column[Int(e.cell)].position != Int32(j) {
                    problems.append("entry \(j) of row \(i) has a bad cell link")
                }
                if e.symbol == row.basic { problems.append("row \(i) mentions its basic symbol") }
                if kind(e.symbol) == .unused { problems.append("row \(i) mentions unused symbol \(e.symbol)") }
                if row.isDefinition {
                    defCount[Int(e.symbol)] += 1
                    if isDefined(e.symbol) && symbols[Int(e.symbol)].rank >= symbols[Int(row.basic)].rank {
                        problems.append("definition of \(row.basic) mentions \(e.symbol) of higher rank")
                    }
                } else {
                    coreCount[Int(e.symbol)] += 1
                    if isBasic(e.symbol) { problems.append("core row \(i) mentions basic symbol \(e.symbol)") }
                }
            }
            if row.isDefinition {
                if kind(row.basic) != .external { problems.append("definition row \(i) for non-external") }
            } else {
                let k = kind(row.basic)
                if (k == .slack || k == .error) && Tolerance.isNegative(row.constant) {
                    problems.append("core row \(i) infeasible: \(row.constant)")
                }
                if k == .dummy && !Tolerance.isZero(row.constant) { problems.append("dummy row \(i) nonzero") }
            }
        }
        // Hubs live only inside `optimize` (`Tableau+Hubs`).
        if !hubs.symbols.isEmpty { problems.append("\(hubs.symbols.count) hubs left after an optimisation") }
        for s in flags.indices where flags[s].contains(.hub) { problems.append("symbol \(s) still marked as a hub") }
        for s in symbols.indices {
            if symbols[s].kind == .released && symbols[s].owner >= 0 { problems.append("released symbol \(s) has an owner") }
            if coreColumn[s].count != coreCount[s] { problems.append("core column \(s) has \(coreColumn[s].count), expected \(coreCount[s])") }
            if definitionColumn[s].count != defCount[s] { problems.append("definition column \(s) wrong size") }
        }
        if definitionColumn.symbolCount != symbols.count { problems.append("definition columns for \(definitionColumn.symbolCount) symbols") }
        problems += definitionColumn.invariantViolations()
        if objectiveCosts.count != symbols.count { problems.append("objective has \(objectiveCosts.count) symbols") }
        problems += objectiveCosts.invariantViolations()
        if externalSlot.count != symbols.count { problems.append("external slots for \(externalSlot.count) symbols") }
        var slotTaken = [Bool](repeating: false, count: externals.count)
        for s in symbols.indices where externalSlot[s] >= 0 {
            let slot = Int(externalSlot[s])
            if slotTaken[slot] { problems.append("external entry \(slot) shared") }
            slotTaken[slot] = true
        }
        for slot in freeExternals where slotTaken[Int(slot)] { problems.append("external entry \(slot) free and taken") }
        for i in objectiveCosts.indices where objectiveCosts[i].count > 0 {
            let s = Int32(i)
            let costs = costList(s)
            let r = objectiveCosts[i]
            if (r.count > ReducedCost.inlineCapacity) != (r.spill >= 0)
                || (r.spill >= 0 && costSpill[Int(r.spill)].count != Int(r.count)) {
                problems.append("objective costs of symbol \(s) spilled wrongly")
            }
            if isBasic(s) || kind(s) == .unused {
                problems.append("objective level \(costs[0].rank) mentions basic or unused symbol \(s)")
            }
            if zip(costs, costs.dropFirst()).contains(where: { $0.rank <= $1.rank }) || costs.contains(where: { $0.coefficient == 0 }) {
                problems.append("objective costs of symbol \(s) out of order or zero")
            }
            if costs.contains(where: { !levels.contains(Int($0.rank)) }) {
                problems.append("objective cost of symbol \(s) at a level not in use")
            }
        }
        if journal.isActive { problems.append("transaction left open") }
        if artificialActive { problems.append("phase one left open") }
        if !artificialCoefficient.isEmpty && artificialCoefficient.count != symbols.count {
            problems.append("\(artificialCoefficient.count) phase-one coefficients for \(symbols.count) symbols")
        }
        if artificialCoefficient.contains(where: { $0 != 0 }) { problems.append("phase-one coefficients left set") }
        return problems
    }
}

extension Solver {
    /// Internal consistency problems (empty when consistent); for tests.
    func invariantViolations() -> [String] {
        var problems = tableau.invariantViolations()
        // The counts the solver keeps must be what the records say.
        let index = mentionIndex()
        for s in mentionCount.indices where s < tableau.symbolCount && tableau.kind(Int32(s)) == .external {
            let listed = index.start[s + 1] - index.start[s]
            if mentionCount[s] != listed { problems.append("external \(s) counted in \(mentionCount[s]) constraints, in \(listed)") }
        }
        return problems
    }
}

extension Solver {
    /// `invariantViolations()` for code outside the module (the fuzz targets, through
    /// `LayoutSession.solverInvariantViolations`): every internal rule that does not hold.
    @_spi(Invariants) public var brokenInvariants: [String] { invariantViolations() }
}
