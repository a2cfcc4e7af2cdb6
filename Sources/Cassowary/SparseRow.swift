/// One coefficient of a row.
struct Entry: Sendable {
    var symbol: Int32
    var coefficient: Double
}

/// `basic = constant + Σ coefficient × symbol`, entries sorted by symbol id.
///
/// A *core* row belongs to the simplex tableau and mentions only nonbasic
/// symbols. A *definition* row is one original constraint solved for an
/// external variable; it may mention any symbol (see `Tableau+Definitions`).
struct Row: Sendable {
    var basic: Int32
    var isDefinition: Bool
    var constant: Double
    var entries: [Entry]

    static let free = Row(basic: -1, isDefinition: false, constant: 0, entries: [])

    var isAllocated: Bool { basic >= 0 }

    /// Binary search; 0 when absent.
    func coefficient(of symbol: Int32) -> Double {
        entries.withUnsafeBufferPointer { buffer in
            var low = 0, high = buffer.count
            while low < high {
                let mid = (low + high) >> 1
                let s = buffer[mid].symbol
                if s == symbol { return buffer[mid].coefficient }
                if s < symbol { low = mid + 1 } else { high = mid }
            }
            return 0
        }
    }

    func contains(_ symbol: Int32) -> Bool { coefficient(of: symbol) != 0 }

    /// The row's equation solved for `symbol` (which must be in it); the old
    /// basic symbol becomes a parameter of the result.
    func solved(for symbol: Int32, keepingBasic: Bool) -> Row {
        let a = coefficient(of: symbol)
        let scale = -1 / a
        var result: [Entry] = []
        result.reserveCapacity(entries.count + 1)
        var inserted = !keepingBasic
        for e in entries where e.symbol != symbol {
            if !inserted && basic < e.symbol {
                result.append(Entry(symbol: basic, coefficient: 1 / a))
                inserted = true
            }
            result.append(Entry(symbol: e.symbol, coefficient: e.coefficient * scale))
        }
        if !inserted { result.append(Entry(symbol: basic, coefficient: 1 / a)) }
        return Row(basic: symbol, isDefinition: false, constant: constant * scale, entries: result)
    }
}

/// `destination += alpha × source`, dropping `skip` from the destination and
/// any coefficient that cancels to within tolerance. Symbols that enter or
/// leave the destination are appended to `added` and `removed`.
func mergeScaled(
    _ destination: inout [Entry], _ source: UnsafeBufferPointer<Entry>, _ alpha: Double, skip: Int32,
    scratch: inout [Entry], added: inout [Int32], removed: inout [Int32]
) {
    scratch.removeAll(keepingCapacity: true)
    scratch.reserveCapacity(destination.count + source.count)
    destination.withUnsafeBufferPointer { dst in
        var i = 0, j = 0
        let n = dst.count, m = source.count
        while i < n || j < m {
            let ds = i < n ? dst[i].symbol : Int32.max
            let ss = j < m ? source[j].symbol : Int32.max
            if ds < ss {
                if ds == skip { removed.append(ds) } else { scratch.append(dst[i]) }
                i += 1
            } else if ss < ds {
                if ss != skip {
                    let c = alpha * source[j].coefficient
                    if !Tolerance.isZero(c) {
                        scratch.append(Entry(symbol: ss, coefficient: c))
                        added.append(ss)
                    }
                }
                j += 1
            } else {
                if ds == skip {
                    removed.append(ds)
                } else {
                    let c = dst[i].coefficient + alpha * source[j].coefficient
                    if Tolerance.isZero(c) { removed.append(ds) } else { scratch.append(Entry(symbol: ds, coefficient: c)) }
                }
                i += 1
                j += 1
            }
        }
    }
    swap(&destination, &scratch)
}
