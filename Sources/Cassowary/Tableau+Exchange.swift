// Long pivots without long rewrites. When the relation that runs through a
// whole layout (a chain's total, a container's width) changes hands — the box
// that absorbs a resize hits its minimum and the next one takes over — the
// pivot row is long, one long target row collapses (it held the same long
// relation and loses it) and one short target grows by the same long
// relation. Merging entry by entry would unlink every entry of the first and
// link every entry of the second. Instead the collapsing row's storage is
// handed over to the growing row:
//
//     T' = T + α·P                      (short: computed aside, then stored)
//     S' = S + β·P = -(β/α)·T + S + (β/α)·T'
//
// so the long storage of T is scaled in place and only short rows are merged
// into it; the two rows trade ids, and their basic symbols move with them.

extension Tableau {
    /// Pairs short targets that would grow long with long targets that
    /// collapse, exchanges each pair, and removes them from `targets`.
    mutating func exchangeLongTargets(_ targets: inout [Cell], symbol y: Int32, source: Row) {
        let n = source.entries.count
        var shorts: [Int] = [], longs: [Int] = []
        for (i, cell) in targets.enumerated() {
            let length = rows[Int(cell.row)].entries.count
            if length * 8 <= n { shorts.append(i) } else if length * 2 >= n { longs.append(i) }
        }
        guard !shorts.isEmpty && !longs.isEmpty else { return }
        var handled = [Bool](repeating: false, count: targets.count)
        var nextLong = 0
        for si in shorts {
            while nextLong < longs.count {
                let ti = longs[nextLong]
                nextLong += 1
                let t = targets[ti], s = targets[si]
                let alpha = rows[Int(t.row)].entries[Int(t.position)].coefficient
                let beta = rows[Int(s.row)].entries[Int(s.position)].coefficient
                let collapsed = combined(rows[Int(t.row)], alpha, source, skip: y)
                // Only worth it when T really collapses; otherwise merge as usual.
                guard collapsed.entries.count * 4 <= rows[Int(t.row)].entries.count else { continue }
                exchange(long: t, short: s.row, alpha: alpha, beta: beta, collapsed: collapsed, symbol: y)
                handled[ti] = true
                handled[si] = true
                break
            }
        }
        targets = targets.indices.filter { !handled[$0] }.map { targets[$0] }
    }

    /// `a + alpha × b` without `skip`, as a detached row (entries of `a` first,
    /// then the new ones of `b`, in order; negligible coefficients dropped).
    /// Costs one pass over each; nothing in the tableau changes.
    mutating func combined(_ a: Row, _ alpha: Double, _ b: Row, skip: Int32) -> Row {
        let g = nextAccumulatorStamp()
        var added: [Int32] = []
        var entries: [Entry] = []
        var acc = accumulator, stamps = accumulatorStamp
        accumulator = []
        accumulatorStamp = []
        acc.withUnsafeMutableBufferPointer { acc in
            stamps.withUnsafeMutableBufferPointer { stamps in
                a.entries.withUnsafeBufferPointer { first in
                    b.entries.withUnsafeBufferPointer { second in
                        for e in first {
                            acc[Int(e.symbol)] = e.coefficient
                            stamps[Int(e.symbol)] = g
                        }
                        for e in second {
                            let s = Int(e.symbol)
                            if stamps[s] == g {
                                acc[s] += alpha * e.coefficient
                            } else {
                                acc[s] = alpha * e.coefficient
                                stamps[s] = g
                                added.append(e.symbol)
                            }
                        }
                        for e in first where e.symbol != skip && !Tolerance.isZero(acc[Int(e.symbol)]) {
                            entries.append(Entry(symbol: e.symbol, coefficient: acc[Int(e.symbol)]))
                        }
                    }
                }
                for s in added where s != skip && !Tolerance.isZero(acc[Int(s)]) {
                    entries.append(Entry(symbol: s, coefficient: acc[Int(s)]))
                }
            }
        }
        accumulator = acc
        accumulatorStamp = stamps
        return Row(basic: -1, isDefinition: false, constant: a.constant + alpha * b.constant, entries: entries)
    }

    /// Gives the storage of long row `t` (`cell` locates `y` in it) to short
    /// row `s` (see the file comment): afterwards row `s` holds T' with T's
    /// basic symbol and row `t` holds S' with S's basic symbol.
    private mutating func exchange(long cell: Cell, short s: Int32, alpha: Double, beta: Double,
                                   collapsed: Row, symbol y: Int32) {
        let t = cell.row
        exchangeCount += 1
        let k = beta / alpha
        let longBasic = rows[Int(t)].basic, shortBasic = rows[Int(s)].basic
        let shortRow = rows[Int(s)]
        journal.noteRow(t, rows[Int(t)])
        journal.noteRow(s, rows[Int(s)])
        detach(s)
        rows[Int(s)] = Row(basic: longBasic, isDefinition: false, constant: collapsed.constant, entries: collapsed.entries)
        attach(s)
        removeEntry(row: t, at: cell.position)
        rows[Int(t)].entries.withUnsafeMutableBufferPointer { entries in
            for i in entries.indices { entries[i].coefficient *= -k }
        }
        rows[Int(t)].constant *= -k
        rows[Int(t)].basic = shortBasic
        setRowOf(longBasic, s)
        setRowOf(shortBasic, t)
        addScaled(toRow: t, shortRow, 1, skip: y, skipPosition: -1)
        addScaled(toRow: t, collapsed, k, skip: -1, skipPosition: -1)
        noteRowChange(s)
        noteRowChange(t)
    }
}
