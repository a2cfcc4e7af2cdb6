import Testing
@testable import Cassowary

@Suite struct NumericTests {
    @Test func redundantEqualitiesAreAccepted() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 5)
        try solver.add(x == 5)
        try solver.add(x + y == 10)
        try solver.add(y == 5)
        try solver.add(2 * x - y == 5)
        #expect(solver.value(of: x) == 5 && solver.value(of: y) == 5)
        #expect(solver.invariantViolations() == [])
        for c in solver.constraints { try solver.remove(c) }
        #expect(solver.isEmpty)
    }

    @Test func zeroSizeRequiredConstraints() throws {
        var solver = Solver()
        let left = Variable("left"), right = Variable("right"), width = Variable("width")
        try solver.add(right == left + width)
        try solver.add(width == 0)
        try solver.add(left == 12)
        try solver.add(width >= 0)
        try solver.add(width <= 0)
        try solver.add((width == 5).priority(.high))
        #expect(solver.value(of: right) == 12)
        #expect(solver.brokenConstraints().count == 1)
    }

    @Test func nearZeroConstants() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 1e-12)
        try solver.add(y >= x - 1e-15)
        try solver.add((y == 0).priority(.low))
        #expect(abs(solver.value(of: x)) < 1e-9)
        #expect(abs(solver.value(of: y)) < 1e-9)
        #expect(solver.invariantViolations() == [])
    }

    @Test func largeAndSmallCoefficients() throws {
        var solver = Solver()
        let big = Variable("big"), small = Variable("small"), z = Variable("z")
        try solver.add(1e-6 * big == 1)
        try solver.add(1e6 * small == 1)
        try solver.add(z == big * 1e-3 + small * 1e3)
        #expect(approximately(solver.value(of: big), 1e6, 1e-9))
        #expect(approximately(solver.value(of: small), 1e-6, 1e-9))
        #expect(approximately(solver.value(of: z), 1000.001, 1e-9))
        try solver.add((big <= 10).priority(.low))
        #expect(approximately(solver.value(of: big), 1e6, 1e-9))
        #expect(solver.brokenConstraints().first.map { approximately($0.violation, 1e6 - 10) } == true)
    }

    @Test func tinyCoefficientsCountAsZero() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 3)
        let noise = 1e-12 * x >= 1
        #expect(throws: (any Error).self) { try solver.add(noise) }
        #expect(solver.value(of: x) == 3)
    }
}
