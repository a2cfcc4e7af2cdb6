@testable import Cassowary
import Testing

/// `Solver.constraints` and `brokenConstraints()` list constraints in the
/// order they were added, found by sorting record slots (slots are reused
/// after a removal, so slot order is not addition order).
@Suite struct RecordOrderTests {
    /// A seeded generator, so a failure reproduces.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Random adds and removals (with edit variables in between) keep both
    /// lists in addition order, the broken ones being exactly the optional
    /// constraints with a violation.
    @Test(arguments: 0..<40)
    func listsFollowAdditionOrder(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed))
        let variables = (0..<6).map { Variable("v\($0)") }
        var solver = Solver()
        var added: [Constraint] = []
        for _ in 0..<120 {
            let choice = random.next(10)
            if choice < 3, !added.isEmpty {
                let victim = added.remove(at: random.next(added.count))
                try solver.remove(victim)
            } else if choice == 3 {
                let v = variables[random.next(variables.count)]
                if solver.hasEditVariable(v) { try solver.removeEditVariable(v) } else {
                    try solver.addEditVariable(v, priority: .high)
                    try solver.suggestValue(v, Double(random.next(50)))
                }
            } else {
                let a = variables[random.next(variables.count)], b = variables[random.next(variables.count)]
                let constant = Double(random.next(40))
                let priorities: [Priority] = [.required, .high, .medium, .low]
                let priority = priorities[random.next(priorities.count)]
                let constraint = switch random.next(3) {
                case 0: (a + b == constant).priority(priority)
                case 1: (a >= b + constant).priority(priority)
                default: (a <= constant).priority(priority)
                }
                do {
                    try solver.add(constraint)
                    added.append(constraint)
                } catch {}
            }
            #expect(solver.constraints == added)
        }
        var expectedBroken: [Constraint] = []
        for c in added where !c.priority.isRequired {
            if Tolerance.isPositive(solver.violation(of: c)!) { expectedBroken.append(c) }
        }
        #expect(solver.brokenConstraints().map(\.constraint) == expectedBroken)
    }
}
