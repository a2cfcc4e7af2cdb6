import Testing
import Canvas
import Cells

@Suite struct GridWritingTests {
    @Test func wideCharactersTakeTwoCells() {
        var grid = Grid(width: 6, height: 1)
        #expect(grid.write("a漢b", x: 0, y: 0) == 4)
        #expect(grid[1, 0].grapheme == "漢")
        #expect(grid[2, 0].isContinuation)
        #expect(grid[3, 0].grapheme == "b")
        #expect(grid.plainLines() == ["a漢b"])
        expectWideCharactersWhole(grid)
    }

    @Test func aWideCharacterCutByTheClipBecomesASpace() {
        var grid = Grid(width: 6, height: 1, filling: Cell("."))
        let clip = CellRect(x: 1, y: 0, width: 3, height: 1)
        // Right edge: 漢 at 3 would need column 4, outside the clip.
        grid.write("ab漢", x: 1, y: 0, background: .ansi(4), clip: clip)
        #expect(grid.plainLines() == [".ab .."])
        #expect(grid[3, 0].background == .ansi(4))
        // Left edge: 字 at 0–1 has only its right half inside.
        var left = Grid(width: 6, height: 1, filling: Cell("."))
        left.write("字cd", x: 0, y: 0, clip: clip)
        #expect(left.plainLines() == [". cd.."])
        expectWideCharactersWhole(left)
        // The grid's own edge clips too.
        var edge = Grid(width: 3, height: 1)
        edge.write("ab漢", x: 0, y: 0)
        #expect(edge.plainLines() == ["ab"])
        #expect(!edge[2, 0].isContinuation)
        expectWideCharactersWhole(edge)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = Grid(width: 6, height: 1)
        grid.write("漢字", x: 1, y: 0)
        grid.write("x", x: 2, y: 0)          // right half of 漢
        #expect(grid.plainLines() == ["  x字"])
        expectWideCharactersWhole(grid)
        grid.write("y", x: 3, y: 0)          // left half of 字
        #expect(grid.plainLines() == ["  xy"])
        expectWideCharactersWhole(grid)
        var shifted = Grid(width: 6, height: 1)
        shifted.write("漢字", x: 0, y: 0)
        shifted.write("本", x: 1, y: 0)     // straddles both
        #expect(shifted.plainLines() == [" 本"])
        expectWideCharactersWhole(shifted)
    }

    @Test func zeroWidthGraphemesWriteNothing() {
        var grid = Grid(width: 4, height: 1)
        #expect(grid.write("\u{7}", x: 0, y: 0) == 0)
        #expect(grid.write("a\u{200B}b", x: 0, y: 0) == 2)
        #expect(grid.plainLines() == ["ab"])
        grid.write("e\u{301}", x: 2, y: 0)
        #expect(grid[2, 0].grapheme == "e\u{301}")
        #expect(grid.plainLines() == ["abe\u{301}"])
    }

    @Test func writesOutsideTheGridAreIgnored() {
        var grid = Grid(width: 2, height: 2)
        grid.write("abc", x: -1, y: 0)
        grid.write("z", x: 0, y: 5)
        grid.write("漢", x: -1, y: 1)
        #expect(grid.plainLines() == ["bc", ""])
        #expect(grid.contains(x: 1, y: 1) && !grid.contains(x: 2, y: 0) && !grid.contains(x: 0, y: -1))
    }

    @Test func brokenGridsStillRenderAligned() {
        // Cells set directly, against the rules: columns must still line up.
        var grid = Grid(width: 5, height: 1)
        grid[0, 0] = Cell("漢")                          // wide without continuation
        grid[2, 0] = Cell(" ", isContinuation: true)      // continuation without head
        grid[3, 0] = Cell("\u{1B}")                       // a control
        grid[4, 0] = Cell("x")
        #expect(grid.plainLines() == ["    x"])
        let ansi = ANSIRenderer(depth: .trueColor).render(grid)
        #expect(ansi == "    x\n")
    }
}
