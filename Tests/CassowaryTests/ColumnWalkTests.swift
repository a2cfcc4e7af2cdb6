@testable import Cassowary
import Testing

/// Substituting a pivot row into many rows by walking its columns
/// (`Tableau.substituteByColumns`) must leave the tableau exactly as merging
/// row by row does, and must read far fewer entries when a short row is
/// shared by many long ones (the `grow` workload's shape).
@Suite struct ColumnWalkTests {
    /// Row-by-row merging only: the walk's threshold is out of reach.
    static let rowByRow: Tuning = {
        var tuning = Tuning()
        tuning.columnWalkTargets = .max
        return tuning
    }()

    /// Walks columns for every substitution.
    static let alwaysWalk: Tuning = {
        var tuning = Tuning()
        tuning.columnWalkTargets = 0
        return tuning
    }()

    /// Random systems give the same values, bit for bit, and the same tableau
    /// sizes and pivots whichever way substitutions go.
    @Test(arguments: 0..<8)
    func walkingColumnsChangesNothing(seed: Int) {
        PropertyTests.expectSameRuns(seed: UInt64(seed) &+ 9_000, steps: 80, Self.alwaysWalk, Self.rowByRow)
    }

    /// Sections that share one grow unit, each holding rows of leaves whose
    /// heights stretch to the section's (a scaled-down `grow` load).
    static func growLayout(sections: Int, leaves: Int) -> (constraints: [Constraint], variables: [Variable]) {
        let screen = Variable("screen"), unit = Variable("unit")
        var constraints: [Constraint] = [screen == 60, unit >= 0]
        var variables = [unit]
        var sectionHeights: [Variable] = []
        var previousBottom: Expression = Expression(0)
        for s in 0..<sections {
            let top = Variable("s\(s).top"), height = Variable("s\(s).height")
            variables += [top, height]
            sectionHeights.append(height)
            constraints.append(top == previousBottom)
            previousBottom = top + height
            for l in 0..<leaves {
                let leafTop = Variable("s\(s).l\(l).top"), leafHeight = Variable("s\(s).l\(l).height")
                variables += [leafTop, leafHeight]
                constraints.append(leafTop == top)
                constraints.append((leafTop + leafHeight == top + height).priority(999))
                constraints.append((leafHeight >= Double(1 + l % 3)).priority(.high))
                constraints.append((leafHeight <= Double(1 + l % 3)).priority(600))
                constraints.append((leafHeight == Double(1 + (l + s) % 3)).priority(.low))
            }
        }
        constraints.append((previousBottom == screen).priority(999))
        for height in sectionHeights { constraints.append((height == unit).priority(.medium)) }
        return (constraints, variables)
    }

    static func solve(_ layout: (constraints: [Constraint], variables: [Variable]), tuning: Tuning) -> (values: [Double], reads: Int, statistics: SolverStatistics) {
        var solver = Solver()
        solver.tableau.tuning = tuning
        for c in layout.constraints { try! solver.add(c) }
        let values = layout.variables.map { solver.value(of: $0) }
        return (values, solver.tableau.substitutionReads, solver.statistics)
    }

    @Test func sharedRowsAreNotReadInFull() {
        let layout = Self.growLayout(sections: 12, leaves: 30)
        // Without hubs (`Tableau+Hubs`), which spare these pivots most of their targets.
        var walking = Tuning(), merging = Self.rowByRow
        walking.hubTargets = .max
        merging.hubTargets = .max
        let walked = Self.solve(layout, tuning: walking)
        let merged = Self.solve(layout, tuning: merging)
        #expect(walked.values.map(\.bitPattern) == merged.values.map(\.bitPattern))
        #expect(walked.statistics == merged.statistics)
        #expect(walked.statistics.pivots > 0)
        // Merging row by row reads every long row that mentions the shared
        // unit on each pivot through it; walking columns reads only the
        // short pivot rows' columns.
        #expect(walked.reads * 2 < merged.reads, "walked \(walked.reads), merged \(merged.reads)")
    }
}

