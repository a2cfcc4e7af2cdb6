@testable import Cassowary
import Testing

/// The phase-one coefficients (one per symbol) exist only once a required
/// constraint has needed phase one; a layout whose constraints all find a
/// variable to absorb them never makes them.
@Suite struct PhaseOneStorageTests {
    @Test func aLoadWithoutPhaseOneMakesNoCoefficients() throws {
        let layout = ColumnWalkTests.growLayout(sections: 4, leaves: 6)
        var solver = Solver()
        try solver.add(layout.constraints)
        _ = layout.variables.map { solver.value(of: $0) }
        #expect(solver.tableau.artificialCoefficient.isEmpty)
        #expect(solver.invariantViolations() == [])
    }

    /// `x >= 10` reduces to preference errors and a slack only (x is defined
    /// by its preference), with the constant on the wrong side: phase one.
    /// From then on the coefficients follow every symbol made, and a
    /// rejected constraint's rollback truncates them with the symbols.
    @Test func phaseOneSizesTheCoefficientsAndTheyFollowTheSymbols() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.add((x == 5).priority(.high))
        #expect(solver.tableau.artificialCoefficient.isEmpty)
        try solver.add(x >= 10)
        #expect(solver.value(of: x) == 10)
        #expect(solver.tableau.artificialCoefficient.count == solver.tableau.symbolCount)
        try solver.add((y == x + 3).priority(.medium))
        #expect(solver.invariantViolations() == [])
        #expect(throws: SolverError.self) { try solver.add(x <= 2) }
        #expect(solver.invariantViolations() == [])
        #expect(solver.value(of: y) == 13)
    }
}
