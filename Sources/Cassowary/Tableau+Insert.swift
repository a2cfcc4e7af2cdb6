// Adding a constraint's equation to the tableau: choose which symbol it makes
// basic so that rows stay sparse, or prove that it cannot hold.

/// An equation ready for the tableau: `constant + Σ entries = 0`.
struct Equation {
    var constant: Double
    var entries: [Entry]
    /// External symbols in the order they were written.
    var writtenOrder: [Int32]
    var marker: Int32
    var other: Int32
}

enum InsertOutcome {
    /// Accepted; `defines` is the external now defined by this constraint, or -1.
    case accepted(defines: Int32)
    /// Rejected; the row whose markers explain the conflict.
    case rejected(explanation: Row)
}

extension Tableau {
    /// Inserts the equation. Preferences are always accepted; the caller runs
    /// required constraints inside a transaction and rolls back a rejection.
    mutating func insert(_ equation: Equation) -> InsertOutcome {
        // Cheapest: the first written variable nothing mentions yet simply takes
        // this constraint as its definition.
        for x in equation.writtenOrder where isFreshExternal(x) {
            if let rank = rankForDefinition(of: x, equation: equation.entries) {
                define(x, constant: equation.constant, equation: equation.entries, rank: rank)
                needsOptimization = true
                return .accepted(defines: x)
            }
        }
        // A required constraint that re-defines a variable whose definition was
        // removed (a constraint removed and added back, as live reload does) is
        // inserted through the dual simplex: the tableau around it is nearly
        // optimal, so a few dual pivots beat phase one plus re-optimisation.
        // While a layout is being built, phase one and one lazy optimisation at
        // the end are cheaper than optimising every intermediate state.
        // (The dual simplex needs an optimal tableau; optimise before reducing.)
        // Only when the tableau is nearly optimal, though: with many symbols
        // queued to enter, the layout is still being built, and optimising it
        // first, then walking the dual simplex along long rows, was cubic (a
        // row of 800 texts that overflows: 24 s; issue 11, item 13).
        let dual = kind(equation.marker) != .error
            && (!needsOptimization || candidates.count <= tuning.dualInsertCandidates)
            && equation.writtenOrder.contains { isCoreBasic($0) && kind($0) == .external }
        var reduced = reduce(constant: equation.constant, entries: equation.entries)
        // A constraint that holds where the solution is and mentions a
        // released symbol (usually one removed and added back) takes that
        // symbol as its basic symbol: nothing moves, nothing long is
        // rewritten, and what the removal left behind cancels (see
        // `Tableau+Release`).
        if Tolerance.isZero(reduced.constant), let z = releasedSubject(of: reduced) {
            insertSolved(reduced, for: z)
            needsOptimization = true
            return .accepted(defines: -1)
        }
        // From here on a required constraint may still be rejected, but
        // rows are saved for the rollback only on the paths that can fail:
        // saving a row keeps its old storage, so the first change copies it,
        // and a constraint that merely takes an external as subject through
        // long rows (most of a layout's build) copied every row it touched.
        if dual && needsOptimization {
            journal.trackRows()
            optimize()
            reduced = reduce(constant: equation.constant, entries: equation.entries)
        }
        var defines: Int32 = -1
        // Otherwise the first written variable that can still be defined by it.
        for x in equation.writtenOrder {
            let rid = symbols[Int(x)].row
            if rid >= 0 && rows[Int(rid)].isDefinition { continue }
            if rid < 0 && Tolerance.isZero(reduced.coefficient(of: x)) { continue }
            guard let rank = rankForDefinition(of: x, equation: equation.entries) else { continue }
            if rid >= 0 {
                // x is core-basic: its core row is replaced by `reduced` below,
                // which may fail.
                journal.trackRows()
                deleteRow(rid)
                define(x, constant: equation.constant, equation: equation.entries, rank: rank)
                defines = x
                break
            }
            // x is a nonbasic parameter: substitute its reduced expression
            // first. This cannot fail.
            var solved = reduced.solved(for: x, keepingBasic: false)
            solved.basic = x
            let temporary = insertRow(consume solved)
            substitute(x, row: temporary)
            deleteRow(temporary)
            define(x, constant: equation.constant, equation: equation.entries, rank: rank)
            needsOptimization = true
            return .accepted(defines: x)
        }
        if let explanation = insertReduced(reduced, marker: equation.marker, other: equation.other, dual: dual) {
            return .rejected(explanation: explanation)
        }
        needsOptimization = true
        return .accepted(defines: defines)
    }

