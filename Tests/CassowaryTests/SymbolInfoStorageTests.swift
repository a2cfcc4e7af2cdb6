import TestSupport
import Testing
@testable import Cassowary

/// `SymbolInfo` packs the kind into the rank's word (16 bytes a symbol).
@Suite struct SymbolInfoStorageTests {
    @Test func sixteenBytesASymbol() {
        #expect(MemoryLayout<SymbolInfo>.stride == 16)
    }

    /// Kind and rank read back what was stored, whatever the other holds,
    /// across the whole range of ranks (negative ones included).
    @Test func kindAndRankAreIndependent() {
        var rng = SplitMix64(seed: 4_601)
        let kinds: [SymbolKind] = [.external, .slack, .error, .dummy, .released, .unused]
        let edges: [Int64] = [0, 1, -1, SymbolInfo.rankLimit, -SymbolInfo.rankLimit, Tableau.rankGap, -Tableau.rankGap]
        for i in 0..<2_000 {
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
            let rank = i < edges.count ? edges[i] : Int64.random(in: -SymbolInfo.rankLimit...SymbolInfo.rankLimit, using: &rng)
            var info = SymbolInfo(kind: kind, row: Int32(i), owner: Int32(-i), rank: rank)
            #expect(info.kind == kind && info.rank == rank && info.row == Int32(i) && info.owner == Int32(-i))
            let other = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
            info.kind = other
            #expect(info.kind == other && info.rank == rank)
            let next = Int64.random(in: -SymbolInfo.rankLimit...SymbolInfo.rankLimit, using: &rng)
            info.rank = next
            #expect(info.kind == other && info.rank == next)
        }
    }

    /// A definition whose rank would leave the stored range relabels the
    /// definitions instead (which brings every rank back near zero).
    @Test func aRankOutOfRangeRelabels() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        var solver = Solver()
        try solver.add(a == 1)
        try solver.add(b == a + 1)
        let sb = try #require(solver.variableSymbol[b.id])
        solver.tableau.setRank(sb, SymbolInfo.rankLimit - 1)
        try solver.add(c == b + 1)
        let sc = try #require(solver.variableSymbol[c.id])
        #expect(solver.tableau.symbols[Int(sc)].rank > solver.tableau.symbols[Int(sb)].rank)
        #expect(solver.tableau.symbols[Int(sc)].rank < SymbolInfo.rankLimit / 2)
        #expect(solver.invariantViolations() == [])
        #expect(solver.value(of: c) == 3)
    }
}
