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
