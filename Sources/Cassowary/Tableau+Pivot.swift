// Pivoting: exchanging a basic and a nonbasic symbol, and substituting the
// new basic symbol's row into every core row, objective row and the phase-one
// row that mention it.

extension Tableau {
    /// Makes `entering` basic in core row `rid`; the row's old basic symbol leaves.
    mutating func pivot(entering: Int32, row rid: Int32) {
        let old = rows[Int(rid)]
        let leaving = old.basic
        journal.noteRow(rid, old)
        var solved = old.solved(for: entering, keepingBasic: true)
        solved.basic = entering
        rows[Int(rid)] = solved
        // The row id keeps its entries' column links; only `entering` and
        // `leaving` swap roles.
        Self.removeFromColumn(&coreColumn[Int(entering)], rid)
        coreColumn[Int(leaving)].append(rid)
        setRowOf(leaving, -1)
        setRowOf(entering, rid)
        noteRowChange(rid)
        substitute(entering, row: rid)
    }

    /// Replaces `symbol` by row `rid` (whose basic symbol it is) everywhere else.
    mutating func substitute(_ symbol: Int32, row rid: Int32) {
        let source = rows[Int(rid)]
        let column = coreColumn[Int(symbol)]
        for q in column where q != rid {
            let alpha = rows[Int(q)].coefficient(of: symbol)
            addScaled(toRow: q, source, alpha, skip: symbol)
        }
        for level in objective.indices {
            let alpha = objective[level].coefficient(of: symbol)
            if alpha != 0 { addScaled(toObjective: level, source, alpha, skip: symbol) }
        }
        if artificial != nil {
            let alpha = artificial!.coefficient(of: symbol)
            if alpha != 0 {
                artificial!.constant += alpha * source.constant
                scratchAdded.removeAll(keepingCapacity: true)
                scratchRemoved.removeAll(keepingCapacity: true)
                source.entries.withUnsafeBufferPointer { src in
                    mergeScaled(&artificial!.entries, src, alpha, skip: symbol,
                                scratch: &scratchEntries, added: &scratchAdded, removed: &scratchRemoved)
                }
            }
        }
    }

    /// `objective[level] += alpha × source` (minus `skip`); every symbol whose
    /// reduced cost changed becomes an entering candidate to re-check.
    mutating func addScaled(toObjective level: Int, _ source: Row, _ alpha: Double, skip: Int32) {
        noteObjectiveChange()
        scratchAdded.removeAll(keepingCapacity: true)
        scratchRemoved.removeAll(keepingCapacity: true)
        objective[level].constant += alpha * source.constant
        source.entries.withUnsafeBufferPointer { src in
            mergeScaled(&objective[level].entries, src, alpha, skip: skip,
                        scratch: &scratchEntries, added: &scratchAdded, removed: &scratchRemoved)
        }
        for e in source.entries { noteCandidate(e.symbol) }
    }

    @inline(__always) mutating func noteCandidate(_ s: Int32) {
        if !flags[Int(s)].contains(.candidate) {
            flags[Int(s)].insert(.candidate)
            Heap.push(&candidates, s)
        }
    }
}
