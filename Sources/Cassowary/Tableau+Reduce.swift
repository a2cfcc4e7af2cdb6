// Reduction: rewriting an equation over any symbols into one over nonbasic
// symbols only, by expanding definitions (newest rank first, so each is
// expanded once and shared parts cancel before they are expanded) and then
// core-basic symbols.

extension Tableau {
    /// Returns `constant + Σ entries` with every basic symbol expanded.
    mutating func reduce(constant: Double, entries: [Entry]) -> Row {
        stamp &+= 1
        if stamp == 0 {
            for i in accumulatorStamp.indices { accumulatorStamp[i] = 0 }
            stamp = 1
        }
        var touched: [Int32] = []
        var definitions: [(rank: Int64, symbol: Int32)] = []
        var coreBasics: [Int32] = []
        var total = constant

        func add(_ s: Int32, _ c: Double, _ t: inout Tableau) {
            let i = Int(s)
            if t.accumulatorStamp[i] != t.stamp {
                t.accumulatorStamp[i] = t.stamp
                t.accumulator[i] = c
                touched.append(s)
                let r = t.symbols[i].row
                if r >= 0 {
                    if t.rows[Int(r)].isDefinition {
                        RankHeap.push(&definitions, (t.symbols[i].rank, s))
                    } else {
                        coreBasics.append(s)
                    }
                }
            } else {
                t.accumulator[i] += c
            }
        }

        for e in entries { add(e.symbol, e.coefficient, &self) }
        while let (_, x) = RankHeap.pop(&definitions) {
            let c = accumulator[Int(x)]
            accumulator[Int(x)] = 0
            if c == 0 { continue }
            let row = rows[Int(symbols[Int(x)].row)]
            total += c * row.constant
            for e in row.entries { add(e.symbol, c * e.coefficient, &self) }
        }
        for b in coreBasics {
            let c = accumulator[Int(b)]
            accumulator[Int(b)] = 0
            if c == 0 { continue }
            let row = rows[Int(symbols[Int(b)].row)]
            total += c * row.constant
            for e in row.entries { add(e.symbol, c * e.coefficient, &self) }
        }
        var result: [Entry] = []
        result.reserveCapacity(touched.count)
        for s in touched {
            let c = accumulator[Int(s)]
            if !Tolerance.isZero(c) && symbols[Int(s)].row < 0 { result.append(Entry(symbol: s, coefficient: c)) }
        }
        return Row(basic: -1, isDefinition: false, constant: total, entries: result)
    }
}

/// A max-heap on (rank, symbol), ties broken by the larger symbol id.
enum RankHeap {
    @inline(__always) private static func above(_ a: (rank: Int64, symbol: Int32), _ b: (rank: Int64, symbol: Int32)) -> Bool {
        a.rank != b.rank ? a.rank > b.rank : a.symbol > b.symbol
    }

    static func push(_ heap: inout [(rank: Int64, symbol: Int32)], _ value: (rank: Int64, symbol: Int32)) {
        heap.append(value)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if !above(heap[i], heap[parent]) { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    static func pop(_ heap: inout [(rank: Int64, symbol: Int32)]) -> (rank: Int64, symbol: Int32)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            let n = heap.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && above(heap[l], heap[m]) { m = l }
                if r < n && above(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
