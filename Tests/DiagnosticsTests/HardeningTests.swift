import TestSupport
import Foundation
import Testing

@testable import Diagnostics

@Suite struct DiagnosticCodeTests {
    @Test func codesAreUniqueAndTheirOriginFollowsTheirPrefix() {
        #expect(Set(DiagnosticCode.all).count == DiagnosticCode.all.count)
        #expect(DiagnosticCode.casUnknownProperty.rawValue == "cas.unknown-property")
        #expect(DiagnosticCode.casUnknownProperty.origin == .stylesheet)
        #expect(DiagnosticCode.layoutUnknownView.origin == .spec)
        #expect(DiagnosticCode.engineConflict.origin == .engine)
        #expect(DiagnosticCode.unreadableFile.origin == .io)
        let diagnostic = Diagnostic(.warning, .casUnknownProperty, "unknown property 'colr'", at: .init(file: "a.cas", line: 2, column: 3))
        #expect(diagnostic.origin == .stylesheet)
        #expect(diagnostic.flaggedSummary == "a.cas:2:3: warning: unknown property 'colr' [cas.unknown-property]")
        #expect(diagnostic.summary == "a.cas:2:3: warning: unknown property 'colr'")
    }

    @Test func docsListEveryCodeWithAMeaningAndAnExample() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/diagnostics.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for code in DiagnosticCode.all {
            #expect(text.contains("`\(code)`"), "docs/diagnostics.md does not list \(code)")
        }
    }

    @Test func identityIsFileCodeAndSubjectNotMessage() {
        let source = SourceText(path: "a.cas", text: "box\n  colr red\n")
        let first = Diagnostic(.warning, .casUnknownProperty, "unknown property 'colr'", in: source, offset: 6, length: 4)
        var reworded = first
        reworded.message = "no such property: colr"
        reworded.location.line = 9
        #expect(first.subject == "colr")
        #expect(first.identity == reworded.identity)
        let other = Diagnostic(.warning, .casUnknownProperty, "unknown property 'red'", in: source, offset: 11, length: 3)
        #expect(first.identity != other.identity)
    }
}

@Suite struct PrintableTextTests {
    @Test func escapesC0C1DelAndLineSeparatorsButKeepsTabs() {
        #expect(PrintableText.escaped("a\u{1B}[31mb\u{07}") == "a\\x1b[31mb\\x07")
        #expect(PrintableText.escaped("\u{7F}\u{0E}\u{0B}\u{0C}") == "\\x7f\\x0e\\x0b\\x0c")
        #expect(PrintableText.escaped("$x\u{85}\u{9B}31m") == "$x\\u{85}\\u{9b}31m")
        #expect(PrintableText.escaped("a\u{2028}b\u{2029}") == "a\\u{2028}b\\u{2029}")
        #expect(PrintableText.escaped("tab\there é 漢") == "tab\there é 漢")
        #expect(!PrintableText.needsEscaping("plain é 漢 ✓"))
    }

    @Test func messagesHintsAndExcerptsNeverCarryControls() {
        let source = SourceText(path: "x\u{1B}.cas", text: "a\u{0B}b\u{0C}c bad \u{1B}]0;title\u{07}\n")
        let diagnostic = Diagnostic(
            .error, .casSyntax, "undefined variable '$x\u{85}\u{9B}31m'", in: source, offset: 6, length: 3,
            hint: "did you mean '\u{1B}'?")
        let rendered = diagnostic.rendered(flagged: true)
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(!rendered.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(diagnostic.message == "undefined variable '$x\\u{85}\\u{9b}31m'")
        // Vertical tab and form feed no longer split the excerpt: the caret sits under "bad".
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("x\\x1b.cas:1:7: error:"))
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let bad = lines[1].range(of: "bad").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        #expect(caret != nil && caret == bad)
        #expect(lines[2].hasSuffix("^~~"))
    }
}

@Suite struct ExcerptTests {
    @Test func aLongLineIsCutToAWindowAroundTheColumn() {
        let line = String(repeating: "a", count: 500_000) + " bad " + String(repeating: "b", count: 500_000)
        let source = SourceText(path: "a.layout", text: "x\n" + line + "\n")
        let offset = 2 + 500_001
        let diagnostic = Diagnostic(.error, .layoutSyntax, "bad", in: source, offset: offset, length: 3)
        let excerpt = try! #require(diagnostic.excerpt)
        #expect(excerpt.count <= Excerpt.charactersBefore + Excerpt.charactersAfter + 2)
        #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"))
        #expect(diagnostic.location == SourceLocation(file: "a.layout", line: 2, column: 500_002))
        #expect(String(excerpt.dropFirst(diagnostic.caretColumn - 1).prefix(3)) == "bad")
        #expect(diagnostic.length == 3)
    }

    @Test func aShortLineIsShownWhole() {
        let source = SourceText(path: "a", text: "box\n  bordr-color red\n")
        let excerpt = source.excerpt(atOffset: 6, length: 11)
        #expect(excerpt == Excerpt(text: "  bordr-color red", caretColumn: 3, length: 11))
    }

    @Test func columnsCountOnFromAKnownLocationAndBack() {
        let source = SourceText(path: "a", text: "é漢x y\n" + String(repeating: "z", count: 1000) + "w")
        let known = (offset: 5, location: source.location(atOffset: 5))
        #expect(source.location(atOffset: 7, after: known) == source.location(atOffset: 7))
        let far = source.location(atOffset: 9 + 1000)
        #expect(far.column == 1001)
        #expect(source.offset(of: far) == 9 + 1000)
        #expect(source.offset(of: source.location(atOffset: 5)) == 5)
        #expect(source.offset(of: SourceLocation(file: "a", line: 2, column: 11), after: (9 + 3, SourceLocation(file: "a", line: 2, column: 4))) == 9 + 10)
    }

