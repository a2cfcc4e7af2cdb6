/// Undo log for one transaction: a required `add` that may be rejected, or a
/// `setConstant` on a required constraint. Each row, symbol and the objective
/// is saved the first time it changes; rollback restores them bit for bit, so
/// a rejected call leaves no trace.
struct Journal: Sendable {
    enum Operation: Sendable {
        case allocateSymbol(Int32, reused: Bool)
        case freeSymbol(Int32)
        case allocateRow(Int32, reused: Bool)
        case freeRow(Int32)
    }

    private(set) var isActive = false
    /// Rows and the objective are saved only once this is set: an `add` starts
    /// out saving symbol allocations only, and saves rows from the point where
    /// it may still fail, so the paths that cannot fail (a new definition, a
    /// released symbol taking the constraint) never copy a long row.
    private(set) var tracksRows = false
    private var generation: UInt32 = 0
    private var rowStamp: [UInt32] = []
    private var symbolStamp: [UInt32] = []
    private(set) var savedRows: [(Int32, Row)] = []
    private(set) var savedSymbols: [(Int32, SymbolInfo)] = []
    private(set) var operations: [Operation] = []
    private(set) var objectiveWrites: [(rank: Int32, symbol: Int32, old: Double)] = []
    private(set) var savedHighestRank: Int64 = 0
    /// Rows saved since the solver was created (diagnostics: each saved row
    /// is copied on its next change).
    private(set) var rowsSavedInAll = 0

    mutating func begin(highestRank: Int64, tracksRows: Bool) {
        precondition(!isActive, "nested transaction")
        isActive = true
        self.tracksRows = tracksRows
        generation &+= 1
        if generation == 0 {
            rowStamp = Array(repeating: 0, count: rowStamp.count)
            symbolStamp = Array(repeating: 0, count: symbolStamp.count)
            generation = 1
        }
        savedHighestRank = highestRank
    }

    /// From now on rows and objective writes are saved too.
    mutating func trackRows() {
        if isActive { tracksRows = true }
    }

    mutating func end() {
        isActive = false
        tracksRows = false
        savedRows.removeAll(keepingCapacity: true)
        savedSymbols.removeAll(keepingCapacity: true)
        operations.removeAll(keepingCapacity: true)
        objectiveWrites.removeAll(keepingCapacity: true)
    }

    @inline(__always) mutating func noteRow(_ rid: Int32, _ row: @autoclosure () -> Row) {
        guard tracksRows else { return }
        let i = Int(rid)
        if i >= rowStamp.count { rowStamp.append(contentsOf: repeatElement(0, count: i + 1 - rowStamp.count)) }
        if rowStamp[i] != generation {
            rowStamp[i] = generation
            savedRows.append((rid, row()))
            rowsSavedInAll += 1
        }
    }

    @inline(__always) mutating func noteSymbol(_ s: Int32, _ info: SymbolInfo) {
        guard isActive else { return }
        let i = Int(s)
        if i >= symbolStamp.count { symbolStamp.append(contentsOf: repeatElement(0, count: i + 1 - symbolStamp.count)) }
        if symbolStamp[i] != generation {
            symbolStamp[i] = generation
            savedSymbols.append((s, info))
        }
    }

    @inline(__always) mutating func noteObjectiveWrite(_ rank: Int32, _ s: Int32, _ old: Double) {
        if tracksRows { objectiveWrites.append((rank, s, old)) }
    }

    mutating func log(_ operation: Operation) {
        switch operation {
        case .allocateRow, .freeRow: guard tracksRows else { return }
        case .allocateSymbol, .freeSymbol: guard isActive else { return }
        }
        operations.append(operation)
    }
}

extension Tableau {
    /// Starts an undo journal; with `tracksRows` false only symbol allocations
    /// are saved until `journal.trackRows()`.
    mutating func beginTransaction(tracksRows: Bool = true) {
        journal.begin(highestRank: highestRank, tracksRows: tracksRows)
    }

    mutating func commitTransaction() { journal.end() }

    /// Restores every row, symbol and objective row saved since `beginTransaction`.
    mutating func rollbackTransaction() {
        assert(journal.tracksRows, "rolled back a transaction that did not save rows")
        let saved = journal
        journal.end()
        // Unindex the current contents of every touched row.
        for (rid, _) in saved.savedRows where Int(rid) < rows.count && rows[Int(rid)].isAllocated {
            detach(rid)
        }
        for (rid, row) in saved.savedRows { rows[Int(rid)] = row }
        for (s, info) in saved.savedSymbols { symbols[Int(s)] = info }
        for write in saved.objectiveWrites.reversed() where Int(write.symbol) < symbols.count {
            storeObjective(write.rank, write.symbol, write.old)
        }
        for operation in saved.operations.reversed() {
            switch operation {
            case .allocateSymbol(let s, let reused):
                if reused { freeSymbols.append(s) } else { truncateSymbols(to: Int(s)) }
            case .freeSymbol(let s):
                let last = freeSymbols.removeLast()
                assert(last == s)
            case .allocateRow(let rid, let reused):
                if reused { freeRows.append(rid) } else { rows.removeLast(rows.count - Int(rid)) }
            case .freeRow(let rid):
                let last = freeRows.removeLast()
                assert(last == rid)
            }
        }
        for (rid, _) in saved.savedRows where Int(rid) < rows.count && rows[Int(rid)].isAllocated {
            attach(rid)
        }
        highestRank = saved.savedHighestRank
        endArtificial()
        // Candidates queued before the transaction may have been consumed:
        // queue every improving symbol again.
        for c in candidates where Int(c.symbol) < flags.count { flags[Int(c.symbol)].remove(.candidate) }
        candidates.removeAll()
        for s in 0..<Int32(symbols.count) where symbols[Int(s)].row < 0 { noteCandidate(s) }
        needsOptimization = !candidates.isEmpty
        for s in infeasible where Int(s) < flags.count { flags[Int(s)].remove(.infeasible) }
        infeasible.removeAll()
        // Values are recomputed from the restored rows.
        for (rid, row) in saved.savedRows where Int(rid) < rows.count && row.isAllocated {
            notePending(row.basic)
            flags[Int(row.basic)].remove(.valueValid)
        }
        for (s, _) in saved.savedSymbols where Int(s) < symbols.count {
            notePending(s)
            flags[Int(s)].remove(.valueValid)
        }
    }

    private mutating func truncateSymbols(to count: Int) {
        guard count < symbols.count else { return }
        let n = symbols.count - count
        for s in count..<symbols.count {
            assert(coreColumn[s].isEmpty && definitionColumn[s].isEmpty)
        }
        symbols.removeLast(n)
        flags.removeLast(n)
        coreColumn.removeLast(n)
        definitionColumn.removeLast(n)
        releaseExternals(from: count)
        cachedValue.removeLast(n)
        for s in count..<objectiveCosts.count where objectiveCosts[s].spill >= 0 { freeSpill.append(objectiveCosts[s].spill) }
        objectiveCosts.removeLast(n)
        accumulator.removeLast(n)
        accumulatorStamp.removeLast(n)
        if !artificialCoefficient.isEmpty { artificialCoefficient.removeLast(n) }
        positionMap.removeLast(n)
        positionStamp.removeLast(n)
    }
}
