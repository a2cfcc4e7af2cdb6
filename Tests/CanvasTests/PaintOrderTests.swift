import Testing
import Canvas
import Cells

@Suite struct PaintOrderTests {
    @Test func siblingsPaintByZIndexThenTreeOrder() {
        let nodes = [
            node("a", 0, 0, 3, 1) { $0.text = "aaa"; $0.zIndex = 2 },
            node("b", 1, 0, 3, 1) { $0.text = "bbb" },
            node("c", 2, 0, 3, 1) { $0.text = "ccc" },     // same z as b, later in the tree: above b
        ]
        #expect(picture(nodes, width: 5, height: 1) == "aaacc")
        let painting = Painter().paint(nodes, width: 5, height: 1)
        #expect((0..<5).map { painting.node(atX: $0, y: 0) } == [0, 0, 0, 2, 2])
    }

    @Test func negativeZIndexGoesBelowAndChildrenStayAboveTheirParent() {
        let nodes = [
            node("parent", 0, 0, 6, 3) { $0.backgroundColor = .ansi(4); $0.zIndex = 1 },
            node("child", parent: 0, 1, 1, 2, 1) { $0.text = "ch"; $0.zIndex = -5 },  // z orders it among siblings only
            node("low", 4, 0, 4, 3) { $0.text = "low"; $0.zIndex = -1 },
        ]
        let grid = Painter().paint(nodes, width: 8, height: 3).grid
        #expect(grid.plainLines() == ["      w", " ch", ""])
        #expect(grid[4, 0].background == .ansi(4))   // parent (z 1) covers low (z -1)
    }

    @Test func aSubtreeIsPaintedWholeBeforeItsNextSibling() {
        let nodes = [
            node("first", 0, 0, 4, 1),
            node("first's child", parent: 0, 0, 0, 4, 1) { $0.text = "1111"; $0.zIndex = 100 },
            node("second", 2, 0, 4, 1) { $0.text = "2222" },
        ]
        #expect(picture(nodes, width: 6, height: 1) == "112222")
    }

    @Test func deepTreesDoNotOverflowTheStack() {
        var nodes = [node("root", 0, 0, 4, 2)]
        for depth in 1..<20_000 {
            nodes.append(node("n\(depth)", parent: depth - 1, 0, 0, 4, 2))
        }
        nodes[nodes.count - 1].style.text = "deep"
        #expect(picture(nodes, width: 4, height: 2) == "deep\n")
    }

    @Test func highlightsAreDrawnOverEverything() {
        let nodes = [
            node("selected", 0, 0, 6, 3, highlight: .selected) { $0.title = "S" },   // no border: single outline
            node("cover", parent: 0, 0, 0, 6, 3) { $0.text = "xxxxxx\nxxxxxx\nxxxxxx" },
            node("related", 6, 0, 4, 3, highlight: .related) { $0.border = .double },
        ]
        let grid = Painter().paint(nodes, width: 10, height: 3).grid
        #expect(grid.plainLines() == ["┌ S ─┐╔══╗", "│xxxx│║  ║", "└────┘╚══╝"])
        #expect(grid[0, 0].foreground == .ansi(11) && grid[0, 0].attributes == .bold)
        #expect(grid[2, 0].foreground == .ansi(11))   // title in the highlight colour
        #expect(grid[6, 0].foreground == .ansi(14))
        let custom = Painter(selectedColor: .ansi(9), relatedColor: .ansi(10)).paint(nodes, width: 10, height: 3).grid
        #expect(custom[0, 0].foreground == .ansi(9) && custom[6, 0].foreground == .ansi(10))
    }

    @Test func paintingOverAnExistingGridKeepsWhatShowsThrough() {
        var base = Grid(width: 4, height: 1)
        base.write("abcd", x: 0, y: 0)
        let grid = Painter().paint([node("t", 1, 0, 2, 1) { $0.text = "X" }], onto: base).grid
        #expect(grid.plainLines() == ["aXcd"])
    }

    @Test func aLaterTextOwnsTheBlockItsLinesSpanOverSeeThroughViews() {
        // Two transparent cards overlap; the later card's text must read on its
        // own, not mixed with the earlier card's longer lines beneath it.
        let nodes = [
            node("under", 0, 0, 12, 2) { $0.text = "............\n............" },
            node("over", 0, 0, 12, 2) { $0.text = "top\ncard on" },
        ]
        #expect(picture(nodes, width: 12, height: 2) == "top    .....\ncard on.....")
        // Centred lines own from the leftmost start to the rightmost end.
        let centred = [
            node("under", 0, 0, 9, 2) { $0.text = "xxxxxxxxx\nxxxxxxxxx" },
            node("over", 0, 0, 9, 2) { $0.text = "a\nbbb"; $0.textAlign = .center },
        ]
        #expect(picture(centred, width: 9, height: 2) == "xxx a xxx\nxxxbbbxxx")
    }
}

