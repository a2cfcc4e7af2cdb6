import Foundation
import LanguageServer
import Testing

/// Quick fixes come from a diagnostic's structured `suggestion`, never from its
/// hint's words: every did-you-mean, applied, gives the line it should.
@Suite struct QuickFixTests {
    /// The line `line` (0-based) of `text` after the quick fix offered at the first
    /// diagnostic on that line is applied; nil when none is offered.
    func fixed(_ name: String, _ text: String, line: Int) throws -> String? {
        let client = try TestClient()
        try client.write("look.cas", "$gap = 2\n")
        try client.write(name, text)
        client.open(name, text)
        let diagnostics = client.diagnostics(name)
        guard let diagnostic = diagnostics.first(where: { $0["range"]?["start"]?["line"]?.intValue == line }),
              let range = diagnostic["range"]
        else { return nil }
        let params = JSONValue.object([
            "textDocument": .object(["uri": .string(client.uri(name))]), "range": range,
            "context": .object(["diagnostics": .array([diagnostic])]),
        ])
        let actions = client.request("textDocument/codeAction", params)["result"]?.arrayValue ?? []
        guard let edit = actions.first?["edit"]?["changes"]?[client.uri(name)]?.arrayValue?.first,
              let newText = edit["newText"]?.stringValue,
              let start = edit["range"]?["start"]?["character"]?.intValue,
              let end = edit["range"]?["end"]?["character"]?.intValue
        else { return nil }
        var characters = Array(text.components(separatedBy: "\n")[line].utf16)
        characters.replaceSubrange(start..<end, with: Array(newText.utf16))
        return String(decoding: characters, as: UTF16.self)
    }

    @Test func stylesheetDidYouMeansAreFixedAsWritten() throws {
        let sheet = """
            $accent = red
            @improt "other.cas"
            box
              colr blue
              color $acent
              border roundd
              border-color redd
            box[state:focsed]
              bold true
            bxo
              dim true

            """
        #expect(try fixed("a.cas", sheet, line: 1) == #"@import "other.cas""#)
        #expect(try fixed("a.cas", sheet, line: 3) == "  color blue")
        #expect(try fixed("a.cas", sheet, line: 4) == "  color $accent")
        #expect(try fixed("a.cas", sheet, line: 5) == "  border rounded")
        #expect(try fixed("a.cas", sheet, line: 6) == "  border-color red")
        #expect(try fixed("a.cas", sheet, line: 7) == "box[state:focused]")
        #expect(try fixed("a.cas", sheet, line: 9) == "box")
    }

    @Test func specDidYouMeansAreFixedAsWritten() throws {
        let spec = """
            use "look.cas"
            screen root {
              box blue {
                top, left == 0
                size == $siz
                width == parnt.width @hihg
              }
              bxo red {
                top == blu.bottom
              }
            }

            """
        #expect(try fixed("a.layout", spec, line: 4) == "    size == $size")
        #expect(try fixed("a.layout", spec, line: 7) == "  box red {")
        #expect(try fixed("a.layout", spec, line: 8) == "    top == blue.bottom")
    }

    @Test func aHintWithoutADidYouMeanOffersNoFix() throws {
        #expect(try fixed("a.cas", "box\n  width 20\n", line: 1) == nil)  // CSS habit: says what to write instead
    }
}