    /// Found by an hour's run of the `cas` fuzz target: a combining mark right
    /// after a token (`{` then U+0656) is part of the token's character, but the
    /// text after the token, counted on its own, took the mark for a character,
    /// and 'J' at the end of the line was reported at column 33 of 31.
    @Test func countingOnFromInsideACharacterCountsItOnce() {
        let line = ".card {\u{656}\u{FFFD}card {\u{656}\u{FFFD} red }J"
        let source = SourceText(path: "a", text: line)
        let brace = Array(line.utf8).firstIndex(of: UInt8(ascii: "{"))! + 1
        let known = (offset: brace, location: source.location(atOffset: brace))
        let end = source.utf8.count - 1
        #expect(source.location(atOffset: end, after: known) == source.location(atOffset: end))
        #expect(source.location(atOffset: end).column == line.count)
        let spot = source.location(atOffset: end)
        #expect(source.offset(of: spot, after: known) == end)
    }

    /// Counting on from any earlier offset (even inside a scalar) agrees with
    /// counting from the line's start, and the way back agrees too, over lines of
    /// the characters that join: combining marks, a Prepend character, emoji with
    /// joiners and modifiers, flags, Hangul jamo, wide characters and bad UTF-8.
    @Test func countingOnAgreesWithCountingFromTheStart() {
        var random = SplitMix64(seed: 26)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("{".utf8), Array("\u{301}".utf8), Array("\u{656}".utf8),
            Array("\u{600}".utf8), Array("\u{200D}".utf8), Array("👩".utf8), Array("\u{1F3FD}".utf8),
            Array("🇫".utf8), Array("🇷".utf8), Array("\u{1100}".utf8), Array("\u{1161}".utf8), Array("漢".utf8),
            Array("\u{110BD}".utf8), Array("\u{FE0F}".utf8), [0xEF, 0xBF], [0xC3], [0x80], Array("\n".utf8),
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(40) { bytes += pieces[random.below(pieces.count)] }
            let source = SourceText(path: "a", text: String(decoding: bytes, as: UTF8.self))
            let offsets = (0..<6).map { _ in random.below(source.utf8.count + 1) }.sorted()
            var known: (offset: Int, location: Diagnostics.SourceLocation)?
            for offset in offsets {
                let counted = source.location(atOffset: offset, after: known)
                #expect(counted == source.location(atOffset: offset), "\(bytes) at \(offset)")
                if let known {
                    #expect(source.offset(of: counted, after: known) == source.offset(of: counted), "\(bytes) back to \(counted)")
                }
                known = (offset, counted)
            }
        }
    }

    @Test func aLeadingByteOrderMarkIsNotPartOfTheText() {
        let source = SourceText(path: "a", text: "\u{FEFF}screen root {\n}\n")
        #expect(source.text == "screen root {\n}\n")
        #expect(source.utf8.first == UInt8(ascii: "s"))
        #expect(source.location(atOffset: 0).column == 1)
        // Only a leading one: elsewhere it stays (and the parsers report it).
        #expect(SourceText(path: "b", text: "a\u{FEFF}").utf8.count == 4)
    }
}

@Suite struct CapAndSuggestionTests {
    @Test func aCappedListEndsInANoteWithTheTrueCount() {
        let at = SourceLocation(file: "f", line: 1, column: 1)
        let list = (0..<2500).map { Diagnostic($0 % 5 == 0 ? .warning : .error, .engineConflict, "e\($0)", at: at) }
        let capped = list.capped(at: 1000, from: .engine)
        #expect(capped.count == 1001)
        let note = try! #require(capped.last)
        #expect(note.code == .moreNotShown && note.severity == .note && note.origin == .engine)
        #expect(note.omitted == Diagnostic.Omission(count: 1500, errors: 1200))
        #expect(capped.errorCount == list.errorCount)
        #expect(list.capped(at: 5000, from: .engine) == list)
    }

    @Test func hugeMessagesKeepTheirStartAndEnd() {
        let name = String(repeating: "x", count: 5_000_000)
        let diagnostic = Diagnostic(.error, .layoutUnknownViewKind, "unknown view kind '\(name)'", at: .init(file: "a", line: 1, column: 1))
        #expect(diagnostic.message.count <= Diagnostic.messageLimit)
        #expect(diagnostic.message.hasPrefix("unknown view kind 'xxx") && diagnostic.message.hasSuffix("xxx'"))
    }

    @Test func didYouMeanSkipsWordsAndCandidatesTooFarApartInLength() {
        let names = ["border-color", "background-color", "border", "bold"]
        // Used to cost ~15 µs per character against every candidate: a million took minutes.
        #expect(Suggestion.closest(to: String(repeating: "q", count: 1_000_000), among: names) == nil)
        #expect(Suggestion.closest(to: String(repeating: "b", count: Suggestion.maximumWordLength + 1), among: names) == nil)
        #expect(Suggestion.closest(to: "bordr", among: names) == "border")
        #expect(Suggestion.closest(to: "bordercolour", among: names) == "border-color")
    }
}

@Suite struct GivenExcerptTests {
    @Test func aGivenExcerptIsEscapedAndTheCaretFollowsTheEscapes() {
        let diagnostic = Diagnostic(
            .error, .layoutSyntax, "bad", at: SourceLocation(file: "a", line: 1, column: 4), excerpt: "\u{1B}\u{0B}\u{0C}bad", length: 3)
        #expect(diagnostic.excerpt == "\\x1b\\x0b\\x0cbad")
        #expect(diagnostic.rendered() == "a:1:4: error: bad\n  \\x1b\\x0b\\x0cbad\n              ^~~")
    }
}
