/// What a symbol stands for.
enum SymbolKind: UInt8, Sendable {
    /// A user variable: unrestricted.
    case external
    /// The slack of an inequality (≥ 0); also the phase-one artificial symbol.
    case slack
    /// The error of a preference (≥ 0, minimised at its priority level).
    case error
    /// The marker of a required equality: fixed at 0, never enters the basis.
    case dummy
    /// A marker or error of a removed constraint, left in place until it can
    /// be dropped cheaply (see `Tableau+Release`): unrestricted, like an
    /// external, so the constraint it stood for no longer binds.
    case released
    /// A recycled id.
    case unused
}

/// Per-symbol state that a transaction saves and restores.
///
/// 16 bytes: the kind shares a 64-bit word with the rank (a one-byte kind
/// beside a 64-bit rank padded the struct to 24 bytes, 1 MB of the
/// 10,000-view render). Ranks stay far inside the 56 bits left: a new
/// rank that would not fit makes the definitions relabel (`fittingRank`).
struct SymbolInfo: Sendable {
    /// The row id whose basic symbol this is, or -1 when nonbasic.
    var row: Int32
    /// The constraint record that owns this marker or error symbol, or -1.
    var owner: Int32
    /// The rank in the high 56 bits (signed), the kind's raw value in the low 8.
    private var rankAndKind: Int64

    /// The largest rank magnitude stored.
    static let rankLimit: Int64 = (1 << 55) - 1

    init(kind: SymbolKind, row: Int32, owner: Int32, rank: Int64) {
        self.row = row
        self.owner = owner
        rankAndKind = 0
        self.rank = rank
        self.kind = kind
    }

    var kind: SymbolKind {
        @inline(__always) get { SymbolKind(rawValue: UInt8(truncatingIfNeeded: rankAndKind))! }
        @inline(__always) set { rankAndKind = rankAndKind & ~0xFF | Int64(newValue.rawValue) }
    }

    /// Topological label of a defined external (see `Tableau+Definitions`).
    var rank: Int64 {
        @inline(__always) get { rankAndKind >> 8 }
        set {
            precondition(abs(newValue) <= Self.rankLimit, "definition rank out of range")
            rankAndKind = newValue << 8 | rankAndKind & 0xFF
        }
    }
}

/// What an external symbol stands for: the user variable, and the value
/// `takeChangedVariables` last reported for it.
struct ExternalInfo: Sendable {
    var variable: Variable?
    var reported: Double
}

/// Flags kept per symbol outside transactions.
struct SymbolFlags: OptionSet, Sendable {
    let rawValue: UInt8
    static let candidate = SymbolFlags(rawValue: 1)
    static let infeasible = SymbolFlags(rawValue: 2)
    static let pending = SymbolFlags(rawValue: 4)
    static let changed = SymbolFlags(rawValue: 8)
    static let valueValid = SymbolFlags(rawValue: 16)
    static let artificial = SymbolFlags(rawValue: 32)
    static let tidy = SymbolFlags(rawValue: 64)
    /// A basic symbol that rows still mention during `optimize` (`Tableau+Hubs`).
    static let hub = SymbolFlags(rawValue: 128)
}

/// Size thresholds of the solver's shortcuts. The defaults suit layouts;
/// tests lower them so that small systems take every path.
struct Tuning: Sendable {
    /// Pivot rows at least this long look for a pair of target rows to
    /// exchange (see `Tableau+Exchange`).
    var exchangeThreshold = 256
    /// Entries a dropped released row may spread into definitions (row length
    /// × definitions; see `Tableau+Release`).
    var tidyLimit = 64
    /// Released symbols kept before the oldest are eliminated: this many
    /// plus half the number of constraints.
    var releasedBase = 32
    /// Merges of sources at least this long map the destination's positions first.
    var mappedMergeLength = 32
    /// Entering symbols in at most this many core rows count as equally cheap
    /// (the primal simplex takes them in id order).
    var cheapPivotRows = 32
    /// Pivots one primal optimisation may choose by sparsity (this many plus
    /// so many per row) before it keeps to Bland's rule.
    var sparseEnteringBase = 1_000
    var sparseEnteringPerRow = 2
    /// A required constraint re-defining a variable of the simplex tableau is
    /// inserted through the dual simplex only while at most this many symbols
    /// wait to enter (the tableau is nearly optimal); otherwise through phase one.
    var dualInsertCandidates = 16
    /// Substitutions into at least this many rows may walk the source's
    /// columns instead of merging row by row (see `substituteByColumns`);
    /// 0 walks columns for every substitution (tests).
    var columnWalkTargets = 64
    /// A primal optimisation keeps an entering symbol that at least this many
    /// rows mention (besides hub rows) as a shared basic symbol, a hub (see
    /// `Tableau+Hubs`), instead of substituting its row into them; `.max`
    /// never does, 0 always does. (On the `grow` load 16 and 8 measured
    /// fastest; 32 and 64 were 5–8 % slower.)
    var hubTargets = 16
    /// The ratio test with hubs reads the rows at value 0 first and the
    /// rest only when none of them blocks (see `hubLeavingRow`); false
    /// reads every row at once (tests: the pivots must be the same).
    var zeroRowsFirst = true
}

