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
    /// A recycled id.
    case unused
}

/// Per-symbol state that a transaction saves and restores.
struct SymbolInfo: Sendable {
    var kind: SymbolKind
    /// The row id whose basic symbol this is, or -1 when nonbasic.
    var row: Int32
    /// The constraint record that owns this marker or error symbol, or -1.
    var owner: Int32
    /// Topological label of a defined external (see `Tableau+Definitions`).
    var rank: Int64
}

/// Flags kept per symbol outside transactions.
struct SymbolFlags: OptionSet, Sendable {
    let rawValue: UInt8
    static let candidate = SymbolFlags(rawValue: 1)
    static let infeasible = SymbolFlags(rawValue: 2)
    static let pending = SymbolFlags(rawValue: 4)
    static let changed = SymbolFlags(rawValue: 8)
    static let valueValid = SymbolFlags(rawValue: 16)
}

/// The solver's numeric state: a sparse simplex tableau ("core" rows over
/// nonbasic symbols), plus definition rows that pin external variables to
/// original constraints, a lexicographic objective with one row per priority
/// level, dirty tracking for values, and an undo journal for transactions.
///
/// Everything lives in flat arrays indexed by symbol id or row id; rows are
/// sorted sparse vectors; `coreColumn[s]` / `definitionColumn[s]` list the rows
/// that mention `s`, so a substitution touches only those rows.
struct Tableau: Sendable {
    // Symbols.
    var symbols: [SymbolInfo] = []
    var flags: [SymbolFlags] = []
    var coreColumn: [[Int32]] = []
    var definitionColumn: [[Int32]] = []
    var externalVariable: [Variable?] = []
    var cachedValue: [Double] = []
    /// The value `takeChangedVariables` last reported.
    var reportedValue: [Double] = []
    var freeSymbols: [Int32] = []

    // Rows.
    var rows: [Row] = []
    var freeRows: [Int32] = []

    // Objective: one row per priority level in use, highest priority first.
    var levels: [Int] = []
    var objective: [Row] = []
    var levelUse: [Int] = []
    /// The phase-one objective while a required constraint is being added.
    var artificial: Row? = nil

    // Work lists (min-heaps of symbol ids, flagged to avoid duplicates).
    var candidates: [Int32] = []
    var infeasible: [Int32] = []
    var pending: [Int32] = []
    var changedExternals: [Int32] = []

    // Definition ranks.
    var highestRank: Int64 = 0

    // Transactions.
    var journal = Journal()

