import Testing
@testable import Cassowary

@Suite struct QueryTests {
    @Test func brokenConstraintsReportHowFarOff() throws {
        var solver = Solver()
        let w = Variable("w")
        try solver.add(w <= 30)
        let wish = (w == 50).priority(.high)
        let floor = (w >= 40).priority(.medium)
        let fine = (w >= 10).priority(.low)
        try solver.add([wish, floor, fine])
        let broken = solver.brokenConstraints()
        #expect(broken == [BrokenConstraint(constraint: wish, violation: 20), BrokenConstraint(constraint: floor, violation: 10)])
        #expect(solver.violation(of: fine) == 0)
        #expect(solver.violation(of: Variable("u") >= 1) == nil)
    }

    @Test func determinedSystemHasNoAmbiguity() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 3)
        try solver.add(y == x + 4)
        try solver.add((y >= 0).priority(.low))
        #expect(solver.ambiguities().isEmpty)
    }

    @Test func unconstrainedVariableIsAmbiguous() throws {
        var solver = Solver()
        let left = Variable("left"), right = Variable("right"), width = Variable("width")
        let tie = right == left + width
        try solver.add(tie)
        try solver.add(width == 10)
        let found = solver.ambiguities()
        #expect(found.count == 1)
        let ambiguity = try #require(found.first)
        #expect(Set(ambiguity.variables) == [left, right])
        #expect(ambiguity.constraints == [tie])
        if case .unconstrained = ambiguity.cause {} else { Issue.record("expected an unconstrained variable") }
    }

    @Test func tieBetweenPreferencesIsAmbiguous() throws {
        var solver = Solver()
        let x = Variable("x")
        let ten = (x == 10).priority(.low)
        let twenty = (x == 20).priority(.low)
        try solver.add([ten, twenty])
        let found = solver.ambiguities()
        #expect(found.count >= 1)
        #expect(found.allSatisfy { $0.variables == [x] })
        #expect(found.first?.constraints == [ten, twenty])
        if case .tie(let c)? = found.first?.cause { #expect(c == ten || c == twenty) } else { Issue.record("expected a tie") }
        try solver.add((x == 12).priority(.weakest))
        #expect(solver.value(of: x) == 12)
        #expect(solver.ambiguities().isEmpty)
    }
}
