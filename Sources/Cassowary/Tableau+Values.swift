// Reading values lazily. A change to a row only queues its basic symbol;
// reading a value first invalidates the cached values of the definitions
// that depend on queued symbols, then recomputes only what is read.

extension Tableau {
    @inline(__always) mutating func notePending(_ s: Int32) {
        if !flags[Int(s)].contains(.pending) {
            flags[Int(s)].insert(.pending)
            pending.append(s)
        }
    }

    @inline(__always) private mutating func noteExternalChanged(_ s: Int32) {
        if !flags[Int(s)].contains(.changed) {
            flags[Int(s)].insert(.changed)
            changedExternals.append(s)
        }
    }

    /// Invalidates every cached definition value that depends on a queued symbol.
    mutating func flushPending() {
        guard !pending.isEmpty else { return }
        var stack: [Int32] = []
        while let s = pending.popLast() {
            guard Int(s) < symbols.count else { continue }
            flags[Int(s)].remove(.pending)
            if symbols[Int(s)].kind == .external { noteExternalChanged(s) }
            stack.append(s)
            while let t = stack.popLast() {
                for cell in definitionColumn[Int(t)] {
                    let x = rows[Int(cell.row)].basic
                    if flags[Int(x)].contains(.valueValid) {
                        flags[Int(x)].remove(.valueValid)
                        noteExternalChanged(x)
                        stack.append(x)
                    }
                }
            }
        }
    }

    /// The current value of a symbol: 0 when nonbasic, the row constant when
    /// core-basic, the evaluated definition when defined.
    @inline(__always) mutating func value(of s: Int32) -> Double {
        if !isSettled { settleForReading() }
        if !pending.isEmpty { flushPending() }
        // Only a defined symbol with an up-to-date cache has this flag.
        if flags[Int(s)].contains(.valueValid) { return cachedValue[Int(s)] }
        let rid = symbols[Int(s)].row
        if rid < 0 { return 0 }
        if !rows[Int(rid)].isDefinition { return rows[Int(rid)].constant }
        return evaluateDefinition(s)
    }

    /// Brings the tableau to the state values are read from: every released
    /// symbol eliminated, so that what a removal leaves is what Cassowary's
    /// removal leaves (a vertex of the constraints that remain, the same as a
    /// fresh solve finds wherever the remaining system is determined, and no
    /// later query moves it), then preferences optimised. A constraint
    /// removed and added back before the next read costs nothing here.
    mutating func settleForReading() {
        if releasedPending > 0 { collectReleased(budget: 0) }
        optimize()
    }

    /// Optimised with no released symbol left (edits and adds may optimise
    /// while released symbols wait for a constraint added back).
    @inline(__always) var isSettled: Bool { !needsOptimization && releasedHead == released.count }

    /// Evaluates a stale definition after its stale inputs, depth first.
    private mutating func evaluateDefinition(_ s: Int32) -> Double {
        var stack = evaluationStack
        evaluationStack = []
        stack.removeAll(keepingCapacity: true)
        stack.append(s)
        while let top = stack.last {
            let rid = Int(symbols[Int(top)].row)
            var ready = true
            var sum = rows[rid].constant
            rows[rid].entries.withUnsafeBufferPointer { entries in
                for e in entries {
                    let r = symbols[Int(e.symbol)].row
                    if r < 0 { continue }
                    if rows[Int(r)].isDefinition {
                        if flags[Int(e.symbol)].contains(.valueValid) {
                            sum += e.coefficient * cachedValue[Int(e.symbol)]
                        } else {
                            stack.append(e.symbol)
                            ready = false
                        }
                    } else {
                        sum += e.coefficient * rows[Int(r)].constant
                    }
                }
            }
            guard ready else { continue }
            stack.removeLast()
            cachedValue[Int(top)] = sum
            flags[Int(top)].insert(.valueValid)
        }
        evaluationStack = stack
        return cachedValue[Int(s)]
    }

    /// External symbols whose value may have changed since the last call, in
    /// symbol order; clears the list.
    mutating func takeChangedExternals() -> [Int32] {
        if !isSettled { settleForReading() }
        flushPending()
        var result: [Int32] = []
        for s in changedExternals where Int(s) < symbols.count {
            flags[Int(s)].remove(.changed)
            if symbols[Int(s)].kind == .external { result.append(s) }
        }
        changedExternals.removeAll(keepingCapacity: true)
        result.sort()
        return result
    }
}