/// The solver's numeric state: a sparse simplex tableau ("core" rows over
/// nonbasic symbols), plus definition rows that pin external variables to
/// original constraints, a lexicographic objective with one row per priority
/// level, dirty tracking for values, and an undo journal for transactions.
///
/// Everything lives in flat arrays indexed by symbol id or row id; rows are
/// sparse vectors; `coreColumn[s]` / `definitionColumn[s]` list the rows (and
/// positions) that mention `s`, so a substitution touches only those rows and
/// costs in proportion to the short row being substituted, not the long rows
/// it lands in.
struct Tableau: Sendable {
    var tuning = Tuning()

    // Symbols.
    var symbols: [SymbolInfo] = []
    var flags: [SymbolFlags] = []
    var coreColumn: [[Cell]] = []
    /// Definitions' columns, almost all of one cell: stored inline (see `CompactColumns`).
    var definitionColumn = CompactColumns()
    var cachedValue: [Double] = []
    /// Per symbol, its entry in `externals`, or -1. Only external symbols need
    /// a variable and a reported value, and most symbols are markers and
    /// errors: per-symbol arrays of both took 32 bytes a symbol (4 MB of the
    /// 10,000-view render). An entry stays with its symbol id once made (a
    /// recycled id that becomes an external again reuses it), so transactions
    /// need not save it; ids a rollback truncates give theirs back.
    var externalSlot: [Int32] = []
    var externals: [ExternalInfo] = []
    var freeExternals: [Int32] = []
    var freeSymbols: [Int32] = []

    // Rows.
    var rows: [Row] = []
    var freeRows: [Int32] = []

    // Objective: for every symbol, its non-zero costs by priority level,
    // highest first (see `Tableau+Objective`), so a symbol's reduced cost is
    // one short read whatever the number of levels. `levels` lists the
    // priority ranks in use and `levelUse` how many preferences use each.
    var levels: [Int] = []
    var objectiveCosts = CostTable()
    /// Cost lists of the symbols with costs at more than two levels
    /// (`ReducedCost.spill`), and the slots free for reuse.
    var costSpill: [[LevelCost]] = []
    var freeSpill: [Int32] = []
    var levelUse: [Int] = []
    /// The phase-one objective while a required constraint is being added:
    /// dense coefficients plus the list of symbols that may be non-zero.
    /// The coefficients are empty until phase one first runs, then hold one
    /// per symbol: a load adds its constraints without phase one, and a
    /// coefficient per symbol was 1 MB of the 10,000-view render's peak.
    var artificialActive = false
    var artificialConstant = 0.0
    var artificialCoefficient: [Double] = []
    var artificialSymbols: [Int32] = []

    // Work lists (min-heaps, flagged to avoid duplicates).
    var candidates: [Candidate] = []
    var strictCandidateOrder = false
    var infeasible: [Int32] = []
    var pending: [Int32] = []
    var changedExternals: [Int32] = []

    // Released symbols in the order they were released, from `releasedHead`
    // on (may hold ids since dropped; see `Tableau+Release`), and the ones
    // whose state changed since they were last tidied.
    var released: [Int32] = []
    var releasedHead = 0
    var releasedToTidy: [Int32] = []

