// Hubs: shared basic symbols during one primal optimisation.
//
// A pivot makes its entering symbol basic and, in the explicit tableau,
// substitutes the symbol's new row into every row that mentions it. When a
// symbol sits in hundreds of rows (the remainder a `grow` unit shares out,
// written into every row below the sections that share it), each pivot that
// enters such a symbol rewrites all of those rows, and the degenerate walks
// of a squeezed layout do that thousands of times (docs/solver.md, Limits).
//
// Inside `optimize`, such a symbol instead becomes a *hub*: it is basic, its
// row is fully reduced, and the rows that mentioned it keep mentioning it. A
// core row then reads `basic = value + Σ a·s + Σ g·(h − value(h))`, where the
// s are nonbasic and the h hubs; its stored constant stays its value. What a
// pivot needs of such a row is worked out through the hubs' rows:
//
// - the entering symbol's coefficient in a row is its own plus g times the
//   coefficient in each hub row it names (`effectiveColumn`);
// - a row that is to leave the basis first has its hubs expanded, so the
//   entering symbol's new row is fully reduced (`expandHubReferences`);
// - when a hub's value moves, the rows naming it move by g times as much.
//
// Hub rows themselves stay fully reduced (a pivot merges into them as usual),
// so there is one level of indirection and never a chain. Before
// `optimize` returns, every hub is substituted into the rows that name it
// (`expandHubs`), which leaves the explicit tableau the rest of the solver
// reads: each row gets the hubs' final rows once, instead of every pivot's
// row on the way there. Only the primal simplex sees hubs; the dual simplex,
// phase one, removals and queries always find the explicit tableau.
//
// The ratio test breaks ties by a row's stored length, which for a row
// naming hubs is shorter than its expanded length, so on a layout with
// hubs the pivots can differ from those of the explicit tableau; the
// optimum they reach is the same at every priority level (`HubTests`).

extension Tableau {
    /// Whether `s` is a hub (basic, and rows still mention it).
    @inline(__always) func isHub(_ s: Int32) -> Bool { flags[Int(s)].contains(.hub) }

    /// The primal ratio test with hubs: as `primalLeavingRow`, over the
    /// effective column of `e`.
    ///
    /// Nearly every pivot made with hubs is degenerate (5,506 of 5,780 on
    /// the `grow` load): a row at value 0 blocks at once. So the rows at 0
    /// are tried first, which skips reading the coefficients of the many
    /// rows above 0 that name a hub; only when none of them blocks are all
    /// rows read. Ratio ties go the same way either way: a row above 0
    /// cannot block at ratio 0 (a dummy's row is always within the
    /// tolerance of 0, so it is among the first).
    mutating func hubLeavingRow(entering e: Int32, direction: Double) -> Int32? {
        if tuning.zeroRowsFirst {
            effectiveColumn(of: e, valuesUpTo: Tolerance.epsilon)
            let degenerate = hubLeavingChoice(direction: direction)
            if degenerate.row >= 0 && degenerate.ratio == 0 { return degenerate.row }
        }
        effectiveColumn(of: e, valuesUpTo: .infinity)
        let choice = hubLeavingChoice(direction: direction)
        return choice.row >= 0 ? choice.row : nil
    }

    /// The blocking row with the smallest ratio among the rows of `hubs.column`.
    private func hubLeavingChoice(direction: Double) -> LeavingChoice {
        var choice = LeavingChoice()
        for q in hubs.column.touched {
            let a = hubs.column.coefficient[Int(q)] * direction
            guard let ratio = blockingRatio(ofRow: q, coefficient: a) else { continue }
            choice.consider(q, basic: rows[Int(q)].basic, ratio: ratio, length: rows[Int(q)].entries.count)
        }
        return choice
    }

    /// Fills `hubs.column` with the rows whose value is at most `limit` and
    /// in which `e` has a coefficient, directly or through the hub rows that
    /// mention it.
    mutating func effectiveColumn(of e: Int32, valuesUpTo limit: Double) {
        hubs.column.begin(rows: rows.count)
        for cell in coreColumn[Int(e)] {
            let a = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
            if rows[Int(cell.row)].constant <= limit { hubs.column.accumulate(cell.row, a) }
            let b = rows[Int(cell.row)].basic
            guard isHub(b) else { continue }
            for reference in coreColumn[Int(b)] where rows[Int(reference.row)].constant <= limit {
                hubs.column.accumulate(reference.row, a * rows[Int(reference.row)].entries[Int(reference.position)].coefficient)
            }
        }
    }

