import TestSupport
import Testing
@testable import Cassowary

/// The definitions' column index keeps a one-cell column inline and spills
/// longer ones into arrays; it must behave exactly like an array per column
/// (same cells, same order, same indexes), which is what the rows' links and
/// every walk over a column rely on.
@Suite struct CompactColumnsTests {
    /// Random appends, removals and position changes on a few columns,
    /// mirrored on plain arrays: contents, returned indexes and moved cells
    /// agree after every step, and the storage's own rules hold.
    @Test(arguments: 0..<6)
    func behavesLikeAnArrayPerColumn(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 4_600)
        var compact = CompactColumns()
        var model: [[Cell]] = []
        for _ in 0..<5 {
            compact.appendSymbol()
            model.append([])
        }
        var nextRow: Int32 = 0
        for step in 0..<3_000 {
            let s = Int.random(in: 0..<model.count, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let cell = Cell(row: nextRow, position: Int32.random(in: 0..<50, using: &rng))
                nextRow += 1
                let index = compact.append(cell, to: s)
                #expect(Int(index) == model[s].count, "step \(step)")
                model[s].append(cell)
            case 5..<9:
                guard !model[s].isEmpty else { continue }
                let index = Int.random(in: 0..<model[s].count, using: &rng)
                let last = model[s].removeLast()
                var expected: Cell? = nil
                if index != model[s].count {
                    model[s][index] = last
                    expected = last
                }
                let moved = compact.swapRemove(at: index, of: s)
                #expect(moved?.row == expected?.row && moved?.position == expected?.position, "step \(step)")
            default:
                guard !model[s].isEmpty else { continue }
                let index = Int.random(in: 0..<model[s].count, using: &rng)
                let position = Int32.random(in: 0..<50, using: &rng)
                model[s][index].position = position
                compact.setPosition(position, ofCell: index, of: s)
            }
            for t in model.indices {
                let cells = Array(compact[t])
                #expect(cells.map(\.row) == model[t].map(\.row) && cells.map(\.position) == model[t].map(\.position),
                        "step \(step) column \(t)")
                #expect(compact.count(of: t) == model[t].count, "step \(step) column \(t)")
            }
            #expect(compact.invariantViolations() == [], "step \(step)")
        }
    }

    /// Through the solver: a variable that several definitions mention has a
    /// spilled column; removing them brings it back inline, adding them again
    /// spills it again, and the tableau's links stay whole throughout.
    @Test func definitionsSpillAndComeBackInline() throws {
        let x = Variable("x")
        let others = (0..<4).map { Variable("d\($0)") }
        var solver = Solver()
        try solver.add(x == 5)
        var defining: [Constraint] = []
        for (i, d) in others.enumerated() {
            let c: Constraint = d == x + Double(i)
            defining.append(c)
            try solver.add(c)
            #expect(solver.invariantViolations() == [])
        }
        let sx = try #require(solver.variableSymbol[x.id])
        #expect(solver.tableau.definitionColumn.count(of: Int(sx)) == 4)
        for (i, d) in others.enumerated() { #expect(solver.value(of: d) == 5 + Double(i)) }
        for c in defining.dropFirst() {
            try solver.remove(c)
            _ = solver.value(of: x)
            #expect(solver.invariantViolations() == [])
        }
        #expect(solver.tableau.definitionColumn.count(of: Int(sx)) <= 1)
        let again = others.dropFirst().enumerated().map { (i, d) -> Constraint in d == x + Double(10 + i) }
        try solver.add(again)
        #expect(solver.invariantViolations() == [])
        for (i, d) in others.dropFirst().enumerated() { #expect(solver.value(of: d) == 15 + Double(i)) }
    }
}
