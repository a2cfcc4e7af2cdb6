import Cells
import Testing
import Canvas

@Suite struct GridTests {
    @Test func storesCellsRowMajor() {
        var grid = Grid(width: 3, height: 2)
        grid[2, 1] = Cell("x")
        #expect(grid.cells[5].grapheme == "x")
        #expect(grid[0, 0] == .blank)
    }

    @Test func rectanglesIntersect() {
        let a = CellRect(x: 0, y: 0, width: 4, height: 4)
        let b = CellRect(x: 2, y: 3, width: 5, height: 5)
        #expect(a.intersection(b) == CellRect(x: 2, y: 3, width: 2, height: 1))
        #expect(a.intersection(CellRect(x: 9, y: 9, width: 1, height: 1)).isEmpty)
        #expect(Grid(width: -2, height: 3).cells.isEmpty)
    }
}
