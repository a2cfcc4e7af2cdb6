import TestSupport
import Testing
@testable import Cassowary

@Suite struct EditVariableTests {
    @Test func suggestMovesTheVariable() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(y == 2 * x)
        try solver.addEditVariable(x, priority: .high)
        #expect(solver.hasEditVariable(x))
        try solver.suggestValue(x, 21)
        #expect(solver.value(of: x) == 21)
        #expect(solver.value(of: y) == 42)
        #expect(solver.suggestedValue(x) == 21)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(solver.suggestedValue(x) == nil)
    }

    @Test func editStartsAtTheCurrentValue() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 7).priority(.low))
        try solver.addEditVariable(x, priority: .high)
        #expect(solver.value(of: x) == 7)
        #expect(solver.suggestedValue(x) == 7)
    }

    @Test func editErrors() throws {
        var solver = Solver()
        let x = Variable("x")
        #expect(throws: SolverError.requiredEditVariable(x)) { try solver.addEditVariable(x, priority: .required) }
        try solver.addEditVariable(x, priority: .medium)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, priority: .low) }
        let y = Variable("y")
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.suggestValue(y, 1) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.removeEditVariable(y) }
        #expect(throws: SolverError.nonFiniteValue(x, .infinity)) { try solver.suggestValue(x, .infinity) }
        #expect(solver.constraints.isEmpty)
    }

    @Test func requiredConstraintsWinOverEdits() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x <= 100)
        try solver.addEditVariable(x, priority: 999)
        try solver.suggestValue(x, 150)
        #expect(solver.value(of: x) == 100)
        try solver.suggestValue(x, 50)
        #expect(solver.value(of: x) == 50)
    }

    /// nucleic/kiwi #197: a suggested value survives later adds and removes.
    @Test func suggestedValueSurvivesAddsAndRemoves() throws {
        var solver = Solver()
        let v = Variable("v")
        let others = (0..<6).map { Variable("o\($0)") }
        try solver.addEditVariable(v, priority: .high)
        try solver.suggestValue(v, 100)
        var rng = SplitMix64(seed: 197)
        var added: [Constraint] = []
        for step in 0..<300 {
            if !added.isEmpty && Int.random(in: 0..<3, using: &rng) == 0 {
                let c = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
                try solver.remove(c)
            } else {
                let o = others[Int.random(in: 0..<others.count, using: &rng)]
                let k = Double(Int.random(in: -20...20, using: &rng))
                let c: Constraint = switch Int.random(in: 0..<4, using: &rng) {
                case 0: (o == v + k).priority(.low)
                case 1: o >= v + k
                case 2: (o <= k).priority(.medium)
                default: o + v >= 50
                }
                if (try? solver.add(c)) != nil { added.append(c) }
            }
            #expect(solver.value(of: v) == 100, "step \(step)")
        }
        #expect(solver.invariantViolations() == [])
    }

    /// The inconsistent case reported in nucleic/kiwi #20.
    @Test func editWithinBounds() throws {
        var solver = Solver()
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        try solver.add(xm * 2 == xl + xr)
        try solver.add(xl + 10 <= xr)
        try solver.add(xr <= 100)
        try solver.add(xl >= 0)
        try solver.addEditVariable(xm, priority: .high)
        for target in [70.0, 100, 0, 50, 95] {
            try solver.suggestValue(xm, target)
            let l = solver.value(of: xl), m = solver.value(of: xm), r = solver.value(of: xr)
            #expect(approximately(2 * m, l + r))
            #expect(l + 10 <= r + 1e-9 && r <= 100 + 1e-9 && l >= -1e-9)
            #expect(approximately(m, min(max(target, 5), 95)))
        }
    }
}
