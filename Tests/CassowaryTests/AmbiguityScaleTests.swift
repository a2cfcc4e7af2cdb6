import Testing
@testable import Cassowary

/// Issue 11, item 11: the ambiguity query on one long coupled chain. Each free
/// direction moves a long tail of the chain; listing the constraints of one
/// direction used to test every mention against every constraint listed so far,
/// and every direction against every earlier one (cubic: a 2,000-view chain took
/// 13 s through `casement check`). A 1,200-view chain was out of reach in a debug
/// build; it now takes a moment.
@Suite struct AmbiguityScaleTests {
    @Test func aLongChainOfFreeWidthsIsAnalysedInFull() throws {
        let n = 1_200
        var solver = Solver()
        let left = (0..<n).map { Variable("left\($0)") }, width = (0..<n).map { Variable("width\($0)") }
        try solver.add(left[0] == 0)
        for i in 0..<n {
            try solver.add(width[i] >= 0)
            if i > 0 { try solver.add(left[i] == left[i - 1] + width[i - 1]) }
        }
        try solver.add(left[n - 1] + width[n - 1] == 100)
        let order = Dictionary(uniqueKeysWithValues: solver.constraints.enumerated().map { ($1, $0) })
        let found = solver.ambiguities()
        // n widths, one equation on their sum: n − 1 free directions.
        #expect(found.count == n - 1)
        var total = 0
        for ambiguity in found {
            total += ambiguity.variables.count
            // Every constraint listed mentions a variable that moves, once, in the order added.
            let positions = ambiguity.constraints.map { order[$0]! }
            #expect(positions == positions.sorted() && Set(positions).count == positions.count)
            let moved = Set(ambiguity.variables)
            #expect(ambiguity.constraints.allSatisfy { c in c.expression.terms.contains { moved.contains($0.variable) } })
        }
        #expect(total >= n - 1)
    }
}
