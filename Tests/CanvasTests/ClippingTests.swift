import Testing
import Canvas
import Cells

@Suite struct ClippingTests {
    @Test func childrenAreClippedToTheParentsInnerBox() {
        let nodes = [
            node("parent", 0, 0, 8, 4) { $0.border = .single },
            node("child", parent: 0, 3, 1, 10, 5) { $0.border = .double; $0.text = "xx" },
        ]
        #expect(picture(nodes, width: 12, height: 6) == """
            ┌──────┐
            │  ╔═══│
            │  ║xx │
            └──────┘
            """ + "\n\n")
    }

    @Test func paddingDoesNotClipChildren() {
        let nodes = [
            node("parent", 0, 0, 6, 3) { $0.border = .single; $0.padding = Insets(all: 1) },
            node("child", parent: 0, 1, 1, 4, 1) { $0.text = "abcd" },
        ]
        #expect(picture(nodes, width: 6, height: 3) == "┌────┐\n│abcd│\n└────┘")
    }

    @Test func clipsNest() {
        let nodes = [
            node("a", 0, 0, 10, 5) { $0.border = .single },
            node("b", parent: 0, 1, 1, 4, 3),                     // no border: inner box is its frame
            node("c", parent: 1, 0, 0, 10, 5) { $0.text = "0123456789\nabcdefghij\nABCDEFGHIJ" },
        ]
        #expect(picture(nodes, width: 10, height: 5) == """
            ┌────────┐
            │bcde    │
            │BCDE    │
            │        │
            └────────┘
            """)
    }

    @Test func wideCharactersAtClipEdgesBecomeSpaces() {
        // The parent's inner box is columns 1–4; the child's text starts at 0.
        let nodes = [
            node("parent", 0, 0, 6, 3) { $0.border = .single },
            node("child", parent: 0, 0, 1, 6, 1) { $0.text = "漢字漢"; $0.backgroundColor = .ansi(4) },
        ]
        let grid = Painter().paint(nodes, width: 6, height: 3).grid
        // 漢 at 0–1: only its right half is inside → a space at 1; 字 at 2–3 fits;
        // 漢 at 4–5: only its left half is inside → a space at 4.
        #expect(grid.plainLines() == ["┌────┐", "│ 字 │", "└────┘"])
        #expect(grid[1, 1].background == .ansi(4) && grid[4, 1].background == .ansi(4))
        expectWideCharactersWhole(grid)
    }

    @Test func aBackgroundOverHalfAWideCharacterBlanksTheOtherHalf() {
        let nodes = [
            node("text", 0, 0, 6, 1) { $0.text = "漢字漢" },
            node("cover", 1, 0, 2, 1) { $0.backgroundColor = .ansi(1) },   // right half of 漢, left half of 字
        ]
        let grid = Painter().paint(nodes, width: 6, height: 1).grid
        #expect(grid.plainLines() == ["    漢"])
        expectWideCharactersWhole(grid)
    }

    @Test func emptyNegativeAndInvisibleViewsAreSkippedWithTheirSubtree() {
        let nodes = [
            node("zero", 0, 0, 0, 3) { $0.border = .single },
            node("child of zero", parent: 0, 0, 0, 3, 3) { $0.text = "A" },
            node("negative", 0, 0, -3, 2) { $0.border = .single },
            node("hidden", 0, 0, 4, 2) { $0.visible = false; $0.text = "B" },
            node("child of hidden", parent: 3, 0, 0, 3, 1) { $0.text = "C" },
            node("shown", 0, 1, 4, 1) { $0.text = "D" },
        ]
        let painting = Painter().paint(nodes, width: 4, height: 2)
        #expect(painting.grid.plainLines() == ["", "D"])
        #expect(painting.node(atX: 0, y: 0) == nil)
        #expect(painting.node(atX: 0, y: 1) == 5)
    }

    @Test func viewsOutsideTheGridAndHugeFramesAreSafe() {
        let nodes = [
            node("far", 1_000, 1_000, 5, 5) { $0.border = .single },
            node("huge", -5, -5, Int.max, Int.max) { $0.border = .double; $0.text = "x"; $0.title = "t" },
            node("child", parent: 1, Int.max - 1, 0, Int.max, 3) { $0.text = "y" },
            node("bad parent", parent: 99, 0, 0, 1, 1) { $0.text = "z" },
            node("self parent", parent: 4, 1, 0, 1, 1) { $0.text = "w" },
            node("min", Int.min, Int.min, Int.max, Int.max) { $0.border = .single; $0.backgroundColor = .ansi(1) },
        ]
        let painting = Painter().paint(nodes, width: 3, height: 2)
        // The huge frame's ring is far away: only its inside shows, with the two roots on top.
        #expect(painting.grid.plainLines() == ["zw", ""])
        #expect(painting.node(atX: 2, y: 1) == 1)
    }
}
