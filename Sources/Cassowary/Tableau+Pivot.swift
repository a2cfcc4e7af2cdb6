// Pivoting: exchanging a basic and a nonbasic symbol, and substituting the
// new basic symbol's row into every core row, objective row and the phase-one
// row that mention it.

extension Tableau {
    /// Makes `entering` basic in core row `rid`; the row's old basic symbol
    /// leaves and takes the entering symbol's place in the row.
    mutating func pivot(entering: Int32, row rid: Int32) {
        exchangeRoles(entering: entering, row: rid)
        substitute(entering, row: rid)
    }

    /// The first half of a pivot: row `rid` is solved for `entering`, which
    /// becomes its basic symbol; the old basic symbol leaves. The rest of the
    /// tableau still mentions `entering` until it is substituted.
    mutating func exchangeRoles(entering: Int32, row rid: Int32) {
        let leaving = rows[Int(rid)].basic
        pivotCount += 1
        journal.noteRow(rid, rows[Int(rid)])
        let p = position(of: entering, inRow: rid)!
        let a = rows[Int(rid)].entries[Int(p)].coefficient
        let scale = -1 / a
        rows[Int(rid)].entries.withUnsafeMutableBufferPointer { entries in
            for i in entries.indices { entries[i].coefficient *= scale }
        }
        replaceEntry(row: rid, at: p, with: Entry(symbol: leaving, coefficient: 1 / a))
        rows[Int(rid)].constant *= scale
        rows[Int(rid)].basic = entering
        setRowOf(leaving, -1)
        setRowOf(entering, rid)
        noteRowChange(rid)
    }

    /// Replaces `symbol` by row `rid` (whose basic symbol it is) everywhere else.
    mutating func substitute(_ symbol: Int32, row rid: Int32) {
        substitute(symbol, row: rid, into: coreColumn[Int(symbol)].filter { $0.row != rid })
    }

    /// Replaces `symbol` by row `rid` in the core rows `targets` (cells of
    /// `symbol`'s column), the objective and the phase-one row.
    mutating func substitute(_ symbol: Int32, row rid: Int32, into targets: [Cell]) {
        let source = rows[Int(rid)]
        var targets = targets
        if source.entries.count >= tuning.exchangeThreshold && targets.count >= 2 {
            exchangeLongTargets(&targets, symbol: symbol, source: source)
        }
        if prefersColumnWalk(targets, source: source) {
            substituteByColumns(targets, symbol: symbol, source: source)
        } else {
            for cell in targets {
                let alpha = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
                addScaled(toRow: cell.row, source, alpha, skip: symbol, skipPosition: cell.position)
            }
        }
        // A copy: each level's substitution drops that level from `symbol`.
        let costs = objectiveCosts[Int(symbol)]
        if costs.count <= ReducedCost.inlineCapacity {
            if costs.count > 0 { addScaled(toObjective: costs.first.rank, source, costs.first.coefficient, skip: symbol) }
            if costs.count > 1 { addScaled(toObjective: costs.second.rank, source, costs.second.coefficient, skip: symbol) }
        } else {
            for c in costSpill[Int(costs.spill)] { addScaled(toObjective: c.rank, source, c.coefficient, skip: symbol) }
        }
        if artificialActive {
            let alpha = artificialCoefficient[Int(symbol)]
            if alpha != 0 { addToArtificial(source, alpha, skip: symbol) }
        }
    }

    /// Whether substituting `source` into `targets` costs less walking the
    /// source's columns once (`substituteByColumns`) than merging target by
    /// target. A merge finds the source's symbols in a target through their
    /// columns or, when those are long, by mapping the whole target: with a
    /// short row shared by thousands of long rows (a grow unit every row
    /// below it mentions), each pivot then read every one of those long rows
    /// in full (100 M entries on the `grow` load at 10,000 views). Adds the
    /// entries the chosen way reads to `substitutionReads`.
    private mutating func prefersColumnWalk(_ targets: [Cell], source: Row) -> Bool {
        var targetCost = 0
        for cell in targets { targetCost += rows[Int(cell.row)].entries.count }
        // Few targets: merge them (summing a long source's columns would cost
        // more than it saves).
        guard targets.count >= tuning.columnWalkTargets else {
            substitutionReads += targetCost
            return false
        }
        let always = tuning.columnWalkTargets == 0
        var walkCost = 0
        for e in source.entries {
            walkCost += coreColumn[Int(e.symbol)].count
            if walkCost >= targetCost && !always { break }
        }
        let walk = walkCost < targetCost || always
        substitutionReads += walk ? walkCost : targetCost
        return walk
    }

