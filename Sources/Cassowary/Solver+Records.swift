/// What the solver keeps for each constraint it holds. Only what cannot be
/// read off the constraint is stored: a layout holds tens of thousands of
/// records, and a per-record array of its external symbols (now looked up
/// from the terms when the constraint is removed) cost a heap block each.
struct ConstraintRecord: Sendable {
    var constraint: Constraint
    /// Current constant (`Constraint.constant` unless changed in place).
    var constant: Double
    /// Order of addition, for reports.
    var sequence: Int
    var isEdit: Bool
    /// The slack, dummy or positive error symbol that identifies the constraint.
    var marker: Int32
    /// The second error symbol of a preference, or -1.
    var other: Int32

    var isRequired: Bool { constraint.priority.isRequired }

    /// +1, or -1 when the stored equation is the negated expression (`<=`).
    var sign: Double { constraint.relation == .lessThanOrEqual ? -1 : 1 }

    /// Coefficient of `marker` in the stored equation: +1 for the dummy of a
    /// required equality, -1 for a slack or a preference's first error.
    var markerCoefficient: Double { constraint.relation == .equal && isRequired ? 1 : -1 }
}

extension Solver {
    func validate(_ c: Constraint) throws(SolverError) {
        guard c.expression.constant.isFinite, c.expression.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw .nonFinite(c)
        }
    }

    /// The symbol of a variable, created on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        if let s = variableSymbol[variable.id] { return s }
        let s = tableau.newSymbol(.external, variable: variable)
        if let held = reportedBeforeDeparture(variable) { tableau.setReported(s, held) }
        variableSymbol.set(variable.id, s)
        while mentionCount.count <= Int(s) { mentionCount.append(0) }
        mentionCount[Int(s)] = 0
        return s
    }

    mutating func insertRecord(_ constraint: Constraint, isEdit: Bool) throws(SolverError) {
        let required = constraint.priority.isRequired
        let slot: Int32 = freeRecords.last ?? Int32(records.count)
        if required { tableau.beginTransaction(tracksRows: false) }
        var createdVariables: [Variable] = []
        let terms = constraint.expression.terms.count
        var externals: [Int32] = []
        var entries: [Entry] = []
        // Sized once: appending from empty reallocated each list two or
        // three times per constraint (2% of the `grow` load's instructions).
        externals.reserveCapacity(terms)
        entries.reserveCapacity(terms + 2)
        let sign: Double = constraint.relation == .lessThanOrEqual ? -1 : 1
        for term in constraint.expression.terms {
            if variableSymbol[term.variable.id] == nil { createdVariables.append(term.variable) }
            let s = symbol(for: term.variable)
            externals.append(s)
            entries.append(Entry(symbol: s, coefficient: sign * term.coefficient))
        }
        let marker: Int32, other: Int32, mu: Double
        switch (constraint.relation, required) {
        case (.equal, true):
            marker = tableau.newSymbol(.dummy, owner: slot)
            other = -1
            mu = 1
            entries.append(Entry(symbol: marker, coefficient: 1))
        case (.equal, false):
            marker = tableau.newSymbol(.error, owner: slot)
            other = tableau.newSymbol(.error, owner: slot)
            mu = -1
            entries.append(Entry(symbol: marker, coefficient: -1))
            entries.append(Entry(symbol: other, coefficient: 1))
        case (_, _):
            marker = tableau.newSymbol(.slack, owner: slot)
            other = required ? -1 : tableau.newSymbol(.error, owner: slot)
            mu = -1
            entries.append(Entry(symbol: marker, coefficient: -1))
            if other >= 0 { entries.append(Entry(symbol: other, coefficient: 1)) }
        }
        entries.sort { $0.symbol < $1.symbol }
        if !required {
            let p = constraint.priority.rank
            tableau.useLevel(p, by: 1)
            if constraint.relation == .equal { tableau.addToObjective(priority: p, symbol: marker, coefficient: 1) }
            if other >= 0 { tableau.addToObjective(priority: p, symbol: other, coefficient: 1) }
        }
        let equation = Equation(constant: sign * constraint.expression.constant, entries: entries,
                                writtenOrder: externals, marker: marker, other: other)
        switch tableau.insert(equation) {
        case .accepted:
            if required { tableau.commitTransaction() }
            tableau.tidyReleased()
            if slot == freeRecords.last { freeRecords.removeLast() } else { records.append(nil) }
            records[Int(slot)] = ConstraintRecord(
                constraint: constraint, constant: constraint.constant, sequence: nextSequence, isEdit: isEdit,
                marker: marker, other: other)
            assert(records[Int(slot)]!.markerCoefficient == mu && records[Int(slot)]!.sign == sign)
            nextSequence += 1
            recordSlot.set(constraint.id, slot)
            for s in externals { mentionCount[Int(s)] += 1 }
        case .rejected(let explanation):
            tableau.rollbackTransaction()
            tableau.clearTidyList()
            for v in createdVariables { variableSymbol.remove(v.id) }
            let conflict = explainsConflicts ? minimalConflict(for: constraint, explanation: explanation) : []
            throw .unsatisfiable(constraint, conflict: conflict)
        }
    }

    mutating func removeRecord(_ slot: Int32) {
        let record = records[Int(slot)]!
        if !record.isRequired {
            let p = record.constraint.priority.rank
            let isEquality = record.constraint.relation == .equal
            if isEquality { tableau.addToObjective(priority: p, symbol: record.marker, coefficient: -1) }
            if record.other >= 0 { tableau.addToObjective(priority: p, symbol: record.other, coefficient: -1) }
        }
        // Released, not pivoted out: see `Tableau+Release`.
        tableau.release(record.marker)
        if record.other >= 0 { tableau.release(record.other) }
        if !record.isRequired { tableau.useLevel(record.constraint.priority.rank, by: -1) }
        tableau.needsOptimization = true
        records[Int(slot)] = nil
        freeRecords.append(slot)
        recordSlot.remove(record.constraint.id)
        tableau.tidyReleased()
        if recordSlot.count == 0 {
            // Nothing left to keep: eliminate every released symbol, which
            // leaves the externals unreferenced.
            tableau.collectReleased(budget: 0)
        } else {
            tableau.collectReleased(budget: tableau.releasedBudget(constraints: recordSlot.count),
                                    limit: Tableau.collectedPerRemoval)
        }
        let externals = record.constraint.expression.terms.compactMap { variableSymbol[$0.variable.id] }
        for s in externals { mentionCount[Int(s)] -= 1 }
        for s in externals { forgetIfUnmentioned(s) }
        if recordSlot.count == 0 {
            for s in 0..<Int32(mentionCount.count) where tableau.kind(s) == .external { forgetIfUnmentioned(s) }
        }
    }

    /// Frees an external that no constraint or edit mentions once the tableau
    /// no longer refers to it: the variable has left the solver.
    private mutating func forgetIfUnmentioned(_ s: Int32) {
        guard Int(s) < mentionCount.count, Int(s) < tableau.symbols.count, tableau.kind(s) == .external, mentionCount[Int(s)] == 0,
              let variable = tableau.variable(of: s), editSlot[variable.id] == nil else { return }
        let reported = tableau.cachedReported(s)
        if tableau.releaseExternal(s) {
            variableSymbol.remove(variable.id)
            noteDeparture(of: variable, reported: reported)
        }
    }

    mutating func changeConstant(slot: Int32, to constant: Double) throws(SolverError) {
        let record = records[Int(slot)]!
        let delta = -record.sign * (constant - record.constant)
        if delta == 0 { return }
        if record.isRequired { tableau.beginTransaction() }
        if let explanation = tableau.shiftConstant(marker: record.marker, markerCoefficient: record.markerCoefficient,
                                                   delta: delta) {
            guard record.isRequired else {
                // Preferences can always hold; a failure here is rounding noise.
                records[Int(slot)]!.constant = constant
                return
            }
            tableau.rollbackTransaction()
            tableau.clearTidyList()
            let changed = record.constraint.replacingConstant(constant)
            let conflict = explainsConflicts ? minimalConflict(for: changed, explanation: explanation) : []
            throw .unsatisfiable(changed, conflict: conflict)
        }
        if record.isRequired { tableau.commitTransaction() }
        tableau.tidyReleased()
        records[Int(slot)]!.constant = constant
    }
}

extension Solver {
    /// Makes room for `count` more constraints before a batch of that many
    /// is added (a layout's load adds tens of thousands at once): the
    /// records then take what the batch needs instead of doubling past it,
    /// which left a fifth of them empty (0.8 MB at 10,000 views). A
    /// sixteenth more is left free, so that the edits after a load do not
    /// double them at once. Call it for large batches only; it changes
    /// nothing the solver answers.
    public mutating func reserveCapacity(forAdding count: Int) {
        let needed = records.count + max(0, count - freeRecords.count)
        if needed > records.capacity { records.reserveCapacity(needed + needed / 16 + 64) }
        // A layout's constraint makes about 2.4 symbols (its markers and
        // errors, and the variables it brings) and one row. Sizing the dozen
        // per-symbol arrays once spares the chain of doubled copies, whose
        // freed buffers were left as holes in the heap (peak RSS of the
        // 10,000-view render).
        tableau.reserveSymbols(tableau.symbolCount + count * 5 / 2, rows: tableau.rows.count + count)
        if mentionCount.capacity < tableau.symbols.capacity { mentionCount.reserveCapacity(tableau.symbols.capacity) }
    }
}
