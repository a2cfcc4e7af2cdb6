import Testing
import Canvas
import Cells

@Suite struct TextPaintingTests {
    @Test func textWrapsInsideTheBorder() {
        #expect(picture([node("t", 0, 0, 10, 5) { $0.border = .single; $0.text = "the quick brown fox jumps" }],
                        width: 10, height: 5) == """
            ┌────────┐
            │the     │
            │quick   │
            │brown   │
            └────────┘
            """)
    }

    @Test func alignment() {
        let text = "one two three"
        func painted(_ align: HorizontalAlignment) -> String {
            picture([node("t", 0, 0, 9, 2) { $0.text = text; $0.textAlign = align }], width: 9, height: 2)
        }
        #expect(painted(.left) == "one two\nthree")
        #expect(painted(.center) == " one two\n  three")
        #expect(painted(.right) == "  one two\n    three")
    }

    @Test func paddingInsetsTheText() {
        let nodes = [node("p", 0, 0, 12, 6) {
            $0.border = .ascii
            $0.padding = Insets(top: 1, left: 2, bottom: 1, right: 3)
            $0.text = "aaa bbb ccc ddd"
        }]
        #expect(picture(nodes, width: 12, height: 6) == """
            +----------+
            |          |
            |  aaa     |
            |  bbb     |
            |          |
            +----------+
            """)
    }

    @Test func oddPaddingValuesAreSafe() {
        let nodes = [node("p", 0, 0, 6, 3) {
            $0.padding = Insets(top: .nan, left: -4, bottom: .infinity, right: 1e300)
            $0.text = "hi"
        }]
        #expect(picture(nodes, width: 6, height: 3) == "\n\n")   // no room left: no text, no crash
        let rounded = [node("p", 0, 0, 6, 2) { $0.padding = Insets(top: 0.4, left: 1.6, bottom: 0, right: 0); $0.text = "hi" }]
        #expect(picture(rounded, width: 6, height: 2) == "  hi\n")
    }

    @Test func textBelowTheBoxIsCut() {
        #expect(picture([node("t", 0, 0, 3, 2) { $0.text = "aaa bbb ccc" }], width: 5, height: 4) == "aaa\nbbb\n\n")
    }

    @Test func wideTextAndExplicitNewlines() {
        let nodes = [node("t", 0, 0, 5, 3) { $0.text = "漢字漢字\nab"; $0.textAlign = .right }]
        #expect(picture(nodes, width: 5, height: 3) == " 漢字\n 漢字\n   ab")
    }

    @Test func textStyleReachesTheCells() {
        let grid = Painter().paint([node("t", 0, 0, 4, 1) {
            $0.text = "a b"; $0.foregroundColor = .ansi(1); $0.underline = true; $0.italic = true; $0.strikethrough = true
            $0.dim = true; $0.reverse = true; $0.bold = true
        }], width: 4, height: 1).grid
        #expect(grid[0, 0].foreground == .ansi(1))
        #expect(grid[0, 0].attributes == [.bold, .dim, .italic, .underline, .reverse, .strikethrough])
        #expect(grid[1, 0].attributes.contains(.underline))   // the space between words too
        #expect(grid[3, 0] == .blank)                         // past the text: untouched
    }
}