    /// A pivot of `optimize`: as `pivot(entering:row:)`, except that the
    /// entering symbol becomes a hub when at least `tuning.hubTargets` rows
    /// other than hub rows mention it.
    mutating func pivotKeepingHubs(entering e: Int32, row rid: Int32) {
        // With no hubs yet, every row that mentions e but the pivot row is a target.
        if hubs.symbols.isEmpty && coreColumn[Int(e)].count - 1 < tuning.hubTargets {
            pivot(entering: e, row: rid)
            return
        }
        expandHubReferences(inRow: rid)
        var hubTargets: [Cell] = []
        var otherTargets: [Cell] = []
        otherTargets.reserveCapacity(coreColumn[Int(e)].count)
        for cell in coreColumn[Int(e)] where cell.row != rid {
            if isHub(rows[Int(cell.row)].basic) { hubTargets.append(cell) } else { otherTargets.append(cell) }
        }
        let keep = otherTargets.count >= tuning.hubTargets
        // A hub that leaves drops to 0, and the rows naming it move with it;
        // they are shifted now, while they are the only rows that name it.
        let leaving = rows[Int(rid)].basic
        if isHub(leaving) {
            flags[Int(leaving)].remove(.hub)
            let leavingValue = rows[Int(rid)].constant
            if leavingValue != 0 { shiftReferences(to: leaving, by: -leavingValue, skipping: rid) }
        }
        // How far each hub row's value moves: its coefficient of e times e's new value.
        var moved: [(hub: Int32, by: Double)] = []
        exchangeRoles(entering: e, row: rid)
        let value = rows[Int(rid)].constant
        if value != 0 {
            for cell in hubTargets {
                let a = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
                moved.append((rows[Int(cell.row)].basic, a * value))
            }
        }
        substitute(e, row: rid, into: keep ? hubTargets : hubTargets + otherTargets)
        if keep {
            flags[Int(e)].insert(.hub)
            hubs.symbols.append(e)
            if value != 0 { moved.append((e, value)) }
        }
        for (hub, delta) in moved { shiftReferences(to: hub, by: delta, skipping: rid) }
    }

    /// Every row naming `hub` (except row `skip`) moves by its coefficient of `hub` × `delta`.
    private mutating func shiftReferences(to hub: Int32, by delta: Double, skipping skip: Int32) {
        for cell in coreColumn[Int(hub)] where cell.row != skip {
            let g = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
            shiftConstant(ofRow: cell.row, by: g * delta)
        }
    }

    /// Substitutes every hub that row `rid` names by the hub's row, keeping
    /// the row's constant (it already holds the row's value).
    mutating func expandHubReferences(inRow rid: Int32) {
        guard !hubs.symbols.isEmpty else { return }
        var named: [Entry] = []
        for entry in rows[Int(rid)].entries where isHub(entry.symbol) { named.append(entry) }
        for entry in named {
            let source = rows[Int(symbols[Int(entry.symbol)].row)]
            let p = position(of: entry.symbol, inRow: rid)!
            journal.noteRow(rid, rows[Int(rid)])
            rows[Int(rid)].constant -= entry.coefficient * source.constant
            addScaled(toRow: rid, source, entry.coefficient, skip: entry.symbol, skipPosition: p)
        }
    }

    /// Substitutes each remaining hub into the rows that name it, leaving the
    /// explicit tableau; their constants already hold their values. A hub
    /// is named by hundreds of rows and most of them name only one or two
    /// hubs (1.2 on the `grow` load), so this goes hub by hub, through
    /// `substitute`, which walks the hub row's columns when that reads less
    /// than the targets (measured: rebuilding each naming row once instead
    /// took 3.4 times as many instructions).
    mutating func expandHubs() {
        for hub in hubs.symbols where isHub(hub) {
            flags[Int(hub)].remove(.hub)
            let rid = symbols[Int(hub)].row
            let value = rows[Int(rid)].constant
            let targets = coreColumn[Int(hub)].filter { $0.row != rid }
            if value != 0 {
                for cell in targets {
                    let g = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
                    journal.noteRow(cell.row, rows[Int(cell.row)])
                    rows[Int(cell.row)].constant -= g * value
                }
            }
            substitute(hub, row: rid, into: targets)
        }
        hubs.symbols.removeAll(keepingCapacity: true)
    }
}

/// The hubs of one optimisation and their scratch space.
struct HubState: Sendable {
    /// Symbols made hubs, in order (some may have left the basis since).
    var symbols: [Int32] = []
    /// The entering symbol's effective column.
    var column = EffectiveColumn()
}

/// A column summed over rows: the rows touched, in order, and each row's
/// coefficient (valid where `stamp` matches `generation`).
struct EffectiveColumn: Sendable {
    var touched: [Int32] = []
    var coefficient: [Double] = []
    var stamp: [UInt32] = []
    var generation: UInt32 = 0

    mutating func begin(rows count: Int) {
        touched.removeAll(keepingCapacity: true)
        if stamp.count < count {
            stamp.append(contentsOf: repeatElement(0, count: count - stamp.count))
            coefficient.append(contentsOf: repeatElement(0, count: count - coefficient.count))
        }
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            generation = 1
        }
    }

    @inline(__always) mutating func accumulate(_ row: Int32, _ a: Double) {
        let i = Int(row)
        if stamp[i] == generation {
            coefficient[i] += a
        } else {
            stamp[i] = generation
            coefficient[i] = a
            touched.append(row)
        }
    }
}

