import Testing
@testable import Cassowary

@Suite struct ConflictTests {
    private func conflict(_ body: () throws -> Void) -> (Constraint, [Constraint])? {
        do {
            try body()
        } catch let error as SolverError {
            if case .unsatisfiable(let c, let set) = error { return (c, set) }
        } catch {}
        return nil
    }

    /// nucleic/kiwi #52: after a rejected `x <= 1` next to a required `x >= 2`,
    /// kiwi read x = 1 and then refused to re-add `x >= 2`.
    @Test func rejectedAddLeavesNoTrace() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, priority: .high)
        let atLeast2 = x >= 2
        try solver.add(atLeast2)
        let before = solver.statistics
        let atMost1 = x <= 1
        let result = conflict { try solver.add(atMost1) }
        #expect(result?.0 == atMost1)
        #expect(result?.1 == [atLeast2, atMost1])
        #expect(solver.value(of: x) == 2)
        #expect(solver.statistics.constraints == before.constraints)
        #expect(solver.statistics.coreRows == before.coreRows)
        #expect(solver.statistics.symbols == before.symbols)
        try solver.remove(atLeast2)
        try solver.add(atLeast2)
        #expect(solver.value(of: x) == 2)
        #expect(solver.invariantViolations() == [])
    }

    @Test func conflictSetIsMinimalAndOrdered() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d")
        let c1 = a >= 10
        let unrelated1 = d == 3
        let c2 = b >= a + 5
        let unrelated2 = d <= 100
        let c3 = c == b + 5
        let weak = (c == 0).priority(.weakest)
        try solver.add([c1, unrelated1, c2, unrelated2, c3, weak])
        let bad = c <= 12
        let result = conflict { try solver.add(bad) }
        #expect(result?.1 == [c1, c2, c3, bad])
        #expect(!solver.contains(bad))
        #expect(solver.value(of: c) == 20)
    }

    @Test func constraintThatCannotHoldAloneConflictsWithItself() {
        var solver = Solver()
        let never = Constraint(Expression(constant: 1), .equal)
        #expect(conflict { try solver.add(never) }?.1 == [never])
        let x = Variable("x")
        let impossible = x - x >= 1
        #expect(conflict { try solver.add(impossible) }?.1 == [impossible])
        #expect(solver.isEmpty)
    }

    @Test func conflictThroughDefinitionsAndRedundantEqualities() throws {
        var solver = Solver()
        let l = (0..<6).map { Variable("l\($0)") }
        let w = Variable("w")
        var chain: [Constraint] = [l[0] == 0]
        for i in 1..<6 { chain.append(l[i] == l[i - 1] + w) }
        try solver.add(chain)
        let minimum = w >= 2
        try solver.add(minimum)
        let redundant = l[2] == 2 * w
        try solver.add(redundant)
        #expect(solver.invariantViolations() == [])
        let cap = l[5] <= 9
        let result = conflict { try solver.add(cap) }
        // l5 == 5w >= 10; the redundant equality is not needed to explain it.
        #expect(result?.1 == chain + [minimum, cap])
        #expect(solver.value(of: l[5]) == 10)
    }

    @Test func unsatisfiableRedundantEqualityConstant() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let sum = x + y == 10
        let xFixed = x == 4
        let yFixed = y == 6
        try solver.add([sum, xFixed, yFixed])
        let result = conflict { try solver.setConstant(7, of: yFixed) }
        #expect(result?.1.map(\.id) == [sum.id, xFixed.id, yFixed.id])
        #expect(solver.constant(of: yFixed) == 6)
        #expect(solver.value(of: y) == 6)
        #expect(conflict { try solver.setConstant(5, of: xFixed) }?.1.map(\.id) == [sum.id, yFixed.id, xFixed.id])
        try solver.remove(yFixed)
        try solver.setConstant(5, of: xFixed)
        #expect(solver.value(of: x) == 5 && solver.value(of: y) == 5)
        #expect(solver.invariantViolations() == [])
    }

    @Test func rejectedAddDoesNotReportChanges() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 5)
        try solver.add(y == x + 1)
        _ = solver.takeChangedVariables()
        let fresh = Variable("fresh")
        #expect(conflict { try solver.add(x + 0 * fresh <= 1) } != nil)
        #expect(conflict { try solver.add(fresh + x <= fresh) } != nil)
        #expect(solver.takeChangedVariables().isEmpty)
        #expect(solver.value(of: fresh) == 0)
        #expect(solver.invariantViolations() == [])
    }
}