    // Definition ranks.
    var highestRank: Int64 = 0

    // Transactions.
    var journal = Journal()

    // Scratch buffers reused across calls.
    var accumulator: [Double] = []
    var accumulatorStamp: [UInt32] = []
    var stamp: UInt32 = 0
    var evaluationStack: [Int32] = []
    /// Position of each symbol in the row being merged into (valid where the stamp matches).
    var positionMap: [Int32] = []
    var positionStamp: [UInt32] = []
    var positionGeneration: UInt32 = 0
    /// Rows that are targets of the substitution under way (stamp) and their
    /// index among the targets (see `substituteByColumns`).
    var targetStamp: [UInt32] = []
    var targetIndex: [Int32] = []
    var targetGeneration: UInt32 = 0
    /// Shared basic symbols of the running optimisation (`Tableau+Hubs`).
    var hubs = HubState()
    /// Pivots and merged row entries so far (diagnostics).
    /// Set when adds or removes left the objective unoptimised; preferences
    /// are optimised lazily, before the next read, edit or query.
    var needsOptimization = false
    var pivotCount = 0
    var mergedEntries = 0
    var exchangeCount = 0
    /// Entries substitutions read to find where the source's symbols sit in
    /// their targets: the source's columns when walking them, else the
    /// targets' entries (what mapping each target reads; diagnostics, see
    /// `prefersColumnWalk`).
    var substitutionReads = 0

    var symbolCount: Int { symbols.count }

