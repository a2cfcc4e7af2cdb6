import Testing
@testable import Cassowary

@Suite struct PriorityOrderTests {
    /// nucleic/kiwi #33: a third, much weaker constraint must not tip the
    /// balance between two stronger ones.
    @Test func weakerConstraintDoesNotTipTheBalance() throws {
        var solver = Solver()
        let v = Variable("v")
        try solver.add((v >= 100).priority(501))
        try solver.add((v == 90).priority(500))
        #expect(solver.value(of: v) == 100)
        try solver.add((v == 10).priority(10))
        #expect(solver.value(of: v) == 100)
    }

    @Test func manyLowViolationsNeverOutweighOneHigher() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 0).priority(.high))
        for _ in 0..<2000 { try solver.add((x == 1).priority(.medium)) }
        #expect(solver.value(of: x) == 0)
        let others = (0..<500).map { _ in Variable() }
        for o in others { try solver.add((o == x + 5).priority(.low)) }
        for o in others { try solver.add((o == 0).priority(.weakest)) }
        #expect(solver.value(of: x) == 0)
        for o in others { #expect(solver.value(of: o) == 5) }
        #expect(solver.brokenConstraints().count == 2000 + 500)
    }

    @Test func editPriorityIsOrderedToo() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, priority: 600)
        for _ in 0..<100 { try solver.add((x == 50).priority(599)) }
        try solver.suggestValue(x, 10)
        #expect(solver.value(of: x) == 10)
        try solver.add((x == 70).priority(601))
        #expect(solver.value(of: x) == 70)
    }
}