    /// `rows[t] += alpha_t × source` for every target t (alpha_t its
    /// coefficient of `y`, which the source replaces), one source entry at a
    /// time: the entry's column is walked once to find the targets that
    /// mention its symbol, then each target is updated or extended. Costs
    /// O(Σ column lengths + targets × |source|), never the targets' lengths.
    /// Each target sees the same operations in the same order as with
    /// `addScaled`, and each column too (targets are visited in order), so
    /// rows and columns come out exactly as target-by-target merging leaves them.
    private mutating func substituteByColumns(_ targets: [Cell], symbol y: Int32, source: Row) {
        let g = nextTargetGeneration()
        var alphas: [Double] = []
        alphas.reserveCapacity(targets.count)
        for cell in targets { journal.noteRow(cell.row, rows[Int(cell.row)]) }
        // The rows and columns are edited as locals (see `CoreRowEditor`).
        var rowStore: [Row] = []
        var columns: [[Cell]] = []
        swap(&rowStore, &rows)
        swap(&columns, &coreColumn)
        let emptied = rowStore.withUnsafeMutableBufferPointer { buffer in
            var editor = CoreRowEditor(rows: buffer)
            swap(&editor.columns, &columns)
            for (i, cell) in targets.enumerated() {
                let rid = Int(cell.row)
                let alpha = editor.rows[rid].entries[Int(cell.position)].coefficient
                alphas.append(alpha)
                editor.rows[rid].constant += alpha * source.constant
                // `y` leaves every target: its column empties, so it is not
                // refitted on the way down.
                editor.remove(row: cell.row, at: cell.position, trimming: false)
                targetStamp[rid] = g
                targetIndex[rid] = Int32(i)
            }
            editor.releaseIfEmpty(y)
            mergedEntries += source.entries.count * targets.count
            // Position of the current source symbol in each target, or -1.
            var found = [Int32](repeating: -1, count: targets.count)
            for e in source.entries where e.symbol != y {
                for cell in editor.columns[Int(e.symbol)] where targetStamp[Int(cell.row)] == g {
                    found[Int(targetIndex[Int(cell.row)])] = cell.position
                }
                editor.add(e.symbol, e.coefficient, to: targets, alphas: alphas, found: &found)
            }
            swap(&editor.columns, &columns)
            return editor.emptied
        }
        swap(&rowStore, &rows)
        swap(&columns, &coreColumn)
        for s in emptied { noteColumnEmptied(s) }
        for cell in targets { noteRowChange(cell.row) }
    }

    /// A fresh stamp for `targetStamp` (rows with an older stamp are not
    /// targets), sized to the rows; cleared on the rare wrap-around.
    mutating func nextTargetGeneration() -> UInt32 {
        if targetStamp.count < rows.count {
            targetStamp.append(contentsOf: repeatElement(0, count: rows.count - targetStamp.count))
            targetIndex.append(contentsOf: repeatElement(0, count: rows.count - targetIndex.count))
        }
        targetGeneration &+= 1
        if targetGeneration == 0 {
            for i in targetStamp.indices { targetStamp[i] = 0 }
            targetGeneration = 1
        }
        return targetGeneration
    }

    /// The phase-one row += alpha × source (minus `skip`).
    mutating func addToArtificial(_ source: Row, _ alpha: Double, skip: Int32) {
        artificialConstant += alpha * source.constant
        if skip >= 0 { artificialCoefficient[Int(skip)] = 0 }
        for e in source.entries where e.symbol != skip {
            let s = Int(e.symbol)
            var c = artificialCoefficient[s] + alpha * e.coefficient
            if Tolerance.isZero(c) { c = 0 }
            artificialCoefficient[s] = c
            if !flags[s].contains(.artificial) {
                flags[s].insert(.artificial)
                artificialSymbols.append(e.symbol)
            }
        }
    }

