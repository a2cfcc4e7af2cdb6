import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct StylesheetDiagnosticHardeningTests {
    @Test func aByteOrderMarkDoesNotStopTheFirstSelectorMatching() {
        let s = sheet("\u{FEFF}box { z-index 4 }\n")
        #expect(s.diagnostics.isEmpty, "\(messages(s))")
        #expect(style("box", in: s).zIndex == 4)
    }

    @Test func importedFilesSkipTheirByteOrderMarkToo() {
        let s = load(
            ["main.cas": "\u{FEFF}@import \"b.cas\"\ntext { z-index 1 }", "b.cas": "\u{FEFF}box { z-index 2 }\n"],
            entry: "main.cas")
        #expect(s.diagnostics.isEmpty, "\(messages(s))")
        #expect(style("box", in: s).zIndex == 2)
        #expect(style("text", in: s).zIndex == 1)
    }

    @Test func theCaretIsUnderTheWordTheMessageIsAbout() {
        let s = sheet("box {\n  border rounded blu\n}\n")
        let warning = try! #require(s.diagnostics.first)
        #expect(warning.code == .casUnknownValue)
        #expect(warning.location.column == 18)
        #expect(warning.subject == "blu")
        #expect(warning.rendered().contains("\n                   ^~~"))
        // The same for a boolean and an enumeration further along a value.
        let flag = sheet("box { bold  maybe }\n")
        #expect(flag.diagnostics.first?.location.column == 13)
    }

    /// Found by an hour's run of the `cas` fuzz target: a combining mark after
    /// `{` is part of the brace's character, but the lexer counted the text after
    /// the brace on its own and took the mark for a character, so every column
    /// after it on the line was one too far ('J' at 33 on a line of 31).
    @Test func aCombiningMarkAfterATokenIsNotCountedAsACharacterOfItsOwn() {
        let line = ".card {\u{656}\u{FFFD} card {\u{656} red }J"
        let s = sheet(line + "\n")
        let unknown = try! #require(s.diagnostics.first { $0.subject == "J" }, "\(messages(s))")
        let expected = line.distance(from: line.startIndex, to: line.firstIndex(of: "J")!) + 1
        #expect(unknown.location.column == expected)
        #expect(unknown.location.column <= line.count)
    }

    @Test func codesNameTheKindOfProblem() {
        let s = sheet("box {\n  colr red\n  bg $nope\n  padding 2px\n  fg gren\n}\n")
        #expect(s.diagnostics.map(\.code) == [.casUnknownProperty, .casUndefinedVariable, .casUnit, .casUnknownColor])
        #expect(s.diagnostics.allSatisfy { $0.origin == .stylesheet })
        let missing = load(["main.cas": "@import \"gone.cas\""], entry: "main.cas")
        #expect(missing.diagnostics.map(\.code).contains(.casImport))
    }

    @Test func controlCharactersInNamesAreEscaped() {
        let s = sheet("box {\n  bg $x\u{85}\u{9B}31m\n  colr\u{1B}[2J 1\n}\n")
        #expect(!s.diagnostics.isEmpty)
        for diagnostic in s.diagnostics {
            let printed = diagnostic.rendered(flagged: true)
            #expect(!printed.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }, "\(printed)")
        }
        #expect(s.diagnostics.contains { $0.message.contains("\\u{85}\\u{9b}31m") })
    }

    @Test func aCappedSheetSaysTheTrueNumberOfErrors() {
        let s = sheet(String(repeating: "box { \u{01} }\n", count: 2000))
        let note = s.diagnostics.last
        #expect(note?.code == .moreNotShown)
        #expect(s.diagnostics.errorCount == s.diagnostics.count - 1 + (note?.omitted?.errors ?? 0))
        #expect((note?.omitted?.count ?? 0) > 1000)
    }
}

@Suite struct StylesheetLongLineTests {
    @Test func manyLexerErrorsOnOneLongLineHaveExactColumnsAndWindowedExcerpts() {
        // Stray characters along one 400 KB line: each report counts on from the last.
        let line = String(repeating: "a ` ", count: 100_000)
        let s = sheet("box { z-index 1 }\n" + line + "\n")
        let located = s.diagnostics.filter { $0.code == .casSyntax }
        #expect(located.count >= 100)
        for (index, diagnostic) in located.prefix(100).enumerated() {
            #expect(diagnostic.location.line == 2)
            #expect(diagnostic.location.column == 3 + 4 * index)
            #expect((diagnostic.excerpt?.count ?? 0) <= Excerpt.charactersBefore + Excerpt.charactersAfter + 2)
        }
    }
}

@Suite struct WordCaretEdgeTests {
    @Test func theWordIsFoundOnlyInItsOwnValue() {
        // At the end of the file, without a closing brace or newline.
        let truncated = sheet("box\n  border rounded blu")
        #expect(truncated.diagnostics.contains { $0.code == .casUnknownValue && $0.location.column == 18 })
        // From a variable: the word is not written in the value, the caret stays at its start.
        let variable = sheet("$c = blu\nbox {\n  border rounded $c\n}\n")
        #expect(variable.diagnostics.first { $0.code == .casUnknownValue }?.location.column == 10)
        // A later declaration on the same line is not searched.
        let sameLine = sheet("box { border $c; title blu }\n$c = blu\n")
        #expect(sameLine.diagnostics.allSatisfy { $0.location.column < 17 })
    }
}
