@testable import Cassowary
import Testing

/// Hubs (`Tableau+Hubs`): during an optimisation, an entering symbol that
/// many rows mention stays named by them instead of being substituted.
/// The optimum must be the same as without hubs, the tableau left behind
/// the plain one, and the `grow` shape must merge far fewer entries.
@Suite struct HubTests {
    static func tuning(hubTargets: Int) -> Tuning {
        var tuning = Tuning()
        tuning.hubTargets = hubTargets
        return tuning
    }

    /// Every entering symbol becomes a hub, however few rows mention it.
    static let always = tuning(hubTargets: 0)
    /// No hubs.
    static let never = tuning(hubTargets: .max)

    /// The total violation of the constraints at each priority level.
    static func violations(_ solver: Solver, _ constraints: [Constraint]) -> [Int: Double] {
        var solver = solver
        var totals: [Int: Double] = [:]
        for c in constraints {
            totals[c.priority.value, default: 0] += solver.measuredViolation(c, constant: solver.constant(of: c)!)
        }
        return totals
    }

    static func solved(_ constraints: [Constraint], tuning: Tuning) -> Solver {
        var solver = Solver()
        solver.tableau.tuning = tuning
        for c in constraints { try! solver.add(c) }
        solver.settle()
        return solver
    }

    /// Random systems under random operations, each step checked against
    /// the reference LP, with every entering symbol made a hub.
    @Test(arguments: 0..<10)
    func randomSystemsStayOptimal(seed: Int) {
        let run = PropertyTests.run(seed: UInt64(seed) &+ 20_000, steps: 60, tuning: Self.always)
        #expect(run.checked == 60)
    }

    /// Every entering symbol a hub, with the ratio test reading all rows at once.
    static let alwaysReadingAllRows: Tuning = {
        var tuning = always
        tuning.zeroRowsFirst = false
        return tuning
    }()

    /// Reading the rows at value 0 first changes no pivot: the values after
    /// every step of random operations are the same bit for bit.
    @Test(arguments: 0..<10)
    func zeroRowsFirstChoosesTheSamePivots(seed: Int) {
        PropertyTests.expectSameRuns(seed: UInt64(seed) &+ 20_000, steps: 60, Self.always, Self.alwaysReadingAllRows)
    }

    /// The same on the `grow` shape, whose pivots are nearly all degenerate:
    /// the same pivots, the same merges, the same values.
    @Test(arguments: [(6, 12)])
    func zeroRowsFirstOnSharedUnits(sections: Int, leaves: Int) {
        let layout = ColumnWalkTests.growLayout(sections: sections, leaves: leaves)
        var first = Self.solved(layout.constraints, tuning: Self.tuning(hubTargets: 4))
        var readingAll = Self.tuning(hubTargets: 4)
        readingAll.zeroRowsFirst = false
        var all = Self.solved(layout.constraints, tuning: readingAll)
        #expect(first.statistics.pivots > 0)
        #expect(first.statistics == all.statistics)
        for v in layout.variables { #expect(first.value(of: v).bitPattern == all.value(of: v).bitPattern) }
    }

    /// Sections sharing one grow unit (the `grow` load's shape) reach the
    /// same violation at every level with and without hubs, and the tableau
    /// left behind passes the invariants (no row names a basic symbol).
    @Test(arguments: [(3, 6), (6, 12)])
    func sharedUnitsReachTheSameOptimum(sections: Int, leaves: Int) {
        let layout = ColumnWalkTests.growLayout(sections: sections, leaves: leaves)
        let plain = Self.solved(layout.constraints, tuning: Self.never)
        let expected = Self.violations(plain, layout.constraints)
        for tuning in [Self.always, Self.tuning(hubTargets: 4), Tuning()] {
            let solver = Self.solved(layout.constraints, tuning: tuning)
            #expect(solver.invariantViolations() == [])
            let got = Self.violations(solver, layout.constraints)
            #expect(got.keys.sorted() == expected.keys.sorted())
            for (level, total) in expected {
                #expect(abs(got[level, default: 0] - total) <= 1e-6 * max(1, abs(total)), "level \(level): \(got[level, default: 0]) against \(total)")
            }
        }
    }

    /// On that shape the degenerate pivots enter symbols of the rows below
    /// every section; with hubs those rows are written once at the end
    /// instead of at every pivot.
    @Test func sharedUnitsMergeFewerEntries() {
        let layout = ColumnWalkTests.growLayout(sections: 12, leaves: 30)
        let plain = Self.solved(layout.constraints, tuning: Self.never).statistics
        let hubs = Self.solved(layout.constraints, tuning: Self.tuning(hubTargets: 8)).statistics
        #expect(hubs.mergedEntries * 2 < plain.mergedEntries, "with hubs \(hubs.mergedEntries), without \(plain.mergedEntries)")
    }

    /// Edits after an optimisation with hubs start from the plain tableau:
    /// the dual simplex then moves the values as without hubs.
    @Test func editsAfterHubsMatchEditsWithout() throws {
        let layout = ColumnWalkTests.growLayout(sections: 6, leaves: 12)
        var results: [[Double]] = []
        for tuning in [Self.never, Self.always] {
            var solver = Self.solved(layout.constraints, tuning: tuning)
            let screen = layout.constraints[0]
            var values: [Double] = []
            for height in [30.0, 90, 45] {
                try solver.setConstant(height, of: screen)
                solver.settle()
                #expect(solver.invariantViolations() == [])
                values += layout.variables.map { solver.value(of: $0) }
            }
            results.append(values)
        }
        #expect(results[0].count == results[1].count)
        for (a, b) in zip(results[0], results[1]) { #expect(abs(a - b) <= 1e-6) }
    }
}

/// The rest of `HubTests`' seeds and the largest shapes: the fast loop runs the first ones (docs/testing.md).
@Suite struct SlowHubTests {
    @Test(arguments: 10..<80)
    func randomSystemsStayOptimal(seed: Int) { HubTests().randomSystemsStayOptimal(seed: seed) }

    @Test(arguments: 10..<80)
    func zeroRowsFirstChoosesTheSamePivots(seed: Int) { HubTests().zeroRowsFirstChoosesTheSamePivots(seed: seed) }

    @Test(arguments: [(12, 30)])
    func zeroRowsFirstOnSharedUnits(sections: Int, leaves: Int) { HubTests().zeroRowsFirstOnSharedUnits(sections: sections, leaves: leaves) }

    @Test(arguments: [(12, 30)])
    func sharedUnitsReachTheSameOptimum(sections: Int, leaves: Int) { HubTests().sharedUnitsReachTheSameOptimum(sections: sections, leaves: leaves) }
}