    mutating func beginArtificial(_ row: Row) {
        if artificialCoefficient.isEmpty { artificialCoefficient = Array(repeating: 0, count: symbols.count) }
        artificialActive = true
        artificialConstant = 0
        addToArtificial(row, 1, skip: -1)
    }

    /// The phase-one row as a sparse row.
    func artificialRow() -> Row {
        var entries: [Entry] = []
        for s in artificialSymbols where artificialCoefficient[Int(s)] != 0 {
            entries.append(Entry(symbol: s, coefficient: artificialCoefficient[Int(s)]))
        }
        return Row(basic: -1, isDefinition: false, constant: artificialConstant, entries: entries)
    }

    mutating func endArtificial() {
        for s in artificialSymbols where Int(s) < flags.count {
            flags[Int(s)].remove(.artificial)
            artificialCoefficient[Int(s)] = 0
        }
        artificialSymbols.removeAll(keepingCapacity: true)
        artificialActive = false
        artificialConstant = 0
    }

    /// The objective at level `rank` += alpha × source (minus `skip`, whose term is being
    /// replaced); symbols that now improve the objective become candidates.
    mutating func addScaled(toObjective rank: Int32, _ source: Row, _ alpha: Double, skip: Int32) {
        if skip >= 0 { setObjective(rank, skip, 0) }
        for e in source.entries {
            addToCost(rank, e.symbol, alpha * e.coefficient)
            noteCandidate(e.symbol)
        }
    }

    /// Queues `s` for the primal simplex if its reduced cost now improves the objective.
    @inline(__always) mutating func noteCandidate(_ s: Int32) {
        let k = kind(s)
        guard k != .dummy, k != .unused, symbols[Int(s)].row < 0 else { return }
        let sign = reducedCostSign(s)
        guard k == .external || k == .released ? sign != 0 : sign < 0 else { return }
        if !flags[Int(s)].contains(.candidate) {
            flags[Int(s)].insert(.candidate)
            let rows = strictCandidateOrder ? -1 : candidateKey(s)
            Heap.push(&candidates, Candidate(rows: rows, symbol: s), before: Candidate.before)
        }
    }

    /// The next entering candidate: the one in the fewest core rows (its pivot
    /// touches the fewest rows; keys are refreshed lazily, since counts change
    /// after a symbol is queued), ties by `precedes`; strictly by `precedes`
    /// once `strictCandidateOrder` is set. Symbols in a few rows all count
    /// as cheap, so small systems keep the plain id order.
    mutating func popCandidate() -> Int32? {
        while let top = Heap.pop(&candidates, before: Candidate.before) {
            if strictCandidateOrder { return top.symbol }
            let rows = candidateKey(top.symbol)
            if rows == top.rows { return top.symbol }
            Heap.push(&candidates, Candidate(rows: rows, symbol: top.symbol), before: Candidate.before)
        }
        return nil
    }

    /// The heap key of candidate `s`: its number of core rows, 0 up to
    /// `tuning.cheapPivotRows`.
    @inline(__always) func candidateKey(_ s: Int32) -> Int32 {
        let rows = coreColumn[Int(s)].count
        return rows <= tuning.cheapPivotRows ? 0 : Int32(rows)
    }

    /// From now on candidates come strictly by `precedes` (Bland's rule,
    /// which cannot cycle), until `optimize` ends.
    mutating func useStrictCandidateOrder() {
        guard !strictCandidateOrder else { return }
        strictCandidateOrder = true
        let queued = candidates.map(\.symbol)
        candidates.removeAll(keepingCapacity: true)
        for s in queued { Heap.push(&candidates, Candidate(rows: -1, symbol: s), before: Candidate.before) }
    }
}

/// A symbol queued for the primal simplex, keyed by the number of core rows
/// that mentioned it when it was (re)queued; -1 while only `precedes` counts.
struct Candidate: Sendable {
    var rows: Int32
    var symbol: Int32

    static func before(_ a: Candidate, _ b: Candidate) -> Bool {
        a.rows != b.rows ? a.rows < b.rows : Tableau.precedes(a.symbol, b.symbol)
    }
}

