import Testing
@testable import Cassowary

/// Issue 11, item 10: many distinct priority levels. The objective used to be a
/// dense symbol × level matrix, re-laid out for every new level, so 999 views
/// with 999 priorities cost symbols × levels² (72 s through `casement check`).
/// Its storage now grows with the preferences only, and priorities stay strictly
/// ordered.
@Suite struct PriorityLevelsTests {
    /// One view per priority 1…999, each preferring a different place.
    private func distinctLevels(_ count: Int) throws -> (Solver, [Variable]) {
        var solver = Solver()
        var lefts: [Variable] = []
        for i in 0..<count {
            let left = Variable("v\(i).left"), width = Variable("v\(i).width")
            let p = Priority(1 + i)
            try solver.add((left == Double(i % 50)).priority(p))
            try solver.add((width == Double(5 + i % 7)).priority(p))
            try solver.add(left + width <= 60)
            lefts.append(left)
        }
        return (solver, lefts)
    }

    @Test func objectiveStorageDoesNotGrowWithTheLevelsInUse() throws {
        var (solver, lefts) = try distinctLevels(999)
        for (i, left) in lefts.enumerated() { #expect(solver.value(of: left) == Double(i % 50)) }
        let stats = solver.statistics
        #expect(stats.priorityLevels == 999)
        // Dense storage held symbols × levels ≈ 6,000 × 999 coefficients.
        #expect(stats.objectiveCells <= 2 * stats.symbols)
        #expect(solver.invariantViolations().isEmpty)
    }

    /// One variable bounded by preferences at 300 priorities: 299 lower ones,
    /// which a sum of weights would let win, never outweigh the highest.
    func manyLevelsOnOneVariableStayStrictlyOrdered() throws {
        var solver = Solver()
        let width = Variable("width")
        try solver.add(width >= 0)
        for p in 1...299 { try solver.add((width >= Double(10 + p)).priority(Priority(p))) }
        let top = (width <= 4).priority(300)
        try solver.add(top)
        #expect(solver.value(of: width) == 4)
        #expect(solver.brokenConstraints().count == 299)
        #expect(solver.statistics.objectiveCells <= 4 * 301)
        try solver.remove(top)
        #expect(solver.value(of: width) == 309)
        #expect(solver.brokenConstraints().isEmpty)
        #expect(solver.invariantViolations().isEmpty)
    }

    func removingEveryPreferenceOfALevelDropsTheLevel() throws {
        var solver = Solver()
        let x = Variable("x")
        let constraints = (1...300).map { (x == Double($0)).priority(Priority($0)) }
        for c in constraints { try solver.add(c) }
        #expect(solver.value(of: x) == 300)
        for c in constraints.reversed().prefix(150) { try solver.remove(c) }
        #expect(solver.value(of: x) == 150)
        #expect(solver.statistics.priorityLevels == 150)
        #expect(solver.invariantViolations().isEmpty)
    }
}

/// The hundreds of levels of `PriorityLevelsTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowPriorityLevelsTests {
    @Test func manyLevelsOnOneVariableStayStrictlyOrdered() throws { try PriorityLevelsTests().manyLevelsOnOneVariableStayStrictlyOrdered() }

    @Test func removingEveryPreferenceOfALevelDropsTheLevel() throws { try PriorityLevelsTests().removingEveryPreferenceOfALevelDropsTheLevel() }
}
