import TestSupport
import Testing
@testable import Cassowary

/// Random systems under random operations, checked after every step against
/// the solver's own invariants and an independent reference LP.
@Suite struct PropertyTests {
    struct Run {
        var trace: [UInt64] = []
        var checked = 0
        var rejected = 0
    }

    static func randomConstraint(_ vars: [Variable], _ rng: inout SplitMix64) -> Constraint {
        var e = Expression(constant: Double(Int.random(in: -20...20, using: &rng)))
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let v = vars[Int.random(in: 0..<vars.count, using: &rng)]
            e = e + [-2.0, -1, 1, 1, 2, 3][Int.random(in: 0..<6, using: &rng)] * v
        }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
        let priorities: [Priority] = [.required, .required, .required, 1, 250, 500, 750, 999]
        return Constraint(e, relation, priority: priorities[Int.random(in: 0..<priorities.count, using: &rng)])
    }

    static func items(_ solver: Solver, editVariable: Variable, editPriority: Priority) -> [ReferenceLP.Item] {
        var result = solver.constraints.map { ReferenceLP.Item(constraint: $0, constant: solver.constant(of: $0)!) }
        if let suggested = solver.suggestedValue(editVariable) {
            result.append(.init(constraint: Constraint(Expression(editVariable), .equal, priority: editPriority), constant: suggested))
        }
        return result
    }

    /// Checks everything that must hold after any operation.
    static func check(_ solver: inout Solver, vars: [Variable], edit: Variable, editPriority: Priority, step: String) {
        #expect(solver.invariantViolations() == [], "\(step)")
        for c in solver.constraints where c.isRequired {
            let k = solver.constant(of: c)!
            #expect(solver.measuredViolation(c, constant: k) <= 1e-6, "\(step): required \(c) violated")
        }
        let all = items(solver, editVariable: edit, editPriority: editPriority)
        guard let reference = ReferenceLP.solve(all) else {
            Issue.record("\(step): reference finds the accepted system infeasible")
            return
        }
        for (priority, optimum) in reference {
            var total = 0.0
            for item in all where item.constraint.priority.value == priority {
                total += solver.measuredViolation(item.constraint, constant: item.constant)
            }
            #expect(approximately(total, optimum, 1e-6), "\(step): level \(priority) total \(total), optimum \(optimum)")
        }
    }

    /// Runs the same random operations under two tunings and expects the
    /// same values after every step, bit for bit, and the same rejections.
    static func expectSameRuns(seed: UInt64, steps: Int, _ a: Tuning, _ b: Tuning,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let first = run(seed: seed, steps: steps, tuning: a, checking: false)
        let second = run(seed: seed, steps: steps, tuning: b, checking: false)
        #expect(first.trace == second.trace, sourceLocation: sourceLocation)
        #expect(first.rejected == second.rejected, sourceLocation: sourceLocation)
    }

    static func snapshot(_ solver: inout Solver, _ vars: [Variable]) -> [UInt64] {
        vars.map { solver.value(of: $0).bitPattern }
    }

    static func checkConflict(_ conflict: [Constraint], rejected: Constraint, constants: (Constraint) -> Double) {
        #expect(conflict.last?.id == rejected.id)
        #expect(conflict.allSatisfy { $0.isRequired })
        let set = conflict.map { ReferenceLP.Item(constraint: $0, constant: $0.id == rejected.id ? rejected.constant : constants($0)) }
        #expect(ReferenceLP.solve(set) == nil, "conflict set is satisfiable: \(conflict)")
        for i in set.indices {
            var smaller = set
            smaller.remove(at: i)
            #expect(ReferenceLP.solve(smaller) != nil, "conflict set not minimal without \(set[i].constraint)")
        }
    }

    /// `checking` false skips the reference LP and the conflict checks (the
    /// run is then only replayed, as the determinism test does).
    static func run(seed: UInt64, steps: Int, tuning: Tuning = Tuning(), checking: Bool = true) -> Run {
        var rng = SplitMix64(seed: seed)
        var result = Run()
        var solver = Solver()
        solver.tableau.tuning = tuning
        let vars = (0..<Int.random(in: 2...6, using: &rng)).map { Variable("x\($0)") }
        let edit = vars[0]
        let editPriority: Priority = 800
        for step in 0..<steps {
            let label = "seed \(seed) step \(step)"
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 60 || solver.constraints.isEmpty {
                let c = randomConstraint(vars, &rng)
                let before = snapshot(&solver, vars)
                let statsBefore = solver.statistics
                do {
                    try solver.add(c)
                    if checking && c.isRequired {
                        let required = solver.constraints.filter(\.isRequired).map { ReferenceLP.Item(constraint: $0, constant: solver.constant(of: $0)!) }
                        #expect(ReferenceLP.solve(required) != nil, "\(label): accepted an infeasible \(c)")
                    }
                } catch {
                    result.rejected += 1
                    guard case .unsatisfiable(let rejected, let conflict) = error else {
                        Issue.record("\(label): unexpected \(error)")
                        continue
                    }
                    #expect(rejected == c)
                    #expect(snapshot(&solver, vars) == before, "\(label): rejected add changed values")
                    var statsAfter = solver.statistics
                    statsAfter.pivots = statsBefore.pivots
                    statsAfter.mergedEntries = statsBefore.mergedEntries
                    statsAfter.exchanges = statsBefore.exchanges
                    #expect(statsAfter == statsBefore, "\(label): rejected add changed the tableau")
                    if checking { checkConflict(conflict, rejected: c) { solver.constant(of: $0)! } }
                }
            } else if roll < 75 {
                let list = solver.constraints
                try? solver.remove(list[Int.random(in: 0..<list.count, using: &rng)])
            } else if roll < 90 {
                let list = solver.constraints
                let c = list[Int.random(in: 0..<list.count, using: &rng)]
                let k = Double(Int.random(in: -20...20, using: &rng))
                let before = snapshot(&solver, vars)
                do {
                    try solver.setConstant(k, of: c)
                    #expect(solver.constant(of: c) == k)
                } catch {
                    result.rejected += 1
                    guard case .unsatisfiable(let changed, let conflict) = error else {
                        Issue.record("\(label): unexpected \(error)")
                        continue
                    }
                    #expect(changed == c && changed.constant == k)
                    #expect(snapshot(&solver, vars) == before, "\(label): rejected setConstant changed values")
                    #expect(solver.constant(of: c) != k || c.constant == k)
                    if checking { checkConflict(conflict, rejected: changed) { solver.constant(of: $0)! } }
                }
            } else {
                if !solver.hasEditVariable(edit) { try? solver.addEditVariable(edit, priority: editPriority) }
                try? solver.suggestValue(edit, Double(Int.random(in: -30...30, using: &rng)))
            }
            if checking { check(&solver, vars: vars, edit: edit, editPriority: editPriority, step: label) }
            result.checked += 1
            result.trace += snapshot(&solver, vars)
        }
        for c in solver.constraints { try? solver.remove(c) }
        try? solver.removeEditVariable(edit)
        #expect(solver.isEmpty, "seed \(seed): removing everything leaves \(solver.statistics)")
        #expect(solver.invariantViolations() == [])
        return result
    }

    @Test(arguments: 0..<20)
    func randomSystemsStayCorrect(seed: Int) {
        let first = Self.run(seed: UInt64(seed), steps: 60)
        #expect(first.checked == 60)
    }

    /// The same, with every shortcut taken on these small systems (see `Tuning.stress`).
    @Test(arguments: 0..<10)
    func randomSystemsStayCorrectUnderStress(seed: Int) {
        let tuning = seed % 2 == 0 ? Tuning.stressEager : Tuning.stressStrict
        let first = Self.run(seed: UInt64(seed) &+ 5_000, steps: 60, tuning: tuning)
        #expect(first.checked == 60)
    }

    /// Two replays of the same calls give the same values, bit for bit.
    /// Correctness is checked above; here only the replay matters, so the
    /// runs skip the reference LP and can be long.
    @Test(arguments: [7])
    func runsAreBitIdentical(seed: UInt64) {
        for tuning in [Tuning(), Tuning.stressEager, Tuning.stressStrict] {
            let a = Self.run(seed: seed, steps: 300, tuning: tuning, checking: false)
            let b = Self.run(seed: seed, steps: 300, tuning: tuning, checking: false)
            #expect(a.trace.count == 300 * Int(a.trace.count / 300))
            #expect(a.trace == b.trace)
            #expect(a.rejected == b.rejected)
        }
    }
}

