import Testing
import TextMetrics

@Suite struct CellWidthTests {
    @Test func asciiIsOneCellAndCJKIsTwo() {
        #expect(cellWidth(of: "a") == 1)
        #expect(cellWidth(of: "漢") == 2)
        #expect(cellWidth(of: "ab漢字") == 6)
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(cellWidth(of: "e\u{301}") == 1)
    }
}
