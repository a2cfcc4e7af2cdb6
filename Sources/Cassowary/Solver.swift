/// An incremental Cassowary constraint solver.
///
/// ```swift
/// var solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.add(left == 2)
/// try solver.add(width >= 10)
/// try solver.add((width == 40).priority(.high))
/// try solver.addEditVariable(left, priority: .low)
/// try solver.suggestValue(left, 5)
/// solver.value(of: width)   // 40
/// ```
///
/// `Solver` is a value type; copying it copies the whole system (lazily).
/// Reading values is `mutating` because values are computed lazily: after an
/// edit only what changed is recomputed, and only when read. Every throwing
/// call either succeeds or leaves the solver exactly as it was.
public struct Solver: Sendable {
    var tableau = Tableau()
    var records: [ConstraintRecord?] = []
    var freeRecords: [Int32] = []
    var recordSlot = IdentityMap()
    var variableSymbol = PagedIdentityMap()
    var editSlot = IdentityMap()
    /// How many constraints (edits included) mention each external symbol, by
    /// symbol. The constraints themselves are found from the records when a
    /// query asks (`mentionIndex`): a list per external took 64 bytes or more
    /// each, about 4 MB of the 10,000-view render.
    var mentionCount: [Int32] = []
    var nextSequence = 0
    /// False in the scratch solvers used to minimise conflict sets.
    var explainsConflicts = true
    /// Variables that left the solver since the last `takeChangedVariables`
    /// while a caller held a non-zero value for them (see `Solver+Changes`).
    var departures: [Departure] = []
    var departureSlot = IdentityMap()

    /// An empty solver: no constraints, an empty tableau.
    public init() {}

    // MARK: Constraints

    /// Adds a constraint. A required constraint that cannot hold with the
    /// required constraints already present throws `.unsatisfiable` with a
    /// minimal conflicting set, and the solver is left unchanged.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        guard recordSlot[constraint.id] == nil else { throw .duplicateConstraint(constraint) }
        try validate(constraint)
        try insertRecord(constraint, isEdit: false)
    }

    /// Adds several constraints in order; stops at the first error (the
    /// constraints before it stay added).
    public mutating func add(_ constraints: [Constraint]) throws(SolverError) {
        for c in constraints { try add(c) }
    }

    /// Removes a constraint.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let slot = recordSlot[constraint.id], !records[Int(slot)]!.isEdit else {
            throw .unknownConstraint(constraint)
        }
        removeRecord(slot)
    }

    /// Whether the constraint is in the solver (an edit variable's own constraint does not count).
    public func contains(_ constraint: Constraint) -> Bool {
        guard let slot = recordSlot[constraint.id] else { return false }
        return !records[Int(slot)]!.isEdit
    }

    /// The constraints in the solver, in the order they were added (edit
    /// variables' internal constraints excluded).
    public var constraints: [Constraint] {
        recordSlotsInOrder { !$0.isEdit }.map { records[Int($0)]!.constraint }
    }

    /// The slots of the records that pass `include`, in the order they were
    /// added. Sorts slot numbers rather than copies of the records: a
    /// layout's tens of thousands of records were copied three times over
    /// (gather, filter, sort), 12 MB at the peak of a 10,000-view render.
    func recordSlotsInOrder(where include: (ConstraintRecord) -> Bool) -> [Int32] {
        var slots: [Int32] = []
        for (slot, record) in records.enumerated() where record.map(include) == true { slots.append(Int32(slot)) }
        slots.sort { records[Int($0)]!.sequence < records[Int($1)]!.sequence }
        return slots
    }

    /// The constraint's current constant (see `Constraint.constant`), which
    /// `setConstant(_:of:)` may have changed.
    public func constant(of constraint: Constraint) -> Double? {
        guard let slot = recordSlot[constraint.id] else { return nil }
        return records[Int(slot)]!.constant
    }

    /// Changes a constraint's constant in place, as Auto Layout's `constant`
    /// setter does: no remove and re-add, the rest of the solution is kept as
    /// far as possible. For a required constraint whose new constant cannot
    /// hold, throws `.unsatisfiable` (the conflict lists the constraint with its
    /// new constant) and keeps the old constant.
    public mutating func setConstant(_ constant: Double, of constraint: Constraint) throws(SolverError) {
        guard let slot = recordSlot[constraint.id], !records[Int(slot)]!.isEdit else {
            throw .unknownConstraint(constraint)
        }
        guard constant.isFinite else { throw .nonFinite(constraint.replacingConstant(constant)) }
        try changeConstant(slot: slot, to: constant)
    }

    /// Removes every constraint and edit variable. Every variable leaves the
    /// solver; the next `takeChangedVariables` lists the ones not reported at 0.
    public mutating func reset() {
        let explains = explainsConflicts
        for s in 0..<Int32(tableau.symbols.count) where tableau.kind(s) == .external {
            if let variable = tableau.variable(of: s) {
                noteDeparture(of: variable, reported: tableau.cachedReported(s))
            }
        }
        let departed = (departures, departureSlot)
        self = Solver()
        explainsConflicts = explains
        (departures, departureSlot) = departed
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a preference at `priority` (below
    /// required) that it equal a value you suggest. Until the first
    /// suggestion, that value is the variable's current value.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        guard editSlot[variable.id] == nil else { throw .duplicateEditVariable(variable) }
        let current = value(of: variable)
        let constraint = Constraint(Expression(variable), .equal, priority: priority).replacingConstant(current)
        try insertRecord(constraint, isEdit: true)
        editSlot.set(variable.id, recordSlot[constraint.id]!)
    }

    /// Stops `variable` being an edit variable, removing its preference from the tableau.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let slot = editSlot[variable.id] else { throw .unknownEditVariable(variable) }
        editSlot.remove(variable.id)
        removeRecord(slot)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { editSlot[variable.id] != nil }

    /// Suggests a value for an edit variable; the solver moves it as close as
    /// its priority allows. Only the rows that mention the edit change.
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let slot = editSlot[variable.id] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue(variable, value) }
        try changeConstant(slot: slot, to: value)
    }

    /// The value last suggested for an edit variable.
    public func suggestedValue(_ variable: Variable) -> Double? {
        guard let slot = editSlot[variable.id] else { return nil }
        return records[Int(slot)]!.constant
    }

    // MARK: Values

    /// The solved value of a variable; 0 for a variable the solver does not know.
    @inlinable public mutating func value(of variable: Variable) -> Double {
        // Inlined so that callers pass only the id: reading every value of a
        // layout then costs no reference counting of the variables' names.
        value(ofVariableID: variable.id)
    }

    @usableFromInline mutating func value(ofVariableID id: Int) -> Double {
        guard let s = variableSymbol[id] else { return 0 }
        return tableau.value(of: s)
    }

    /// The solved value of a variable, as `value(of:)`.
    public subscript(variable: Variable) -> Double {
        mutating get { value(of: variable) }
    }

    /// Whether the solver holds no constraints, edit variables or symbols.
    public var isEmpty: Bool { recordSlot.count == 0 && tableau.symbolsInUse == 0 }

    /// Sizes of the internal tableau, for diagnostics and benchmarks.
    public var statistics: SolverStatistics { tableau.statistics(constraints: recordSlot.count) }
}

