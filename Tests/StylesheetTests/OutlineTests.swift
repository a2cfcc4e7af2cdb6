import Testing

@testable import Stylesheet

/// The outline (roles, values, folds) the language server and the formatter read
/// from a sheet as typed, broken parts included.
@Suite struct OutlineTests {
    /// A state bracket left open at the end of a declaration trapped (found by the
    /// language server's fuzz target, through go-to-definition).
    @Test(arguments: ["box { color[", "box { color[state:focused", "box { color[state:focused red }", "box { color[ }\n", "color[state"])
    func anOpenStateBracketIsRead(_ text: String) {
        let outline = StylesheetOutline(path: "main.cas", text: text)
        #expect(outline.lexemes.allSatisfy { $0.range.upperBound <= text.utf8.count })
    }

    /// Every prefix of a sheet with every construct is outlined without a trap.
    @Test func everyPrefixOfASheetIsOutlined() {
        let sheet = """
        @import "palette.cas";
        $accent: #5fb0ff;
        box.card > text:first-child, #main[state:focused] {
          color[state:focused]: $accent;
          border: rounded rgb(10, 20, 30);
          margin @ { top: 1; left: 2x }
        }
        @media (min-width: 100) { .wide { size 44 0 } }
        """
        let bytes = Array(sheet.utf8)
        for end in 0...bytes.count {
            _ = StylesheetOutline(path: "main.cas", text: String(decoding: bytes[0..<end], as: UTF8.self))
        }
    }
}
