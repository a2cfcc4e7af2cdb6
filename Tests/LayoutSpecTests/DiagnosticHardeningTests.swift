import Diagnostics
import Testing

@testable import LayoutSpec

/// What a fuzzer and a newcomer found in the spec's diagnostics: byte-order marks,
/// control bytes, long lines, and capped lists.
@Suite struct DiagnosticHardeningTests {
    @Test func aByteOrderMarkDoesNotBreakTheFirstStatement() {
        let document = compile("\u{FEFF}screen root {\n  box a { left == 0; top == 0; size == 1 }\n}\n")
        #expect(document.diagnostics.isEmpty, "\(messages(document))")
        #expect(document.views.map(\.id) == ["root", "a"])
    }

    @Test func everyDiagnosticHasACodeOfTheSpecStage() {
        let document = compile("screen root {\n  bx a\n  box b { wdth == 3; left == nowhere.left }\n}\n")
        #expect(document.diagnostics.map(\.code) == [.layoutUnknownViewKind, .layoutUnknownAttribute, .layoutUnknownView])
        #expect(document.diagnostics.allSatisfy { $0.origin == .spec })
    }

    @Test func controlBytesFromTheFileAreEscapedInMessagesAndExcerpts() {
        let document = compile("screen root {\n  box a\u{1B}]0;pwned\u{07} { }\u{0B}\u{0C}\n  b\u{85}\u{9B}31m x\n}\n")
        #expect(!document.diagnostics.isEmpty)
        for diagnostic in document.diagnostics {
            let printed = diagnostic.rendered(flagged: true)
            #expect(
                !printed.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) },
                "\(printed)")
            // One summary, one excerpt, one caret line: nothing splits them.
            #expect(printed.split(separator: "\n").count == (diagnostic.hint == nil ? 3 : 4), "\(printed)")
        }
    }

    @Test func manyDiagnosticsOnOneLongLineCopyOnlyTheirWindows() {
        // 20,000 stray tokens on one line: each diagnostic used to copy the whole line.
        let line = String(repeating: "box { } ", count: 20_000)
        let document = compile("screen root {\n  " + line + "\n}\n")
        let excerptBytes = document.diagnostics.reduce(0) { $0 + ($1.excerpt?.utf8.count ?? 0) }
        #expect(document.diagnostics.count <= DiagnosticCollector.limit + 1)
        #expect(excerptBytes <= document.diagnostics.count * 4 * (Excerpt.charactersBefore + Excerpt.charactersAfter + 2))
        // Columns stay exact far along the line.
        for diagnostic in document.diagnostics.prefix(50) where diagnostic.excerpt != nil {
            let excerpt = diagnostic.excerpt!
            let under = excerpt.dropFirst(diagnostic.caretColumn - 1)
            #expect(under.hasPrefix("box") || under.hasPrefix("{") || under.hasPrefix("}"), "\(excerpt)")
        }
    }

    @Test func aCappedFileEndsInOneNoteWithTheTrueCountEvenWhenLoweringAddsMore() {
        // Parse errors past the cap, then lowering errors (unknown views) on top.
        var text = String(repeating: "?\n", count: 1500)
        text += "screen root {\n" + (0..<300).map { "  box v\($0) { left == ghost\($0).left }\n" }.joined() + "}\n"
        let document = compile(text)
        let notes = document.diagnostics.filter { $0.code == .moreNotShown }
        #expect(notes.count == 1)
        #expect(document.diagnostics.count == DiagnosticCollector.limit + 1)
        #expect(notes.first?.omitted == Diagnostic.Omission(count: 1500 + 300 - 1000, errors: 1500 + 300 - 1000))
        #expect(document.diagnostics.errorCount == 1800)
    }

    @Test func aHugeOneTokenFileGivesShortBoundedDiagnostics() {
        let document = compile(String(repeating: "x", count: 2_000_000) + "\n")
        #expect(document.diagnostics.count == 1)
        let diagnostic = document.diagnostics[0]
        #expect(diagnostic.code == .layoutUnknownViewKind)
        #expect(diagnostic.message.count <= Diagnostic.messageLimit)
        #expect((diagnostic.excerpt?.count ?? 0) <= Excerpt.charactersBefore + Excerpt.charactersAfter + 2)
        #expect(diagnostic.rendered(flagged: true).utf8.count < 2_000)
    }

    @Test func truncatedAndMalformedInputStillReportsWithCodes() {
        for text in ["screen root {", "screen root { box a [", "screen root { box a { left == (", "\u{FEFF}", "\u{FEFF}\u{FEFF}box", "screen \"", "}"] {
            let document = compile(text)
            #expect(document.diagnostics.allSatisfy { $0.code != .unclassified }, "\(text)")
        }
    }
}
