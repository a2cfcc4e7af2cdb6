import Testing
@testable import Cassowary

@Suite struct SolverAPITests {
    @Test func addRemoveContains() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let c1 = x == 10, c2 = y >= x + 1
        try solver.add([c1, c2])
        #expect(solver.contains(c1) && solver.contains(c2))
        #expect(solver.constraints == [c1, c2])
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 11)
        try solver.remove(c1)
        #expect(!solver.contains(c1))
        #expect(solver.constraints == [c2])
        try solver.remove(c2)
        #expect(solver.isEmpty)
        #expect(solver.value(of: x) == 0)
        #expect(solver.invariantViolations() == [])
    }

    @Test func errorsForDuplicateUnknownAndNonFinite() throws {
        var solver = Solver()
        let x = Variable("x")
        let c = x >= 1
        try solver.add(c)
        #expect(throws: SolverError.duplicateConstraint(c)) { try solver.add(c) }
        let other = x <= 5
        #expect(throws: SolverError.unknownConstraint(other)) { try solver.remove(other) }
        #expect(throws: SolverError.unknownConstraint(other)) { try solver.setConstant(3, of: other) }
        let bad = x == .infinity
        #expect(throws: SolverError.nonFinite(bad)) { try solver.add(bad) }
        let nan = Double.nan * x >= 1
        #expect(throws: SolverError.nonFinite(nan)) { try solver.add(nan) }
        #expect(throws: (any Error).self) { try solver.setConstant(.nan, of: c) }
        #expect(solver.constraints == [c])
    }

    @Test func resetEmptiesEverything() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 3)
        try solver.addEditVariable(x, priority: .low)
        solver.reset()
        #expect(solver.isEmpty)
        #expect(!solver.hasEditVariable(x))
        #expect(solver.value(of: x) == 0)
        try solver.add(x == 4)
        #expect(solver.value(of: x) == 4)
    }

    @Test func setConstantChangesInPlace() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let gap = right == left + width + 2
        try solver.add(left == 5)
        try solver.add(width >= 10)
        try solver.add((width == 10).priority(.weakest))
        try solver.add(gap)
        #expect(solver.value(of: right) == 17)
        #expect(solver.constant(of: gap) == 2)
        try solver.setConstant(7, of: gap)
        #expect(solver.constant(of: gap) == 7)
        #expect(solver.value(of: right) == 22)
        let minimum = try #require(solver.constraints.first { $0.relation == .greaterThanOrEqual })
        try solver.setConstant(30, of: minimum)
        #expect(solver.value(of: width) == 30)
        #expect(solver.value(of: right) == 42)
        try solver.setConstant(1, of: minimum)
        #expect(solver.value(of: width) == 10)
        let preference = solver.constraints[2]
        try solver.setConstant(4, of: preference)
        #expect(solver.value(of: width) == 4)
        #expect(solver.invariantViolations() == [])
    }

    @Test func setConstantOnRequiredConflictKeepsOldConstant() throws {
        var solver = Solver()
        let x = Variable("x")
        let low = x >= 2, high = x <= 10
        try solver.add(low)
        try solver.add(high)
        try solver.add((x == 6).priority(.low))
        let before = solver.value(of: x)
        let error = #expect(throws: SolverError.self) { try solver.setConstant(1, of: high) }
        guard case .unsatisfiable(let changed, let conflict)? = error else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(changed == high)
        #expect(changed.constant == 1)
        #expect(conflict.map(\.id) == [low.id, high.id])
        #expect(solver.constant(of: high) == 10)
        #expect(solver.value(of: x) == before)
        try solver.setConstant(3, of: high)
        #expect(solver.value(of: x) == 3)
        #expect(solver.invariantViolations() == [])
    }

    @Test func statisticsDescribeTheTableau() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == y + 1)
        try solver.add((y == 3).priority(.medium))
        let stats = solver.statistics
        #expect(stats.constraints == 2)
        #expect(stats.priorityLevels == 1)
        #expect(stats.definitions + stats.coreRows == 2)
        #expect(stats.description.contains("constraints=2"))
    }
}