    @inline(__always) func kind(_ s: Int32) -> SymbolKind { symbols[Int(s)].kind }
    @inline(__always) func rowID(_ s: Int32) -> Int32 { symbols[Int(s)].row }
    @inline(__always) func isBasic(_ s: Int32) -> Bool { symbols[Int(s)].row >= 0 }
    @inline(__always) func isDefined(_ s: Int32) -> Bool {
        let r = symbols[Int(s)].row
        return r >= 0 && rows[Int(r)].isDefinition
    }
    @inline(__always) func isCoreBasic(_ s: Int32) -> Bool {
        let r = symbols[Int(s)].row
        return r >= 0 && !rows[Int(r)].isDefinition
    }
    @inline(__always) func isRestricted(_ s: Int32) -> Bool {
        let k = symbols[Int(s)].kind
        return k == .slack || k == .error
    }
    /// Unrestricted: an external or a released symbol (either sign, never blocks a ratio test).
    @inline(__always) func isFree(_ s: Int32) -> Bool {
        let k = symbols[Int(s)].kind
        return k == .external || k == .released
    }

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind, owner: Int32 = -1, variable: Variable? = nil) -> Int32 {
        let info = SymbolInfo(kind: kind, row: -1, owner: owner, rank: 0)
        let s: Int32
        if let reused = freeSymbols.popLast() {
            s = reused
            journal.noteSymbol(s, symbols[Int(s)])
            symbols[Int(s)] = info
            flags[Int(s)] = []
            setExternal(s, variable)
            cachedValue[Int(s)] = .nan
            journal.log(.allocateSymbol(s, reused: true))
        } else {
            s = Int32(symbols.count)
            symbols.append(info)
            journal.noteSymbol(s, SymbolInfo(kind: .unused, row: -1, owner: -1, rank: 0))
            flags.append([])
            coreColumn.append([])
            definitionColumn.appendSymbol()
            externalSlot.append(-1)
            setExternal(s, variable)
            cachedValue.append(.nan)
            accumulator.append(0)
            accumulatorStamp.append(0)
            if !artificialCoefficient.isEmpty { artificialCoefficient.append(0) }
            positionMap.append(0)
            positionStamp.append(0)
            objectiveCosts.append(ReducedCost())
            journal.log(.allocateSymbol(s, reused: false))
        }
        if kind == .external { notePending(s) }
        return s
    }

    /// Room for `count` symbols in every per-symbol array and for `rowCount`
    /// rows (see `Solver.reserveCapacity(forAdding:)`); changes no content.
    mutating func reserveSymbols(_ count: Int, rows rowCount: Int) {
        // Each array on its own: their capacities differ (malloc rounds
        // them), and reserving what is already there costs nothing.
        rows.reserveCapacity(rowCount)
        symbols.reserveCapacity(count)
        flags.reserveCapacity(count)
        coreColumn.reserveCapacity(count)
        definitionColumn.reserveCapacity(count)
        externalSlot.reserveCapacity(count)
        cachedValue.reserveCapacity(count)
        accumulator.reserveCapacity(count)
        accumulatorStamp.reserveCapacity(count)
        positionMap.reserveCapacity(count)
        positionStamp.reserveCapacity(count)
        objectiveCosts.reserveCapacity(count)
    }

    mutating func freeSymbol(_ s: Int32) {
        clearObjective(of: s)
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)] = SymbolInfo(kind: .unused, row: -1, owner: -1, rank: 0)
        setExternal(s, nil)
        freeSymbols.append(s)
        journal.log(.freeSymbol(s))
    }

    mutating func setRowOf(_ s: Int32, _ row: Int32) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)].row = row
        notePending(s)
        if row >= 0 && symbols[Int(s)].kind == .released { noteTidy(s) }
    }

    mutating func setRank(_ s: Int32, _ rank: Int64) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)].rank = rank
    }

    // MARK: Rows and columns

    @inline(__always) func position(of s: Int32, inRow rid: Int32) -> Int32? {
        if rows[Int(rid)].isDefinition {
            for cell in definitionColumn[Int(s)] where cell.row == rid { return cell.position }
            return nil
        }
        for cell in coreColumn[Int(s)] where cell.row == rid { return cell.position }
        return nil
    }

    /// The coefficient of `s` in tableau row `rid` (0 when absent).
    @inline(__always) func coefficient(of s: Int32, inRow rid: Int32) -> Double {
        guard let p = position(of: s, inRow: rid) else { return 0 }
        return rows[Int(rid)].entries[Int(p)].coefficient
    }

    /// Indexes the entry at `position` of row `rid` in its symbol's column.
    @inline(__always) private mutating func linkCell(row rid: Int32, position: Int32) {
        let s = Int(rows[Int(rid)].entries[Int(position)].symbol)
        let cell = Cell(row: rid, position: position)
        let index: Int
        if rows[Int(rid)].isDefinition {
            index = Int(definitionColumn.append(cell, to: s))
        } else {
            index = coreColumn[s].count
            coreColumn[s].append(cell)
        }
        rows[Int(rid)].entries[Int(position)].cell = Int32(index)
    }

    /// Removes the cell of the entry at `position` of row `rid` from its column
    /// (swapping the column's last cell into its place).
    @inline(__always) private mutating func unlinkCell(row rid: Int32, position: Int32) {
        let e = rows[Int(rid)].entries[Int(position)]
        let s = Int(e.symbol), index = Int(e.cell)
        let moved = rows[Int(rid)].isDefinition
            ? definitionColumn.swapRemove(at: index, of: s)
            : Self.swapRemove(&coreColumn[s], at: index)
        if let moved {
            rows[Int(moved.row)].entries[Int(moved.position)].cell = Int32(index)
        } else if index == 0 {
            noteColumnEmptied(e.symbol)
        }
    }

    /// Removes `column[index]` by moving the last cell into its place; returns the
    /// moved cell, or nil when `index` was the last one.
    @inline(__always) private static func swapRemove(_ column: inout [Cell], at index: Int) -> Cell? {
        let last = column.removeLast()
        guard index != column.count else {
            Cell.trim(&column)
            return nil
        }
        column[index] = last
        Cell.trim(&column)
        return last
    }

    /// Removes the entry at `position` from row `rid` (swap with the last entry).
    mutating func removeEntry(row rid: Int32, at position: Int32) {
        unlinkCell(row: rid, position: position)
        let last = Int32(rows[Int(rid)].entries.count - 1)
        if position != last {
            let moved = rows[Int(rid)].entries[Int(last)]
            rows[Int(rid)].entries[Int(position)] = moved
            if rows[Int(rid)].isDefinition {
                definitionColumn.setPosition(position, ofCell: Int(moved.cell), of: Int(moved.symbol))
            } else {
                coreColumn[Int(moved.symbol)][Int(moved.cell)].position = position
            }
        }
        rows[Int(rid)].entries.removeLast()
    }

    mutating func appendEntry(row rid: Int32, _ s: Int32, _ coefficient: Double) {
        let position = Int32(rows[Int(rid)].entries.count)
        rows[Int(rid)].entries.append(Entry(symbol: s, coefficient: coefficient))
        linkCell(row: rid, position: position)
    }

    mutating func attach(_ rid: Int32) {
        for i in rows[Int(rid)].entries.indices { linkCell(row: rid, position: Int32(i)) }
    }

    mutating func detach(_ rid: Int32) {
        for i in rows[Int(rid)].entries.indices { unlinkCell(row: rid, position: Int32(i)) }
    }

    /// Replaces the symbol of the entry at `position` (the pivot's swap of roles).
    mutating func replaceEntry(row rid: Int32, at position: Int32, with entry: Entry) {
        unlinkCell(row: rid, position: position)
        rows[Int(rid)].entries[Int(position)] = entry
        linkCell(row: rid, position: position)
    }

    static func removeFromColumn(_ column: inout [Int32], _ value: Int32) {
        if let i = column.lastIndex(of: value) {
            column.swapAt(i, column.count - 1)
            column.removeLast()
        }
    }

    /// Stores a new row, indexes it and makes its symbol basic. The row is
    /// consumed: `attach` writes each entry's cell, and an entries buffer
    /// the caller still shared was copied for that (once per constraint).
    @discardableResult
    mutating func insertRow(_ row: consuming Row) -> Int32 {
        let basic = row.basic, isDefinition = row.isDefinition
        let rid: Int32
        if let reused = freeRows.popLast() {
            rid = reused
            journal.noteRow(rid, rows[Int(rid)])
            rows[Int(rid)] = row
            journal.log(.allocateRow(rid, reused: true))
        } else {
            rid = Int32(rows.count)
            rows.append(row)
            journal.noteRow(rid, .free)
            journal.log(.allocateRow(rid, reused: false))
        }
        attach(rid)
        setRowOf(basic, rid)
        if isDefinition { flags[Int(basic)].remove(.valueValid) }
        noteRowChange(rid)
        return rid
    }

    /// Unindexes and frees a row; its basic symbol becomes nonbasic.
    mutating func deleteRow(_ rid: Int32) {
        let basic = rows[Int(rid)].basic
        journal.noteRow(rid, rows[Int(rid)])
        detach(rid)
        rows[Int(rid)] = .free
        freeRows.append(rid)
        journal.log(.freeRow(rid))
        setRowOf(basic, -1)
        flags[Int(basic)].remove(.valueValid)
    }

    /// Called whenever a row's constant or entries change.
    @inline(__always) mutating func noteRowChange(_ rid: Int32) {
        let basic = rows[Int(rid)].basic
        notePending(basic)
        if rows[Int(rid)].isDefinition {
            flags[Int(basic)].remove(.valueValid)
        } else {
            checkFeasibility(of: rows[Int(rid)])
        }
    }

    @inline(__always) mutating func checkFeasibility(of row: Row) {
        let k = kind(row.basic)
        let bad = k == .dummy ? !Tolerance.isZero(row.constant)
            : (k == .slack || k == .error) && Tolerance.isNegative(row.constant)
        if bad && !flags[Int(row.basic)].contains(.infeasible) {
            flags[Int(row.basic)].insert(.infeasible)
            Heap.push(&infeasible, row.basic, before: Tableau.precedes)
        }
    }

    /// `rows[rid] += alpha × source`, without `skip` (the symbol `source`
    /// replaces), which sits at `skipPosition` in the row (-1 when absent).
    /// Each source entry is found through its column; when those columns are
    /// long (symbols that many rows mention), the row's positions are mapped
    /// instead, so a merge costs at most O(|row| + |source|).
    mutating func addScaled(toRow rid: Int32, _ source: Row, _ alpha: Double, skip: Int32, skipPosition: Int32) {
        journal.noteRow(rid, rows[Int(rid)])
        rows[Int(rid)].constant += alpha * source.constant
        mergedEntries += source.entries.count
        let mapCost = rows[Int(rid)].entries.count + source.entries.count
        if source.entries.count >= tuning.mappedMergeLength
            || columnLookupCost(source, definition: rows[Int(rid)].isDefinition, limit: mapCost) > mapCost {
            addScaledMapped(toRow: rid, source, alpha, skip: skip)
            return
        }
        if skipPosition >= 0 { removeEntry(row: rid, at: skipPosition) }
        for e in source.entries where e.symbol != skip {
            let delta = alpha * e.coefficient
            if let p = position(of: e.symbol, inRow: rid) {
                let c = rows[Int(rid)].entries[Int(p)].coefficient + delta
                if Tolerance.isZero(c) { removeEntry(row: rid, at: p) } else { rows[Int(rid)].entries[Int(p)].coefficient = c }
            } else if !Tolerance.isZero(delta) {
                appendEntry(row: rid, e.symbol, delta)
            }
        }
        noteRowChange(rid)
    }

    /// Cells that finding every entry of `source` through its column would
    /// scan, counted up to just past `limit`.
    @inline(__always) private func columnLookupCost(_ source: Row, definition: Bool, limit: Int) -> Int {
        var cost = 0
        for e in source.entries {
            cost += definition ? definitionColumn.count(of: Int(e.symbol)) : coreColumn[Int(e.symbol)].count
            if cost > limit { break }
        }
        return cost
    }

    /// A fresh stamp for the accumulator scratch arrays (entries with an older
    /// stamp count as empty); clears them on the rare wrap-around.
    mutating func nextAccumulatorStamp() -> UInt32 {
        stamp &+= 1
        if stamp == 0 {
            for i in accumulatorStamp.indices { accumulatorStamp[i] = 0 }
            stamp = 1
        }
        return stamp
    }

    /// The same for the position map used by long merges.
    mutating func nextPositionGeneration() -> UInt32 {
        positionGeneration &+= 1
        if positionGeneration == 0 {
            for i in positionStamp.indices { positionStamp[i] = 0 }
            positionGeneration = 1
        }
        return positionGeneration
    }

    /// `addScaled` for long sources: the destination's entries are taken out
    /// as a local array and its positions mapped in one pass, so each source
    /// entry costs O(1) and the row is touched without per-access ownership
    /// checks; O(|destination| + |source|) in all. The scratch arrays are
    /// moved into locals that no closure captures: a captured array is
    /// checked for uniqueness on every write, which cost ~80 instructions per
    /// mapped entry (the grow workload maps 100 M entries on its load).
    private mutating func addScaledMapped(toRow rid: Int32, _ source: Row, _ alpha: Double, skip: Int32) {
        if rows[Int(rid)].isDefinition {
            var merge = MappedMerge<CompactColumns>(generation: nextPositionGeneration(), row: rid)
            swap(&merge.columns, &definitionColumn)
            mergeMapped(&merge, source, alpha, skip: skip)
            swap(&merge.columns, &definitionColumn)
        } else {
            var merge = MappedMerge<[[Cell]]>(generation: nextPositionGeneration(), row: rid)
            swap(&merge.columns, &coreColumn)
            mergeMapped(&merge, source, alpha, skip: skip)
            swap(&merge.columns, &coreColumn)
        }
        noteRowChange(rid)
    }

    /// The body of `addScaledMapped` once the row's columns are in `merge`.
    @inline(__always) private mutating func mergeMapped<Columns: ColumnStore>(
        _ merge: inout MappedMerge<Columns>, _ source: Row, _ alpha: Double, skip: Int32
    ) {
        let rid = merge.row
        swap(&merge.entries, &rows[Int(rid)].entries)
        swap(&merge.map, &positionMap)
        swap(&merge.stamps, &positionStamp)
        merge.mapPositions()
        if skip >= 0 && merge.stamps[Int(skip)] == merge.generation {
            merge.remove(at: Int(merge.map[Int(skip)]), &rows)
        }
        for e in source.entries where e.symbol != skip {
            merge.add(e.symbol, alpha * e.coefficient, &rows)
        }
        swap(&merge.map, &positionMap)
        swap(&merge.stamps, &positionStamp)
        swap(&merge.entries, &rows[Int(rid)].entries)
        for s in merge.emptied { noteColumnEmptied(s) }
    }

    /// Adds `delta` to a row's constant.
    mutating func shiftConstant(ofRow rid: Int32, by delta: Double) {
        journal.noteRow(rid, rows[Int(rid)])
        rows[Int(rid)].constant += delta
        noteRowChange(rid)
    }

    /// Drops `symbol` from every row and the objective; used for symbols whose
    /// true coefficient is zero but that rounding left behind.
    mutating func purge(_ symbol: Int32) {
        // Removing the symbol from one row leaves its positions in the others as they are.
        for cell in coreColumn[Int(symbol)] {
            journal.noteRow(cell.row, rows[Int(cell.row)])
            removeEntry(row: cell.row, at: cell.position)
            noteRowChange(cell.row)
        }
        for cell in definitionColumn[Int(symbol)] {
            journal.noteRow(cell.row, rows[Int(cell.row)])
            removeEntry(row: cell.row, at: cell.position)
            noteRowChange(cell.row)
        }
        clearObjective(of: symbol)
        if artificialActive { artificialCoefficient[Int(symbol)] = 0 }
    }

    /// Structural objective changes (a priority level appears or goes) only
    /// happen for preferences, which never run inside a transaction.
    @inline(__always) func noteObjectiveChange() {
        assert(!journal.isActive, "priority levels changed inside a transaction")
    }

    /// The user variable of symbol `s`; nil unless it is an external.
    @inline(__always) func variable(of s: Int32) -> Variable? {
        let slot = externalSlot[Int(s)]
        return slot < 0 ? nil : externals[Int(slot)].variable
    }

    /// The value last reported for external `s` (NaN: never reported, or not an external).
    func cachedReported(_ s: Int32) -> Double {
        let slot = externalSlot[Int(s)]
        return slot < 0 ? .nan : externals[Int(slot)].reported
    }

    mutating func setReported(_ s: Int32, _ value: Double) {
        let slot = externalSlot[Int(s)]
        if slot >= 0 { externals[Int(slot)].reported = value }
    }

    /// Gives symbol `s` the variable it stands for (nil: none), never reported
    /// yet. Only a symbol that becomes an external takes an entry.
    private mutating func setExternal(_ s: Int32, _ variable: Variable?) {
        var slot = externalSlot[Int(s)]
        if slot < 0 {
            guard variable != nil else { return }
            if let reused = freeExternals.popLast() {
                slot = reused
            } else {
                slot = Int32(externals.count)
                externals.append(ExternalInfo(variable: nil, reported: .nan))
            }
            externalSlot[Int(s)] = slot
        }
        externals[Int(slot)] = ExternalInfo(variable: variable, reported: .nan)
    }

    /// Gives back the external entries of the symbols from `count` on (about
    /// to be truncated by a rollback).
    mutating func releaseExternals(from count: Int) {
        for s in count..<externalSlot.count where externalSlot[s] >= 0 {
            externals[Int(externalSlot[s])] = ExternalInfo(variable: nil, reported: .nan)
            freeExternals.append(externalSlot[s])
        }
        externalSlot.removeLast(externalSlot.count - count)
    }

    /// Whether nothing refers to the symbol.
    func isUnreferenced(_ s: Int32) -> Bool {
        symbols[Int(s)].row < 0 && coreColumn[Int(s)].isEmpty && definitionColumn.count(of: Int(s)) == 0
            && objectiveCosts[Int(s)].count == 0
    }
}