/// Core rows and their columns moved out of the tableau while a
/// substitution edits thousands of them: entries are appended and removed
/// as `Tableau.appendEntry` and `removeEntry` do, but on locals held
/// uniquely, which costs a fraction of going through the tableau's
/// properties each time (measured: 180 and 260 instructions per call there).
///
/// The rows are reached through the storage of the tableau's row array,
/// lent for the walk by `withUnsafeMutableBufferPointer` (the array itself
/// is moved out of the tableau meanwhile, so nothing else can reach it): a
/// write through the array checked its uniqueness first, once for the
/// array of rows and once for the row's entries, for every (source entry,
/// target) pair; through the buffer only the entries' check remains.
struct CoreRowEditor {
    let rows: UnsafeMutableBufferPointer<Row>
    var columns: [[Cell]] = []
    /// Symbols whose column became empty, in order.
    var emptied: [Int32] = []

    init(rows: UnsafeMutableBufferPointer<Row>) {
        self.rows = rows
    }

    /// `rows[t] += alphas[i] × coefficient × s` for every target t = targets[i],
    /// where `found[i]` is the position of `s` in t or -1 (reset to -1 here).
    /// The same appends and removals in the same order as one at a time, but
    /// with `s`'s column held as a local: every append goes to that column,
    /// and a removal touches only it and the column of the entry it moves,
    /// so most writes skip a check of the array of columns. The column grows
    /// at most once per call (to at least double), and is refitted at most
    /// once, at the end, however many targets it gains or loses.
    @inline(__always) mutating func add(
        _ s: Int32, _ coefficient: Double, to targets: [Cell], alphas: [Double], found: inout [Int32]
    ) {
        var column: [Cell] = []
        swap(&column, &columns[Int(s)])
        var missing = 0
        for p in found where p < 0 { missing += 1 }
        let most = column.count + missing
        if column.capacity < most { column.reserveCapacity(Swift.max(most, 2 * column.capacity)) }
        for i in targets.indices {
            let rid = Int(targets[i].row)
            let delta = alphas[i] * coefficient
            let p = found[i]
            if p >= 0 {
                found[i] = -1
                let c = rows[rid].entries[Int(p)].coefficient + delta
                if Tolerance.isZero(c) {
                    remove(row: Int32(rid), at: p, column: &column, trimming: false)
                } else {
                    rows[rid].entries[Int(p)].coefficient = c
                }
            } else if !Tolerance.isZero(delta) {
                var entry = Entry(symbol: s, coefficient: delta)
                entry.cell = Int32(column.count)
                column.append(Cell(row: Int32(rid), position: Int32(rows[rid].entries.count)))
                rows[rid].entries.append(entry)
            }
        }
        if Cell.needsTrim(column) { Cell.refit(&column) }
        swap(&column, &columns[Int(s)])
    }

    /// Removes the entry at `position` of core row `rid`: its cell leaves the
    /// column (the column's last cell fills the hole) and the row's last
    /// entry takes its place. `trimming: false` leaves the column's storage
    /// as it is, for a column about to empty.
    @inline(__always) mutating func remove(row rid: Int32, at position: Int32, trimming: Bool) {
        let s = Int(rows[Int(rid)].entries[Int(position)].symbol)
        var column: [Cell] = []
        swap(&column, &columns[s])
        remove(row: rid, at: position, column: &column, trimming: trimming)
        swap(&column, &columns[s])
    }

    /// Frees the storage of `s`'s column once nothing is left in it.
    mutating func releaseIfEmpty(_ s: Int32) {
        if columns[Int(s)].isEmpty { columns[Int(s)] = [] }
    }

    /// `remove(row:at:trimming:)` with the removed entry's column held by the
    /// caller (taken out of `columns`).
    @inline(__always) private mutating func remove(row rid: Int32, at position: Int32, column: inout [Cell], trimming: Bool) {
        let e = rows[Int(rid)].entries[Int(position)]
        let index = Int(e.cell)
        let last = column.removeLast()
        if index != column.count {
            column[index] = last
            rows[Int(last.row)].entries[Int(last.position)].cell = Int32(index)
        } else if index == 0 {
            emptied.append(e.symbol)
        }
        if trimming && Cell.needsTrim(column) { Cell.refit(&column) }
        let moved = rows[Int(rid)].entries.removeLast()
        if position != Int32(rows[Int(rid)].entries.count) {
            rows[Int(rid)].entries[Int(position)] = moved
            columns[Int(moved.symbol)][Int(moved.cell)].position = position
        }
    }
}
