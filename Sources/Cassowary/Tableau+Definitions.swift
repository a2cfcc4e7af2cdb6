// Definitions: an external variable can be *defined* by one original
// constraint — that constraint solved for the variable, kept exactly as
// written (it may mention other defined or basic symbols). Definitions are
// never rewritten by pivots, so a chain `left[i] == left[i-1] + width[i-1] + 1`
// stays a chain of three-term rows instead of becoming dense prefix sums.
//
// Definitions must never form a cycle. Each defined symbol carries a rank, and
// a definition only mentions defined symbols of lower rank; `reduce` expands
// in rank order. When no rank fits between a new definition's inputs and its
// dependents, ranks are recomputed from scratch (rare), and a definition that
// would close a cycle is refused.

extension Tableau {
    static let rankGap: Int64 = 1 << 20

    /// A rank for `x` defined by `equation` (which mentions `x`), or nil if that
    /// definition would create a cycle.
    mutating func rankForDefinition(of x: Int32, equation: [Entry]) -> Int64? {
        if let r = fittingRank(of: x, equation: equation) { return r }
        guard relabel(prospective: x, equation: equation) else { return nil }
        return fittingRank(of: x, equation: equation)
    }

    private func fittingRank(of x: Int32, equation: [Entry]) -> Int64? {
        var lower = Int64.min
        for e in equation where e.symbol != x && isDefined(e.symbol) {
            lower = max(lower, symbols[Int(e.symbol)].rank)
        }
        var upper = Int64.max
        for cell in definitionColumn[Int(x)] {
            upper = min(upper, symbols[Int(rows[Int(cell.row)].basic)].rank)
        }
        let rank: Int64
        switch (lower == Int64.min, upper == Int64.max) {
        case (true, true): rank = 0
        case (false, true): rank = lower + Self.rankGap
        case (true, false): rank = upper - Self.rankGap
        case (false, false):
            guard upper - lower >= 2 else { return nil }
            rank = lower + min(Self.rankGap, (upper - lower) / 2)
        }
        // `SymbolInfo` keeps 56 bits of rank; relabelling brings every rank
        // back to at most (longest chain) × gap.
        return abs(rank) <= SymbolInfo.rankLimit ? rank : nil
    }

    /// Recomputes every rank as (longest path to a non-defined symbol) × gap,
    /// treating `prospective` as defined by `equation`. False on a cycle.
    private mutating func relabel(prospective: Int32, equation: [Entry]) -> Bool {
        // 0 = unvisited, 1 = on the stack, 2 = done.
        var state = [UInt8](repeating: 0, count: symbols.count)
        var level = [Int64](repeating: 0, count: symbols.count)
        func inputs(_ s: Int32, _ t: Tableau) -> [Int32] {
            if s == prospective { return equation.map(\.symbol).filter { $0 != prospective } }
            return t.rows[Int(t.symbols[Int(s)].row)].entries.map(\.symbol)
        }
        func isNode(_ s: Int32, _ t: Tableau) -> Bool { s == prospective || t.isDefined(s) }
        var order: [Int32] = []
        for root in 0..<Int32(symbols.count) where isNode(root, self) && state[Int(root)] == 0 {
            var stack: [(Int32, [Int32], Int)] = [(root, inputs(root, self), 0)]
            state[Int(root)] = 1
            while !stack.isEmpty {
                let top = stack.count - 1
                let (s, ins, i) = stack[top]
                if i < ins.count {
                    stack[top].2 += 1
                    let child = ins[i]
                    guard isNode(child, self) else { continue }
                    switch state[Int(child)] {
                    case 1: return false
                    case 0:
                        state[Int(child)] = 1
                        stack.append((child, inputs(child, self), 0))
                    default: break
                    }
                } else {
                    var l: Int64 = 1
                    for child in ins where isNode(child, self) { l = max(l, level[Int(child)] + 1) }
                    level[Int(s)] = l
                    state[Int(s)] = 2
                    order.append(s)
                    stack.removeLast()
                }
            }
        }
        var highest: Int64 = 0
        for s in order where s != prospective {
            setRank(s, level[Int(s)] * Self.rankGap)
            highest = max(highest, level[Int(s)] * Self.rankGap)
        }
        highestRank = highest
        return true
    }

    /// Whether `x` can be defined without touching any core row: nothing mentions it yet.
    func isFreshExternal(_ x: Int32) -> Bool {
        kind(x) == .external && isUnreferenced(x)
    }

    /// Makes `x` defined by `equation` (`constant + Σ entries = 0`) at `rank`.
    /// Core rows and objective rows must not mention `x` (the caller substitutes first).
    mutating func define(_ x: Int32, constant: Double, equation: [Entry], rank: Int64) {
        var a = 0.0
        var entries: [Entry] = []
        entries.reserveCapacity(equation.count - 1)
        for e in equation { if e.symbol == x { a = e.coefficient } }
        for e in equation where e.symbol != x { entries.append(Entry(symbol: e.symbol, coefficient: -e.coefficient / a)) }
        setRank(x, rank)
        highestRank = max(highestRank, rank)
        insertRow(Row(basic: x, isDefinition: true, constant: -constant / a, entries: consume entries))
    }

    /// Turns the definition of `x` back into an ordinary core row (fully reduced),
    /// so the constraint that defined it can be removed like any other.
    mutating func undefine(_ x: Int32) {
        let rid = symbols[Int(x)].row
        let definition = rows[Int(rid)]
        deleteRow(rid)
        var core = reduce(constant: definition.constant, entries: definition.entries)
        core.basic = x
        insertRow(consume core)
    }
}