/// Layout-shaped systems (chains of boxes inside containers) under random
/// churn, constant changes and edits, checked against the reference LP.
@Suite struct LayoutPropertyTests {
    static func layout(_ rng: inout SplitMix64) -> (vars: [Variable], constraints: [Constraint], total: Variable) {
        let total = Variable("total")
        var vars = [total]
        var constraints: [Constraint] = []
        let containers = Int.random(in: 1...3, using: &rng)
        var parentLeft: Variable? = nil, parentWidth: Variable? = nil
        var previousRight: Expression? = nil
        for c in 0..<containers {
            let left = Variable("c\(c).left"), width = Variable("c\(c).width")
            vars += [left, width]
            constraints.append(width >= 1)
            constraints.append((width == Double(Int.random(in: 5...30, using: &rng))).priority(.weakest))
            constraints.append(previousRight.map { left == $0 + 1 } ?? (left == 0))
            previousRight = left + width
            let children = Int.random(in: 1...4, using: &rng)
            var previous: (Variable, Variable)? = nil
            for k in 0..<children {
                let l = Variable("c\(c).\(k).left"), w = Variable("c\(c).\(k).width")
                vars += [l, w]
                constraints.append(w >= Double(Int.random(in: 0...3, using: &rng)))
                constraints.append((w == Double(Int.random(in: 3...12, using: &rng))).priority([1, 250, 500][Int.random(in: 0..<3, using: &rng)]))
                constraints.append(previous.map { l == $0.0 + $0.1 + 1 } ?? (l == left + 1))
                previous = (l, w)
            }
            constraints.append(previous!.0 + previous!.1 + 1 == left + width)
            parentLeft = left
            parentWidth = width
        }
        constraints.append(parentLeft! + parentWidth! == total)
        return (vars, constraints, total)
    }

