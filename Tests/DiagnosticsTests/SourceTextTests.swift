import Testing
@testable import Diagnostics

@Suite struct SourceTextTests {
    @Test func locatesOffsetsAsLineAndCharacterColumn() {
        let source = SourceText(path: "a.cas", text: "box {\n  bg: red\n}\n")
        #expect(source.lineCount == 4)
        #expect(source.location(atOffset: 0) == SourceLocation(file: "a.cas", line: 1, column: 1))
        #expect(source.location(atOffset: 8) == SourceLocation(file: "a.cas", line: 2, column: 3))
        #expect(source.lineText(2) == "  bg: red")
        #expect(source.lineText(9) == "")
    }

    @Test func readsCRAndCRLFAsLF() {
        let source = SourceText(path: "b", text: "a\r\nb\rc\n")
        #expect(source.text == "a\nb\nc\n")
        #expect(source.lineText(3) == "c")
        #expect(source.location(atOffset: 4).line == 3)
    }

    @Test func indexesLineStartsOfEveryShape() {
        #expect(SourceText(path: "e", text: "").lineStarts == [0])
        #expect(SourceText(path: "n", text: "\n\n").lineStarts == [0, 1, 2])
        #expect(SourceText(path: "t", text: "ab\ncd").lineStarts == [0, 3])
        let bom = SourceText(path: "m", text: "\u{FEFF}a\nb")
        #expect(bom.text == "a\nb" && bom.lineStarts == [0, 2])
        let long = String(repeating: "x", count: 1000) + "\n" + String(repeating: "y", count: 77)
        #expect(SourceText(path: "l", text: long).lineStarts == [0, 1001])
    }

    @Test func countsColumnsInCharactersNotBytes() {
        let source = SourceText(path: "c", text: "é漢x")
        // é is 2 UTF-8 bytes, 漢 is 3: x starts at byte 5 and is the third character.
        #expect(source.location(atOffset: 5).column == 3)
    }

    @Test func clampsOffsetsOutsideTheText() {
        let source = SourceText(path: "d", text: "ab")
        #expect(source.location(atOffset: 99) == SourceLocation(file: "d", line: 1, column: 3))
        #expect(source.location(atOffset: -4).column == 1)
        #expect(SourceText(path: "e", text: "").location(atOffset: 0).line == 1)
    }
}

@Suite struct DiagnosticTests {
    @Test func rendersSummaryExcerptCaretAndHint() {
        let source = SourceText(path: "styles/a.cas", text: "box\n  bordr-color red\n")
        let diagnostic = Diagnostic(
            .warning, "unknown property 'bordr-color'", in: source, offset: 6, length: 11,
            hint: "did you mean 'border-color'?")
        #expect(diagnostic.summary == "styles/a.cas:2:3: warning: unknown property 'bordr-color'")
        #expect(diagnostic.rendered() == """
            styles/a.cas:2:3: warning: unknown property 'bordr-color'
                bordr-color red
                ^~~~~~~~~~~
              hint: did you mean 'border-color'?
            """)
    }

    @Test func caretKeepsTabsAndStaysInsideTheLine() {
        #expect(Diagnostic.caretLine(under: "\tx = 1", column: 2, length: 1) == "\t^")
        #expect(Diagnostic.caretLine(under: "ab", column: 2, length: 40) == " ^")
        #expect(Diagnostic.caretLine(under: "", column: 1, length: 3) == "^")
    }

    @Test func sortsByLocationAndFindsErrors() {
        let at = { (line: Int) in SourceLocation(file: "f", line: line, column: 1) }
        let list = [
            Diagnostic(.warning, "b", at: at(3)),
            Diagnostic(.error, "a", at: at(1)),
        ]
        #expect(list.sortedByLocation().map(\.message) == ["a", "b"])
        #expect(list.hasErrors)
        #expect(![Diagnostic(.warning, "w", at: at(1))].hasErrors)
    }
}

@Suite struct SuggestionTests {
    @Test func suggestsTheNearestName() {
        let names = ["border-color", "background-color", "border", "bold"]
        #expect(Suggestion.closest(to: "bordr-color", among: names) == "border-color")
        #expect(Suggestion.closest(to: "borderColor", among: names) == "border-color")
        #expect(Suggestion.closest(to: "blod", among: names) == "bold")
        #expect(Suggestion.hint(for: "zzzzzz", among: names) == nil)
        #expect(Suggestion.hint(for: "", among: names) == nil)
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(Suggestion.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance([], Array("abc")) == 3)
    }
}
