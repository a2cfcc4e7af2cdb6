import TestSupport
import Testing
@testable import Cassowary

/// A reduced cost keeps up to two levels inline and spills longer lists into
/// a side table (`Tableau.costSpill`); these tests drive symbols across that
/// boundary both ways, through optimisation, removal and a rolled-back add.
@Suite struct ReducedCostStorageTests {
    /// One entry per symbol: the inline components pack without padding,
    /// and each reads back what was stored.
    @Test func inlineCostIsPackedAndReadsBack() {
        #expect(MemoryLayout<ReducedCost>.stride == 32)
        var cost = ReducedCost(count: 2, spill: -1, first: LevelCost(rank: 7, coefficient: -1.5),
                               second: LevelCost(rank: 3, coefficient: 2.25))
        #expect(cost.first == LevelCost(rank: 7, coefficient: -1.5))
        #expect(cost.second == LevelCost(rank: 3, coefficient: 2.25))
        cost.first.coefficient = 4
        cost[inline: 1] = LevelCost(rank: 5, coefficient: -8)
        #expect(cost[inline: 0] == LevelCost(rank: 7, coefficient: 4))
        #expect(cost.second == LevelCost(rank: 5, coefficient: -8))
        #expect(ReducedCost() == ReducedCost(count: 0, spill: -1, first: .none, second: .none))
    }

    /// The sparse table reads and writes like a plain array of costs (the
    /// general form it replaces), over random writes, appends and
    /// truncations, and holds entries only for the non-zero costs.
    @Test func costTableBehavesLikeADenseArray() {
        var generator = SplitMix64(seed: 15)
        var table = CostTable()
        var dense: [ReducedCost] = []
        func randomCost() -> ReducedCost {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return ReducedCost()
            case 1: return ReducedCost(count: 1, spill: -1, first: LevelCost(rank: Int32.random(in: 1...9, using: &generator), coefficient: 1))
            case 2: return ReducedCost(count: 2, spill: -1, first: LevelCost(rank: 9, coefficient: -2),
                                       second: LevelCost(rank: Int32.random(in: 1...8, using: &generator), coefficient: 0.5))
            default: return ReducedCost(count: 3, spill: Int32.random(in: 0...5, using: &generator))
            }
        }
        for step in 0..<4_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<3:
                let cost = randomCost()
                table.append(cost)
                dense.append(cost)
            case 3 where !dense.isEmpty:
                let n = Int.random(in: 1...min(5, dense.count), using: &generator)
                table.removeLast(n)
                dense.removeLast(n)
            default:
                guard !dense.isEmpty else { continue }
                let s = Int.random(in: 0..<dense.count, using: &generator)
                if dense[s].count > 0, Bool.random(using: &generator) {
                    // In place, as `addToCost` changes a top level.
                    let coefficient = Double(Int.random(in: -9...9, using: &generator)) + 0.5
                    table[s].first.coefficient = coefficient
                    dense[s].first.coefficient = coefficient
                } else {
                    let cost = randomCost()
                    table[s] = cost
                    dense[s] = cost
                }
                #expect(table[s] == dense[s])
            }
            if step % 97 == 0 || step == 3_999 {
                #expect(Array(table) == dense)
                #expect(table.count == dense.count)
                #expect(table.storedCount == dense.count { $0.count != 0 })
                #expect(table.invariantViolations() == [])
            }
        }
    }

    private func spilledSymbols(_ solver: Solver) -> Int {
        solver.tableau.objectiveCosts.filter { $0.count > ReducedCost.inlineCapacity }.count
    }

    /// Preferences on one variable at four levels give the errors below the
    /// top level costs at several levels each.
    private func stacked() throws -> (Solver, Variable, [Constraint]) {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 0)
        try solver.add(y == x + 1)
        let preferences = [(x == 10).priority(400), (x == 20).priority(300),
                           (y == 31).priority(200), (x + y == 50).priority(100)]
        for c in preferences { try solver.add(c) }
        return (solver, x, preferences)
    }

    @Test func costsSpillPastTwoLevelsAndComeBackInline() throws {
        var (solver, x, preferences) = try stacked()
        #expect(solver.value(of: x) == 10)
        #expect(spilledSymbols(solver) > 0)
        #expect(solver.invariantViolations() == [])
        try solver.remove(preferences[0])
        #expect(solver.value(of: x) == 20)
        #expect(solver.invariantViolations() == [])
        try solver.remove(preferences[1])
        #expect(solver.value(of: x) == 30)
        try solver.remove(preferences[2])
        #expect(solver.value(of: x) == 24.5)
        #expect(spilledSymbols(solver) == 0)
        #expect(solver.tableau.freeSpill.count == solver.tableau.costSpill.count)
        #expect(solver.invariantViolations() == [])
        // Freed slots are reused when costs spill again; none leak.
        for c in preferences.prefix(3) { try solver.add(c) }
        #expect(solver.value(of: x) == 10)
        #expect(spilledSymbols(solver) > 0)
        #expect(solver.tableau.costSpill.count - solver.tableau.freeSpill.count == spilledSymbols(solver))
        #expect(solver.invariantViolations() == [])
    }

    @Test func aRejectedAddRestoresSpilledCostsBitForBit() throws {
        var (solver, x, _) = try stacked()
        _ = solver.value(of: x)
        let before = solver.tableau.objectiveCosts
        let spill = solver.tableau.costSpill
        #expect(throws: SolverError.self) { try solver.add(x <= -1) }
        #expect(solver.tableau.objectiveCosts == before)
        #expect(solver.tableau.costSpill == spill)
        #expect(solver.value(of: x) == 10)
        #expect(solver.invariantViolations() == [])
    }
}