/// A required constraint saves rows for its rollback only on the paths that
/// can reject it: saving a row makes its next change copy it in full.
@Suite struct TransactionCostTests {
    @Test func requiredConstraintThatCannotFailSavesNoRows() throws {
        var solver = Solver()
        let boxes = (0..<10).map { Variable("box\($0)") }
        // The boxes are mentioned first, so they are older than `shared` and
        // win the tie for subject below.
        for (i, box) in boxes.enumerated() { try solver.add(Variable("copy\(i)") == box) }
        let shared = Variable("shared")
        for (i, box) in boxes.enumerated() {
            let sum = Variable("sum\(i)")
            try solver.add(sum == shared + box)          // defines sum
            try solver.add(sum >= Double(i))             // box becomes basic: a core row mentioning shared
        }
        #expect(solver.tableau.coreColumn[Int(solver.variableSymbol[shared.id]!)].count == 10)
        let before = solver.tableau.journal.rowsSavedInAll
        // `shared` is defined by this rule after being substituted into the
        // ten rows: nothing there can fail, so nothing is saved.
        try solver.add(shared == 2)
        #expect(solver.tableau.journal.rowsSavedInAll == before)
        #expect(solver.value(of: shared) == 2)
        // A rejected constraint still saves and restores everything.
        let values = boxes.map { solver.value(of: $0) }
        #expect(throws: SolverError.self) { try solver.add(boxes[0] <= -100) }
        #expect(boxes.map { solver.value(of: $0) } == values)
        #expect(solver.tableau.journal.rowsSavedInAll > before)
        #expect(solver.invariantViolations() == [])
    }
}

@Suite struct ColumnTrimTests {
    @Test func aColumnThatShrankGetsFittingStorage() {
        var column = (0..<200).map { Cell(row: Int32($0), position: Int32($0 % 7)) }
        let capacity = column.capacity
        while column.count > 40 {
            column.removeLast()
            Cell.trim(&column)
        }
        #expect(column.capacity < capacity && column.capacity <= 4 * column.count)
        #expect(column.map(\.row) == (0..<40).map { Int32($0) })
        #expect(column.map(\.position) == (0..<40).map { Int32($0 % 7) })
    }

    /// The grow-shaped layout keeps a consistent index while columns that
    /// thousands of rows shared shrink back.
    @Test func trimmedColumnsKeepTheIndexConsistent() {
        let layout = ColumnWalkTests.growLayout(sections: 12, leaves: 30)
        var solver = Solver()
        for c in layout.constraints { try! solver.add(c) }
        _ = layout.variables.map { solver.value(of: $0) }
        #expect(solver.invariantViolations() == [])
        let slack = solver.tableau.coreColumn.reduce(0) { $0 + max(0, $1.capacity - 4 * max($1.count, 8)) }
        #expect(slack == 0, "columns keep \(slack) cells of storage beyond four times their size")
    }

    /// A symbol that a walk makes basic leaves every row, so its column is
    /// empty and keeps no storage (it regrows when the symbol leaves the
    /// basis); the walk does not refit it step by step on the way down.
    @Test func aSymbolMadeBasicKeepsNoColumnStorage() {
        let layout = ColumnWalkTests.growLayout(sections: 12, leaves: 30)
        var solver = Solver()
        solver.tableau.tuning = ColumnWalkTests.alwaysWalk
        for c in layout.constraints { try! solver.add(c) }
        _ = layout.variables.map { solver.value(of: $0) }
        #expect(solver.invariantViolations() == [])
        let basics = solver.tableau.rows.filter { $0.isAllocated && !$0.isDefinition }.map(\.basic)
        #expect(basics.count > 100)
        let kept = basics.filter { solver.tableau.coreColumn[Int($0)].capacity > 0 }
        #expect(kept.count == 0, "basic symbols that keep column storage")
    }
}

/// The rest of `ColumnWalkTests`' seeds: the fast loop runs the first ones (docs/testing.md).
@Suite struct SlowColumnWalkTests {
    @Test(arguments: 8..<60)
    func walkingColumnsChangesNothing(seed: Int) { ColumnWalkTests().walkingColumnsChangesNothing(seed: seed) }
}