    /// Adds a reduced row (nonbasic symbols only) with a subject chosen the
    /// Cassowary way, preferring externals in few rows. Returns an explanation
    /// row when it cannot hold.
    private mutating func insertReduced(_ reduced: Row, marker: Int32, other: Int32, dual: Bool) -> Row? {
        var best: Int32 = -1
        for e in reduced.entries where kind(e.symbol) == .external {
            if best < 0 || coreColumn[Int(e.symbol)].count < coreColumn[Int(best)].count { best = e.symbol }
        }
        if best >= 0 {
            // An external absorbs it: this cannot fail.
            insertSolved(reduced, for: best)
            return nil
        }
        journal.trackRows()
        var row = reduced
        if row.constant < 0 {
            row.constant = -row.constant
            for i in row.entries.indices { row.entries[i].coefficient = -row.entries[i].coefficient }
        }
        for candidate in [marker, other] where candidate >= 0 && isRestricted(candidate) {
            if Tolerance.isNegative(row.coefficient(of: candidate)) {
                insertSolved(row, for: candidate)
                return nil
            }
        }
        // A released symbol can absorb it if every row stays feasible.
        if let z = releasedSubject(of: row) {
            insertSolved(row, for: z)
            return nil
        }
        if row.entries.allSatisfy({ kind($0.symbol) == .dummy }) {
            if !Tolerance.isZero(row.constant) { return row }
            if row.contains(marker) { insertSolved(row, for: marker) }
            return nil
        }
        guard dual, !needsOptimization, row.contains(marker) else { return addWithArtificial(row) }
        // Make the constraint's own marker basic (out of bounds for now) and
        // let the dual simplex bring it back: the objective stays optimal, so
        // no re-optimisation follows.
        insertSolved(row, for: marker)
        if let failing = dualOptimize() { return rows[Int(failing)] }
        return nil
    }

    private mutating func insertSolved(_ row: Row, for subject: Int32) {
        var solved = row.solved(for: subject, keepingBasic: false)
        solved.basic = subject
        let rid = insertRow(consume solved)
        substitute(subject, row: rid)
    }

    /// Cassowary's choice of row for removing a marker (see `eliminate`): a restricted row where
    /// the marker has a negative coefficient (smallest ratio), else one where
    /// it is positive (smallest ratio), else an external row; a basic dummy's
    /// row blocks at ratio 0. Equal ratios go
    /// to the shorter row (cheaper substitution), then by `precedes`.
    func markerLeavingRow(_ marker: Int32) -> Int32? {
        var best: [(row: Int32, ratio: Double, length: Int, basic: Int32)?] = [nil, nil, nil]
        for cell in coreColumn[Int(marker)] {
            let row = rows[Int(cell.row)]
            let a = row.entries[Int(cell.position)].coefficient
            let group: Int, ratio: Double
            if isFree(row.basic) {
                group = 2; ratio = 0
            } else if kind(row.basic) == .dummy {
                // A basic dummy must stay at zero: it blocks either way.
                group = 0; ratio = 0
            } else if a < 0 {
                group = 0; ratio = -row.constant / a
            } else {
                group = 1; ratio = row.constant / a
            }
            let candidate = (row: cell.row, ratio: ratio, length: row.entries.count, basic: row.basic)
            if let current = best[group] {
                let better = ratio < current.ratio
                    || (ratio == current.ratio && (candidate.length < current.length
                        || (candidate.length == current.length && Self.precedes(row.basic, current.basic))))
                if !better { continue }
            }
            best[group] = candidate
        }
        return (best[0] ?? best[1] ?? best[2])?.row
    }

    /// Changes a constraint's constant in place: shifting the constant by
    /// `delta` is the same as shifting its marker by `delta / markerCoefficient`.
    /// Returns a row proving infeasibility, or nil.
    mutating func shiftConstant(marker: Int32, markerCoefficient mu: Double, delta: Double) -> Row? {
        // The dual simplex needs an optimal tableau to start from.
        optimizeIfNeeded()
        let shift = delta / mu
        for cell in coreColumn[Int(marker)] {
            shiftConstant(ofRow: cell.row, by: rows[Int(cell.row)].entries[Int(cell.position)].coefficient * shift)
        }
        for cell in definitionColumn[Int(marker)] {
            shiftConstant(ofRow: cell.row, by: rows[Int(cell.row)].entries[Int(cell.position)].coefficient * shift)
        }
        if isCoreBasic(marker) { shiftConstant(ofRow: symbols[Int(marker)].row, by: -shift) }
        if let failing = dualOptimize() { return rows[Int(failing)] }
        needsOptimization = !candidates.isEmpty
        return nil
    }
}