    // Scratch buffers reused across calls.
    var scratchEntries: [Entry] = []
    var scratchAdded: [Int32] = []
    var scratchRemoved: [Int32] = []
    var accumulator: [Double] = []
    var accumulatorStamp: [UInt32] = []
    var stamp: UInt32 = 0

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

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind, owner: Int32 = -1, variable: Variable? = nil) -> Int32 {
        let info = SymbolInfo(kind: kind, row: -1, owner: owner, rank: 0)
        let s: Int32
        if let reused = freeSymbols.popLast() {
            s = reused
            journal.noteSymbol(s, symbols[Int(s)])
            symbols[Int(s)] = info
            flags[Int(s)] = []
            externalVariable[Int(s)] = variable
            cachedValue[Int(s)] = .nan
            reportedValue[Int(s)] = .nan
            journal.log(.allocateSymbol(s, reused: true))
        } else {
            s = Int32(symbols.count)
            symbols.append(info)
            journal.noteSymbol(s, SymbolInfo(kind: .unused, row: -1, owner: -1, rank: 0))
            flags.append([])
            coreColumn.append([])
            definitionColumn.append([])
            externalVariable.append(variable)
            cachedValue.append(.nan)
            reportedValue.append(.nan)
            accumulator.append(0)
            accumulatorStamp.append(0)
            journal.log(.allocateSymbol(s, reused: false))
        }
        if kind == .external { notePending(s) }
        return s
    }

    mutating func freeSymbol(_ s: Int32) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)] = SymbolInfo(kind: .unused, row: -1, owner: -1, rank: 0)
        externalVariable[Int(s)] = nil
        freeSymbols.append(s)
        journal.log(.freeSymbol(s))
    }

    mutating func setRowOf(_ s: Int32, _ row: Int32) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)].row = row
        notePending(s)
    }

    mutating func setRank(_ s: Int32, _ rank: Int64) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)].rank = rank
    }

    // MARK: Rows and columns

    mutating func attach(_ rid: Int32) {
        let row = rows[Int(rid)]
        if row.isDefinition {
            for e in row.entries { definitionColumn[Int(e.symbol)].append(rid) }
        } else {
            for e in row.entries { coreColumn[Int(e.symbol)].append(rid) }
        }
    }

    mutating func detach(_ rid: Int32) {
        let row = rows[Int(rid)]
        if row.isDefinition {
            for e in row.entries { Self.removeFromColumn(&definitionColumn[Int(e.symbol)], rid) }
        } else {
            for e in row.entries { Self.removeFromColumn(&coreColumn[Int(e.symbol)], rid) }
        }
    }

    @inline(__always) static func removeFromColumn(_ column: inout [Int32], _ rid: Int32) {
        var i = column.count - 1
        while i >= 0 {
            if column[i] == rid {
                column.swapAt(i, column.count - 1)
                column.removeLast()
                return
            }
            i -= 1
        }
    }

    /// Stores a new row, indexes it and makes its symbol basic.
    @discardableResult
    mutating func insertRow(_ row: Row) -> Int32 {
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
        setRowOf(row.basic, rid)
        if row.isDefinition { flags[Int(row.basic)].remove(.valueValid) }
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
        let row = rows[Int(rid)]
        notePending(row.basic)
        if !row.isDefinition { checkFeasibility(of: row) }
    }

    @inline(__always) mutating func checkFeasibility(of row: Row) {
        let k = kind(row.basic)
        let bad = k == .dummy ? !Tolerance.isZero(row.constant)
            : (k == .slack || k == .error) && Tolerance.isNegative(row.constant)
        if bad && !flags[Int(row.basic)].contains(.infeasible) {
            flags[Int(row.basic)].insert(.infeasible)
            Heap.push(&infeasible, row.basic)
        }
    }

    /// `rows[rid] += alpha × source`, removing `skip`; keeps the column index current.
    mutating func addScaled(toRow rid: Int32, _ source: Row, _ alpha: Double, skip: Int32) {
        journal.noteRow(rid, rows[Int(rid)])
        scratchAdded.removeAll(keepingCapacity: true)
        scratchRemoved.removeAll(keepingCapacity: true)
        rows[Int(rid)].constant += alpha * source.constant
        source.entries.withUnsafeBufferPointer { src in
            mergeScaled(&rows[Int(rid)].entries, src, alpha, skip: skip,
                        scratch: &scratchEntries, added: &scratchAdded, removed: &scratchRemoved)
        }
        let definition = rows[Int(rid)].isDefinition
        for s in scratchAdded {
            if definition { definitionColumn[Int(s)].append(rid) } else { coreColumn[Int(s)].append(rid) }
        }
        for s in scratchRemoved {
            if definition { Self.removeFromColumn(&definitionColumn[Int(s)], rid) }
            else { Self.removeFromColumn(&coreColumn[Int(s)], rid) }
        }
        noteRowChange(rid)
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
        for rid in coreColumn[Int(symbol)] {
            journal.noteRow(rid, rows[Int(rid)])
            rows[Int(rid)].entries.removeAll { $0.symbol == symbol }
            noteRowChange(rid)
        }
        coreColumn[Int(symbol)].removeAll()
        for rid in definitionColumn[Int(symbol)] {
            journal.noteRow(rid, rows[Int(rid)])
            rows[Int(rid)].entries.removeAll { $0.symbol == symbol }
            noteRowChange(rid)
        }
        definitionColumn[Int(symbol)].removeAll()
        for level in objective.indices where objective[level].contains(symbol) {
            noteObjectiveChange()
            objective[level].entries.removeAll { $0.symbol == symbol }
        }
        if artificial?.contains(symbol) == true { artificial!.entries.removeAll { $0.symbol == symbol } }
    }

    @inline(__always) mutating func noteObjectiveChange() {
        if journal.isActive { journal.noteObjective(levels: levels, rows: objective, use: levelUse) }
    }

    func cachedReported(_ s: Int32) -> Double { reportedValue[Int(s)] }
    mutating func setReported(_ s: Int32, _ value: Double) { reportedValue[Int(s)] = value }

    /// Whether nothing refers to the symbol.
    func isUnreferenced(_ s: Int32) -> Bool {
        symbols[Int(s)].row < 0 && coreColumn[Int(s)].isEmpty && definitionColumn[Int(s)].isEmpty
            && !objective.contains { $0.contains(s) }
    }
}

/// A binary min-heap of symbol ids stored in a plain array.
enum Heap {
    static func push(_ heap: inout [Int32], _ value: Int32) {
        heap.append(value)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if heap[parent] <= heap[i] { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    static func pop(_ heap: inout [Int32]) -> Int32? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            let n = heap.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && heap[l] < heap[m] { m = l }
                if r < n && heap[r] < heap[m] { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
