import TestSupport
import Testing
@testable import Cassowary

@Suite struct ChangeTrackingTests {
    @Test func onlyChangedVariablesAreReported() throws {
        var solver = Solver()
        let n = 20
        let chain = try ChainLayout(n, into: &solver)
        let (left, width, total) = (chain.left, chain.width, chain.total)
        let first = solver.takeChangedVariables()
        #expect(Set(first) == Set(left + width + [total]))
        #expect(solver.takeChangedVariables().isEmpty)
        try solver.suggestValue(total, Double(11 * n + 4))
        let changed = solver.takeChangedVariables()
        #expect(changed.contains(total))
        // One width absorbs the change; only it and the boxes after it move.
        let movedWidths = width.filter { changed.contains($0) }
        #expect(movedWidths.count == 1)
        for v in changed { #expect(v == total || left.contains(v) || width.contains(v)) }
        #expect(solver.takeChangedVariables().isEmpty)
        try solver.suggestValue(total, Double(11 * n + 4))
        #expect(solver.takeChangedVariables().isEmpty)
    }

    @Test func valuesAreRecomputedAfterEachKindOfChange() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let ab = b == a + 1
        let bc = c == b + 1
        try solver.add(ab)
        try solver.add(bc)
        let pin = a == 5
        try solver.add(pin)
        #expect(solver.value(of: c) == 7)
        try solver.setConstant(10, of: pin)
        #expect(solver.value(of: c) == 12)
        try solver.remove(pin)
        try solver.add(c == 0)
        #expect(solver.value(of: a) == -2)
        try solver.setConstant(3, of: ab)
        #expect(solver.value(of: a) == -4)
        #expect(solver.takeChangedVariables().count == 3)
    }
}

/// `takeChangedVariables` as a caller relies on it: a caller that keeps the
/// values it was told about, and updates only the variables reported, always
/// holds what `value(of:)` says — including variables that left the solver
/// (which read 0 from then on).
@Suite struct ChangeListTests {
    /// What a caller knows: the last reported value of each variable (0 for
    /// one never reported, as `value(of:)` reads a variable the solver does not know).
    struct Caller {
        var known: [Variable: Double] = [:]
        /// Variables in the solver at the last report.
        var present: Set<Variable> = []
        /// Takes the changes through `takeChangedVariables(_:)`, one at a
        /// time, instead of as a list.
        var streamed = false

        /// Applies one report; records an issue for a variable reported
        /// without a change (one that joined since the last report may be).
        mutating func take(_ solver: inout Solver, _ step: String) {
            var changed: [Variable] = []
            if streamed {
                solver.takeChangedVariables { changed.append($0) }
            } else {
                changed = solver.takeChangedVariables()
            }
            for v in changed {
                let value = solver.value(of: v)
                if let old = known[v], present.contains(v) {
                    #expect(old.bitPattern != value.bitPattern, "\(step): \(v) reported without a change")
                }
                known[v] = value
            }
            present = Set(known.keys.filter { solver.variableSymbol[$0.id] != nil })
        }

        func check(_ solver: inout Solver, _ vars: [Variable], _ step: String) {
            for v in vars {
                let value = solver.value(of: v)
                #expect((known[v] ?? 0).bitPattern == value.bitPattern,
                        "\(step): \(v) is \(value), the caller still has \(known[v] ?? 0)")
            }
        }
    }

    @Test func anEditVariableSuggestedBackAndRemovedIsReported() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(y == 3)
        var caller = Caller()
        caller.take(&solver, "load")
        try solver.addEditVariable(x, priority: .weakest)
        try solver.suggestValue(x, -7)
        caller.take(&solver, "suggest")
        #expect(caller.known[x] == -7)
        // Back to where it was, and the edit goes: x leaves the solver, which
        // now reads 0 for it; the caller must hear of it.
        try solver.suggestValue(x, 0)
        try solver.removeEditVariable(x)
        caller.take(&solver, "restore")
        caller.check(&solver, [x, y], "restore")
    }

    @Test func aVariableThatLeavesAfterAChangeIsReported() throws {
        var solver = Solver()
        let x = Variable("x")
        let pin = x == 5
        try solver.add(pin)
        var caller = Caller()
        caller.take(&solver, "load")
        try solver.setConstant(6, of: pin)
        try solver.setConstant(5, of: pin)
        try solver.remove(pin)
        caller.take(&solver, "remove")
        caller.check(&solver, [x], "remove")
        // Gone and back before the next report: reported once, with its new value.
        let temporary = x == 8
        try solver.add(temporary)
        try solver.remove(temporary)
        let again = x == 9
        try solver.add(again)
        caller.take(&solver, "re-add")
        caller.check(&solver, [x], "re-add")
        // Gone and back at the value the caller holds: nothing to report.
        try solver.remove(again)
        try solver.add(x == 9)
        #expect(solver.takeChangedVariables().isEmpty)
        // Everything leaves on reset.
        solver.reset()
        caller.take(&solver, "reset")
        caller.check(&solver, [x], "reset")
    }

    /// Random systems with variables that come and go; the caller reads the
    /// change list only every few steps (every other seed one variable at a
    /// time, as the layout engine does).
    @Test(arguments: 0..<120)
    func callersThatReadOnlyChangesStayInStep(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 77_000)
        var solver = Solver()
        solver.tableau.tuning = [Tuning(), Tuning.stressEager, Tuning.stressStrict][seed % 3]
        let vars = (0..<Int.random(in: 2...6, using: &rng)).map { Variable("x\($0)") }
        var caller = Caller(streamed: seed % 2 == 1)
        var edits: [Variable] = []
        for step in 0..<60 {
            let label = "seed \(seed) step \(step)"
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<35:
                try? solver.add(PropertyTests.randomConstraint(vars, &rng))
            case 35..<55:
                let list = solver.constraints
                if !list.isEmpty { try? solver.remove(list[Int.random(in: 0..<list.count, using: &rng)]) }
            case 55..<65:
                let list = solver.constraints
                if !list.isEmpty {
                    let c = list[Int.random(in: 0..<list.count, using: &rng)]
                    try? solver.setConstant(Double(Int.random(in: -20...20, using: &rng)), of: c)
                }
            case 65..<75:
                let v = vars[Int.random(in: 0..<vars.count, using: &rng)]
                if !solver.hasEditVariable(v), (try? solver.addEditVariable(v, priority: [1, 250, 800][Int.random(in: 0..<3, using: &rng)])) != nil {
                    edits.append(v)
                }
            case 75..<90:
                if let v = edits.randomElement(using: &rng) {
                    let back = Bool.random(using: &rng) ? caller.known[v] ?? 0 : Double(Int.random(in: -30...30, using: &rng))
                    try? solver.suggestValue(v, back)
                }
            default:
                if !edits.isEmpty {
                    let v = edits.remove(at: Int.random(in: 0..<edits.count, using: &rng))
                    try? solver.removeEditVariable(v)
                }
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                caller.take(&solver, label)
                caller.check(&solver, vars, label)
            }
        }
        caller.take(&solver, "seed \(seed) end")
        caller.check(&solver, vars, "seed \(seed) end")
        for v in edits { try? solver.removeEditVariable(v) }
        for c in solver.constraints { try? solver.remove(c) }
        caller.take(&solver, "seed \(seed) emptied")
        caller.check(&solver, vars, "seed \(seed) emptied")
        #expect(solver.isEmpty)
    }
}
