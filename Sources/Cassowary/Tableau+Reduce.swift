// Reduction: rewriting an equation over any symbols into one over nonbasic
// symbols only, by expanding definitions (newest rank first, so each is
// expanded once and shared parts cancel before they are expanded) and then
// core-basic symbols.

extension Tableau {
    /// Returns `constant + Σ entries` with every basic symbol expanded.
    mutating func reduce(constant: Double, entries: [Entry]) -> Row {
        _ = nextAccumulatorStamp()
        var touched: [Int32] = []
        var definitions: [(rank: Int64, symbol: Int32)] = []
        var coreBasics: [Int32] = []
        var total = constant
        // Rows are expanded into the accumulator, so it touches several
        // times as many symbols as `entries` holds: room for that at once
        // (growing from empty copied each list several times per constraint).
        touched.reserveCapacity(4 * entries.count + 8)
        definitions.reserveCapacity(entries.count + 4)
        coreBasics.reserveCapacity(entries.count)

        func add(_ s: Int32, _ c: Double, _ t: inout Tableau) {
            let i = Int(s)
            if t.accumulatorStamp[i] != t.stamp {
                t.accumulatorStamp[i] = t.stamp
                t.accumulator[i] = c
                touched.append(s)
                let r = t.symbols[i].row
                if r >= 0 {
                    if t.rows[Int(r)].isDefinition {
                        Heap.push(&definitions, (t.symbols[i].rank, s), before: Tableau.higherRank)
                    } else {
                        coreBasics.append(s)
                    }
                }
            } else {
                t.accumulator[i] += c
            }
        }

        /// Replaces basic symbol `x` in the accumulator by its row.
        func expand(_ x: Int32, _ t: inout Tableau) {
            let c = t.accumulator[Int(x)]
            t.accumulator[Int(x)] = 0
            if c == 0 { return }
            let row = t.rows[Int(t.symbols[Int(x)].row)]
            total += c * row.constant
            for e in row.entries { add(e.symbol, c * e.coefficient, &t) }
        }

        for e in entries { add(e.symbol, e.coefficient, &self) }
        while let (_, x) = Heap.pop(&definitions, before: Self.higherRank) { expand(x, &self) }
        for b in coreBasics { expand(b, &self) }
        // Counted first: the result may become a row's storage as it is
        // (`insertRow`), so it gets no room for the symbols that cancelled
        // or were expanded.
        func kept(_ s: Int32) -> Bool { !Tolerance.isZero(accumulator[Int(s)]) && symbols[Int(s)].row < 0 }
        var result: [Entry] = []
        result.reserveCapacity(touched.reduce(0) { kept($1) ? $0 + 1 : $0 })
        for s in touched where kept(s) { result.append(Entry(symbol: s, coefficient: accumulator[Int(s)])) }
        return Row(basic: -1, isDefinition: false, constant: total, entries: result)
    }
}

extension Tableau {
    /// Heap order for expansion: higher rank first, ties to the larger id.
    static func higherRank(_ a: (rank: Int64, symbol: Int32), _ b: (rank: Int64, symbol: Int32)) -> Bool {
        a.rank != b.rank ? a.rank > b.rank : a.symbol > b.symbol
    }
}