/// Binary heaps stored in plain arrays; the default order is smallest symbol id first.
enum Heap {
    static func push(_ heap: inout [Int32], _ value: Int32) { push(&heap, value, before: <) }

    static func pop(_ heap: inout [Int32]) -> Int32? { pop(&heap, before: <) }

    @inline(__always)
    static func push<T>(_ heap: inout [T], _ value: T, before: (T, T) -> Bool) {
        heap.append(value)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if !before(heap[i], heap[parent]) { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    @inline(__always)
    static func pop<T>(_ heap: inout [T], before: (T, T) -> Bool) -> T? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            let n = heap.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && before(heap[l], heap[m]) { m = l }
                if r < n && before(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}

/// The working state of `Tableau.addScaledMapped`: the destination row's
/// entries, the column index and the position map, moved out of the tableau
/// so that every write goes to a uniquely held local array.
struct MappedMerge<Columns: ColumnStore> {
    let generation: UInt32
    let row: Int32
    var entries: [Entry] = []
    var columns = Columns()
    var map: [Int32] = []
    var stamps: [UInt32] = []
    /// Symbols whose column became empty.
    var emptied: [Int32] = []

    init(generation: UInt32, row: Int32) {
        self.generation = generation
        self.row = row
    }

    /// Records the position of every entry of the destination.
    mutating func mapPositions() {
        for i in entries.indices {
            let s = Int(entries[i].symbol)
            map[s] = Int32(i)
            stamps[s] = generation
        }
    }

    /// Adds `delta` to the coefficient of `symbol`, dropping it when it cancels.
    @inline(__always) mutating func add(_ symbol: Int32, _ delta: Double, _ rows: inout [Row]) {
        let s = Int(symbol)
        if stamps[s] == generation {
            let p = Int(map[s])
            let c = entries[p].coefficient + delta
            if Tolerance.isZero(c) { remove(at: p, &rows) } else { entries[p].coefficient = c }
        } else if !Tolerance.isZero(delta) {
            let p = entries.count
            var entry = Entry(symbol: symbol, coefficient: delta)
            entry.cell = columns.appendCell(Cell(row: row, position: Int32(p)), to: s)
            entries.append(entry)
            map[s] = Int32(p)
            stamps[s] = generation
        }
    }

    /// Removes the entry at `p`: unlinks its cell (the column's last cell
    /// moves into the hole) and moves the last entry into its place.
    mutating func remove(at p: Int, _ rows: inout [Row]) {
        let e = entries[p]
        let column = Int(e.symbol)
        if columns.removeCell(at: Int(e.cell), of: column, &rows) { emptied.append(e.symbol) }
        stamps[column] = 0
        let last = entries.count - 1
        if p != last {
            let moved = entries[last]
            entries[p] = moved
            columns.setCellPosition(Int32(p), at: Int(moved.cell), of: Int(moved.symbol))
            map[Int(moved.symbol)] = Int32(p)
        }
        entries.removeLast()
    }
}

/// What `MappedMerge` needs of a column index: the core rows' array of
/// columns, or the definitions' `CompactColumns`.
protocol ColumnStore {
    init()
    /// Appends `cell` to the column of `s`; returns its index there.
    mutating func appendCell(_ cell: Cell, to s: Int) -> Int32
    /// Removes the cell at `index` of the column of `s` (the last cell moves
    /// into its place, and its row entry is told); true when the column is
    /// empty now.
    mutating func removeCell(at index: Int, of s: Int, _ rows: inout [Row]) -> Bool
    /// Sets the position of the cell at `index` of the column of `s`.
    mutating func setCellPosition(_ position: Int32, at index: Int, of s: Int)
}

extension Array: ColumnStore where Element == [Cell] {
    @inline(__always) mutating func appendCell(_ cell: Cell, to s: Int) -> Int32 {
        let index = Int32(self[s].count)
        self[s].append(cell)
        return index
    }

    @inline(__always) mutating func removeCell(at index: Int, of s: Int, _ rows: inout [Row]) -> Bool {
        let lastCell = self[s].count - 1
        if index != lastCell {
            let moved = self[s][lastCell]
            self[s][index] = moved
            rows[Int(moved.row)].entries[Int(moved.position)].cell = Int32(index)
        }
        self[s].removeLast()
        if Cell.needsTrim(self[s]) { Cell.refit(&self[s]) }
        return lastCell == 0
    }

    @inline(__always) mutating func setCellPosition(_ position: Int32, at index: Int, of s: Int) {
        self[s][index].position = position
    }
}

extension CompactColumns: ColumnStore {
    mutating func appendCell(_ cell: Cell, to s: Int) -> Int32 { append(cell, to: s) }

    mutating func removeCell(at index: Int, of s: Int, _ rows: inout [Row]) -> Bool {
        if let moved = swapRemove(at: index, of: s) {
            rows[Int(moved.row)].entries[Int(moved.position)].cell = Int32(index)
            return false
        }
        return index == 0
    }

    mutating func setCellPosition(_ position: Int32, at index: Int, of s: Int) {
        setPosition(position, ofCell: index, of: s)
    }
}