/// Sizes of a solver's internal state.
public struct SolverStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Constraints in the solver, edit variables' own included.
    public var constraints: Int
    /// Tableau symbols in use: external variables plus slack, error and marker symbols.
    public var symbols: Int
    /// Rows of the simplex tableau.
    public var coreRows: Int
    /// Variables defined directly by one of their constraints.
    public var definitions: Int
    /// Non-zero coefficients over all rows.
    public var cells: Int
    /// Priority ranks of preferences in use: one objective level each.
    public var priorityLevels: Int
    /// Non-zero coefficients stored for the objective (every symbol's costs
    /// at every priority level); grows with the preferences, not with the
    /// number of priority levels they use.
    public var objectiveCells: Int
    /// Simplex pivots since the solver was created.
    public var pivots: Int
    /// Row entries merged by substitutions since the solver was created.
    public var mergedEntries: Int
    /// Long pivots that handed one row's storage to another since the solver
    /// was created (see docs/solver.md, "Long pivots").
    public var exchanges: Int
    /// Markers of removed constraints not yet dropped from the tableau.
    public var released: Int

    /// Every count on one line, `name=value`, for benchmark logs.
    public var description: String {
        "constraints=\(constraints) symbols=\(symbols) rows=\(coreRows) definitions=\(definitions) cells=\(cells) levels=\(priorityLevels) objective=\(objectiveCells) pivots=\(pivots) merged=\(mergedEntries) exchanges=\(exchanges) released=\(released)"
    }
}

extension Tableau {
    var symbolsInUse: Int { symbols.count - freeSymbols.count }

    func statistics(constraints: Int) -> SolverStatistics {
        var core = 0, definitions = 0, cells = 0
        for row in rows where row.isAllocated {
            if row.isDefinition { definitions += 1 } else { core += 1 }
            cells += row.entries.count
        }
        return SolverStatistics(constraints: constraints, symbols: symbolsInUse, coreRows: core,
                                definitions: definitions, cells: cells, priorityLevels: levels.count,
                                objectiveCells: objectiveCosts.reduce(0) { $0 + Int($1.count) },
                                pivots: pivotCount, mergedEntries: mergedEntries, exchanges: exchangeCount,
                                released: symbols.count { $0.kind == .released })
    }
}