@Suite struct AlphaTests {
    @Test func opaqueBackgroundsHideWhatIsBeneath() {
        let nodes = [
            node("text", 0, 0, 4, 1) { $0.text = "abcd" },
            node("cover", 1, 0, 2, 1) { $0.backgroundColor = .rgb(red: 10, green: 20, blue: 30) },
        ]
        let grid = Painter().paint(nodes, width: 4, height: 1).grid
        #expect(grid.plainLines() == ["a  d"])
        #expect(grid[1, 0].background == .rgb(red: 10, green: 20, blue: 30))
    }

    @Test func transparentBackgroundsShowWhatIsBeneath() {
        let nodes = [
            node("under", 0, 0, 4, 1) { $0.text = "abcd"; $0.backgroundColor = .ansi(1) },
            node("none", 1, 0, 1, 1),
            node("alpha 0", 2, 0, 1, 1) { $0.backgroundColor = .rgb(red: 255, green: 255, blue: 255, alpha: 0) },
        ]
        let grid = Painter().paint(nodes, width: 4, height: 1).grid
        #expect(grid.plainLines() == ["abcd"])
        #expect((0..<4).allSatisfy { grid[$0, 0].background == .ansi(1) })
    }

    @Test func translucentBackgroundsBlendOverWhatIsBeneath() {
        let nodes = [
            node("under", 0, 0, 4, 1) { $0.text = "abcd"; $0.backgroundColor = .rgb(red: 0, green: 0, blue: 255); $0.foregroundColor = .rgb(red: 255, green: 255, blue: 255) },
            node("tint", 1, 0, 2, 2) { $0.backgroundColor = .rgb(red: 255, green: 0, blue: 0, alpha: 128) },
        ]
        let grid = Painter().paint(nodes, width: 4, height: 2).grid
        #expect(grid.plainLines() == ["abcd", ""])            // text beneath still shows
        #expect(grid[1, 0].background == .rgb(red: 128, green: 0, blue: 127))
        #expect(grid[1, 0].foreground == .rgb(red: 255, green: 127, blue: 127))
        #expect(grid[0, 0].background == .rgb(red: 0, green: 0, blue: 255))
        // Over the terminal's default background (xterm theme: black).
        #expect(grid[1, 1].background == .rgb(red: 128, green: 0, blue: 0))
        // Over an ANSI colour: its theme value is used.
        let overAnsi = Painter().paint([
            node("under", 0, 0, 1, 1) { $0.backgroundColor = .ansi(7) },
            node("tint", 0, 0, 1, 1) { $0.backgroundColor = .rgb(red: 0, green: 0, blue: 0, alpha: 51) },
        ], width: 1, height: 1).grid
        #expect(overAnsi[0, 0].background == .rgb(red: 183, green: 183, blue: 183))   // 0xe5 * 0.8
    }

    @Test func translucentTextAndBordersBlendOverTheirBackground() {
        let grid = Painter().paint([node("t", 0, 0, 3, 3) {
            $0.backgroundColor = .rgb(red: 0, green: 0, blue: 0)
            $0.foregroundColor = .rgb(red: 255, green: 255, blue: 255, alpha: 128)
            $0.border = .single
            $0.text = "x"
        }], width: 3, height: 3).grid
        #expect(grid[1, 1].foreground == .rgb(red: 128, green: 128, blue: 128))
        #expect(grid[0, 0].foreground == .rgb(red: 128, green: 128, blue: 128))
    }

    @Test func blendingArithmetic() {
        #expect(RGB(255, 0, 0).blended(over: RGB(0, 0, 255), alpha: 255) == RGB(255, 0, 0))
        #expect(RGB(255, 0, 0).blended(over: RGB(0, 0, 255), alpha: 0) == RGB(0, 0, 255))
        #expect(RGB(200, 100, 0).blended(over: RGB(0, 100, 200), alpha: 64) == RGB(50, 100, 150))
        #expect(RGB(255, 0, 16).hex == "#ff0010")
    }
}
