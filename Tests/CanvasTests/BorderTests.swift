import Testing
@testable import Canvas
import Cells

@Suite struct BorderTests {
    private func box(_ border: BorderStyle, title: String? = "T", width: Int = 8, height: Int = 4) -> String {
        picture([node("b", 0, 0, width, height) { $0.border = border; $0.title = title }], width: width, height: height)
    }

    @Test func everyBorderStyle() {
        #expect(box(.single) == """
            ┌─ T ──┐
            │      │
            │      │
            └──────┘
            """)
        #expect(box(.double) == """
            ╔═ T ══╗
            ║      ║
            ║      ║
            ╚══════╝
            """)
        #expect(box(.rounded) == """
            ╭─ T ──╮
            │      │
            │      │
            ╰──────╯
            """)
        #expect(box(.heavy) == """
            ┏━ T ━━┓
            ┃      ┃
            ┃      ┃
            ┗━━━━━━┛
            """)
        #expect(box(.ascii) == """
            +- T --+
            |      |
            |      |
            +------+
            """)
        #expect(box(.dashed) == """
            ┌╌ T ╌╌┐
            ╎      ╎
            ╎      ╎
            └╌╌╌╌╌╌┘
            """)
        #expect(box(.dotted) == """
            ┌┈ T ┈┈┐
            ┊      ┊
            ┊      ┊
            └┈┈┈┈┈┈┘
            """)
        #expect(box(.block) == """
            ██ T ███
            █      █
            █      █
            ████████
            """)
        // hidden: the ring is reserved and blank; the title still shows.
        #expect(box(.hidden) == "   T\n\n\n")
        // none: no ring and no title.
        #expect(box(.none) == "\n\n\n")
    }

    @Test func everyStyleHasGlyphsExceptNoneAndHidden() {
        for border in BorderStyle.allCases {
            #expect((BorderGlyphs.of(border) == nil) == (border == .none || border == .hidden), "\(border)")
        }
        #expect(BorderStyle.allCases.filter { !$0.takesRing } == [.none])
    }

    @Test func blockBorderTitlesAreReversed() {
        let grid = Painter().paint([node("b", 0, 0, 8, 3) { $0.border = .block; $0.title = "T"; $0.borderColor = .ansi(1) }],
                                   width: 8, height: 3).grid
        #expect(grid[3, 0].grapheme == "T")
        #expect(grid[3, 0].attributes.contains(.reverse))
        #expect(grid[3, 0].foreground == .ansi(1))
        #expect(grid[2, 0].attributes.contains(.reverse))   // the space before it
        #expect(grid[0, 1].foreground == .ansi(1))
    }

    @Test func borderColourDefaultsToTheForeground() {
        let own = Painter().paint([node("b", 0, 0, 4, 3) { $0.border = .single; $0.borderColor = .ansi(3); $0.foregroundColor = .ansi(5) }],
                                  width: 4, height: 3).grid
        #expect(own[0, 0].foreground == .ansi(3))
        let inherited = Painter().paint([node("b", 0, 0, 4, 3) { $0.border = .single; $0.foregroundColor = .ansi(5) }],
                                        width: 4, height: 3).grid
        #expect(inherited[0, 0].foreground == .ansi(5))
        #expect(inherited[3, 2].grapheme == "┘")
    }

    @Test func thinBoxesAreRules() {
        #expect(picture([node("h", 0, 0, 5, 1) { $0.border = .single }], width: 5, height: 1) == "─────")
        #expect(picture([node("v", 0, 0, 1, 3) { $0.border = .double }], width: 1, height: 3) == "║\n║\n║")
        #expect(picture([node("dot", 0, 0, 1, 1) { $0.border = .heavy }], width: 1, height: 1) == "━")
        #expect(picture([node("two", 0, 0, 2, 2) { $0.border = .rounded; $0.title = "x" }], width: 2, height: 2) == "╭╮\n╰╯")
    }
}

@Suite struct TitleTests {
    private func top(_ title: String, _ align: HorizontalAlignment = .left, width: Int = 12) -> String {
        let grid = Painter().paint([node("b", 0, 0, width, 2) { $0.border = .single; $0.title = title; $0.titleAlign = align }],
                                   width: width, height: 2).grid
        return grid.plainLines()[0]
    }

    @Test func alignments() {
        #expect(top("Title") == "┌─ Title ──┐")
        #expect(top("Title", .center) == "┌─ Title ──┐")
        #expect(top("Title", .right) == "┌── Title ─┐")
        #expect(top("Hi", .center) == "┌─── Hi ───┐")
        #expect(top("Hi", .right, width: 13) == "┌────── Hi ─┐")
        #expect(top("Odd", .center, width: 12) == "┌── Odd ───┐")
    }

    @Test func tightTitlesLoseMarginThenSpacesThenGetTruncated() {
        #expect(top("Titles!") == "┌ Titles! ─┐")      // 7 + 4 > 10: no margin
        #expect(top("Titles!!") == "┌ Titles!! ┐")    // 8 + 2 = 10: spaces only
        #expect(top("Titles!!!") == "┌Titles!!!─┐")   // 9 fits bare
        #expect(top("A much longer title") == "┌ A much… ─┐")
        #expect(top("Long title", width: 5) == "┌Lo…┐")
        #expect(top("漢字漢字漢字", width: 8) == "┌ 漢… ─┐")
        #expect(top("Two\nlines") == "┌Two lines─┐")
    }

    @Test func placementArithmetic() {
        let left = TitlePlacement(title: "ab", span: 10, alignment: .left)
        #expect(left == TitlePlacement(title: "ab", span: 10, alignment: .left))
        #expect(left?.textOffset == 2 && left?.padded == true)
        #expect(TitlePlacement(title: "ab", span: 0, alignment: .left) == nil)
        #expect(TitlePlacement(title: "", span: 10, alignment: .left) == nil)
        #expect(TitlePlacement(title: "ab", span: 10, alignment: .right)?.textOffset == 6)
    }

    @Test func titlesUseTheForegroundAndTextAttributes() {
        let grid = Painter().paint([node("b", 0, 0, 10, 2) {
            $0.border = .single; $0.title = "T"; $0.foregroundColor = .ansi(2); $0.borderColor = .ansi(4); $0.bold = true
        }], width: 10, height: 2).grid
        #expect(grid[3, 0].grapheme == "T")
        #expect(grid[3, 0].foreground == .ansi(2))
        #expect(grid[3, 0].attributes == .bold)
        #expect(grid[1, 0].foreground == .ansi(4))
        #expect(grid[1, 0].attributes == [])
    }
}