    @Test(arguments: 0..<12)
    func layoutsUnderChurn(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 10_000)
        let (vars, constraints, total) = Self.layout(&rng)
        var solver = Solver()
        solver.tableau.tuning = [Tuning(), Tuning.stressEager, Tuning.stressStrict][seed % 3]
        // Add in a random order, edit variable first or last.
        var order = constraints
        order.shuffle(using: &rng)
        let editFirst = Bool.random(using: &rng)
        if editFirst { try? solver.addEditVariable(total, priority: 999) }
        for c in order { try? solver.add(c) }
        if !editFirst { try? solver.addEditVariable(total, priority: 999) }
        var removed: [Constraint] = []
        var lastOp = ""
        for step in 0..<40 {
            let label = "layout seed \(seed) step \(step)"
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let v = Double(Int.random(in: 0...120, using: &rng))
                lastOp = "suggest \(v)"
                try? solver.suggestValue(total, v)
            case 1:
                let held = solver.constraints
                guard !held.isEmpty else { continue }
                let c = held[Int.random(in: 0..<held.count, using: &rng)]
                lastOp = "remove \(c)"
                try? solver.remove(c)
                removed.append(c)
            case 2:
                if let c = removed.popLast() { lastOp = "add \(c)"; try? solver.add(c) }
            default:
                let held = solver.constraints
                guard !held.isEmpty else { continue }
                let c = held[Int.random(in: 0..<held.count, using: &rng)]
                let k = c.constant + Double(Int.random(in: -3...3, using: &rng))
                lastOp = "setConstant \(k) of \(c)"
                try? solver.setConstant(k, of: c)
            }
            PropertyTests.check(&solver, vars: vars, edit: total, editPriority: 999, step: "\(label) after \(lastOp)")
        }
        for c in solver.constraints { try? solver.remove(c) }
        try? solver.removeEditVariable(total)
        #expect(solver.isEmpty)
    }
}

/// The rest of `PropertyTests`' seeds: the fast loop runs the first ones (docs/testing.md).
@Suite struct SlowPropertyTests {
    @Test(arguments: 20..<200)
    func randomSystemsStayCorrect(seed: Int) { PropertyTests().randomSystemsStayCorrect(seed: seed) }

    @Test(arguments: 10..<100)
    func randomSystemsStayCorrectUnderStress(seed: Int) { PropertyTests().randomSystemsStayCorrectUnderStress(seed: seed) }

    @Test(arguments: [99, 1234, 4242])
    func runsAreBitIdentical(seed: UInt64) { PropertyTests().runsAreBitIdentical(seed: seed) }
}

/// The rest of `LayoutPropertyTests`' seeds: the fast loop runs the first ones (docs/testing.md).
@Suite struct SlowLayoutPropertyTests {
    @Test(arguments: 12..<90)
    func layoutsUnderChurn(seed: Int) { LayoutPropertyTests().layoutsUnderChurn(seed: seed) }
}
