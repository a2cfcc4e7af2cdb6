import Testing
@testable import Cassowary

@Suite struct SolverBasicsTests {
    @Test func simpleEqualityAndInequality() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 10)
        try solver.add(y == x + 5)
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
        #expect(solver.invariantViolations().isEmpty)
    }

    @Test func preferencesYieldToRequired() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 20)
        try solver.add((x == 10).priority(.weakest))
        #expect(solver.value(of: x) == 20)
        let broken = solver.brokenConstraints()
        #expect(broken.count == 1)
        #expect(broken.first?.violation == 10)
    }

    @Test func chainOfBoxes() throws {
        var solver = Solver()
        let n = 50
        let left = (0..<n).map { Variable("left\($0)") }
        let width = (0..<n).map { Variable("width\($0)") }
        let r = Variable("R")
        try solver.addEditVariable(r, priority: 999)
        try solver.suggestValue(r, Double(11 * n - 1))
        for i in 0..<n {
            try solver.add(width[i] >= 1)
            try solver.add((width[i] == 10).priority(.weakest))
            if i == 0 { try solver.add(left[0] == 0) } else { try solver.add(left[i] == left[i - 1] + width[i - 1] + 1) }
        }
        try solver.add(left[n - 1] + width[n - 1] == r)
        #expect(solver.invariantViolations() == [])
        for i in 0..<n {
            #expect(abs(solver.value(of: width[i]) - 10) < 1e-9)
            #expect(abs(solver.value(of: left[i]) - Double(11 * i)) < 1e-9)
        }
        for v in stride(from: 11 * n - 101, through: 11 * n + 99, by: 7) {
            try solver.suggestValue(r, Double(v))
            #expect(solver.invariantViolations() == [])
            #expect(abs(solver.value(of: left[n - 1]) + solver.value(of: width[n - 1]) - Double(v)) < 1e-6)
            for i in 0..<n { #expect(solver.value(of: width[i]) >= 1 - 1e-9) }
            var total = 0.0
            for i in 0..<n { total += abs(solver.value(of: width[i]) - 10) }
            #expect(abs(total - Double(abs(v - (11 * n - 1)))) < 1e-6)
        }
    }

    @Test func conflictIsReportedAndLeavesNoTrace() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, priority: .high)
        let atLeast2 = x >= 2
        try solver.add(atLeast2)
        try solver.remove(atLeast2)
        try solver.add(atLeast2)
        let atMost1 = x <= 1
        #expect(throws: SolverError.unsatisfiable(atMost1, conflict: [atLeast2, atMost1])) { try solver.add(atMost1) }
        #expect(solver.value(of: x) == 2)
        #expect(!solver.contains(atMost1))
        try solver.remove(atLeast2)
        try solver.add(atLeast2)
        #expect(solver.value(of: x) == 2)
        #expect(solver.invariantViolations() == [])
    }
}
