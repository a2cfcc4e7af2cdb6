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
        let chain = try ChainLayout(n, into: &solver)
        #expect(solver.invariantViolations() == [])
        for i in 0..<n {
            #expect(abs(solver.value(of: chain.width[i]) - 10) < 1e-9)
            #expect(abs(solver.value(of: chain.left[i]) - Double(11 * i)) < 1e-9)
        }
        for v in stride(from: 11 * n - 101, through: 11 * n + 99, by: 7) {
            try solver.suggestValue(chain.total, Double(v))
            #expect(solver.invariantViolations() == [])
            #expect(abs(solver.value(of: chain.left[n - 1]) + solver.value(of: chain.width[n - 1]) - Double(v)) < 1e-6)
            var total = 0.0
            for w in chain.width {
                #expect(solver.value(of: w) >= 1 - 1e-9)
                total += abs(solver.value(of: w) - 10)
            }
            #expect(abs(total - Double(abs(v - (11 * n - 1)))) < 1e-6)
        }
    }
}

@Suite struct DocumentationExampleTests {
    /// The quick tour of docs/solver.md.
    @Test func quickTour() throws {
        var solver = Solver()
        let left = Variable("box.left"), width = Variable("box.width")
        let screen = Variable("screen.width")
        try solver.addEditVariable(screen, priority: 999)
        try solver.suggestValue(screen, 80)
        try solver.add(left == 2)
        try solver.add(width >= 10)
        try solver.add(left + width <= screen - 2)
        let wish = (width == 40).priority(.high)
        try solver.add(wish)
        #expect(solver.value(of: width) == 40)
        try solver.suggestValue(screen, 30)
        #expect(solver.value(of: width) == 26)
        #expect(solver.brokenConstraints() == [BrokenConstraint(constraint: wish, violation: 14)])
        #expect(solver.brokenConstraints().first?.description == "box.width == 40 @high off by 14")
    }
}
