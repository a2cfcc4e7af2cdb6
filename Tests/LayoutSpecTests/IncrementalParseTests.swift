import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import LayoutSpec

/// `SpecParser.parse(_:reusing:)` parses again only the statements around an
/// edit. Whatever the edit, its syntax (every span, every diagnostic with its
/// file:line:col) and the document lowered from it must be exactly what a
/// parse from scratch gives.
@Suite struct IncrementalParseTests {
    /// A spec with comments, strings and containers nested four deep, no lets.
    static func nestedSpec(sections: Int) -> String {
        var text = "# generated\nuse \"n.cas\"\nscreen root {\n  column main [gap=0] {\n    edges == parent\n"
        for section in 0..<sections {
            text += "    row s\(section) .section [gap=1] {  # section \(section)\n      height == $size-height\n"
            for slot in 0..<3 {
                text += "      column s\(section)c\(slot) [gap=0 grow=1] {\n"
                for leaf in 0..<4 {
                    if leaf == 2 {
                        text += "        text s\(section)c\(slot)t\(leaf) .c\(leaf) \"item { \(leaf) # not a comment\"\n"
                    } else {
                        text += "        box s\(section)c\(slot)b\(leaf) .c\(leaf) { height == $size-height @medium }\n"
                    }
                }
                text += "        equal width (s\(section)c\(slot)b0 s\(section)c\(slot)b1)\n      }\n"
            }
            text += "      H:|-[s\(section)c0]-[s\(section)c1]-|\n    }\n"
        }
        text += "  }\n}\n"
        return text
    }

    private static let fragments = [
        "{", "}", "{\n", "}\n", "[", "]", "(", ")", "==", ">=", "=", "within", "@high", " as x", ",", ".", ";", "|",
        "-", "+", "*", "$size", "\n", "parent", "let ", "let k = 2\n", "use \"a.cas\"\n", "equal width (a b)\n",
        "H:|-[a]-|\n", "box ", "row ", "text ", "box z\n", "box y {\n", "\"", "\"x\"", "#", "# note\n", "1", "22",
        "gap=", "grow=1", "é", "漢", "  ", "\n\n", "left == parent.left + 3\n", "width == 4\n", "}\n}\n",
    ]

    /// One random edit of `text`: an insertion, a deletion (often across
    /// lines and view boundaries), a line duplicated or removed, or a digit changed.
    private static func edit(_ text: inout [UInt8], _ random: inout SplitMix64) {
        let position = random.below(text.count + 1)
        switch random.below(7) {
        case 0:
            text.removeSubrange(position..<min(text.count, position + 1 + random.below(12)))
        case 1:
            // Across lines: up to a few hundred bytes.
            text.removeSubrange(position..<min(text.count, position + 1 + random.below(300)))
        case 2, 3:
            text.insert(contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: position)
        case 4:
            let lineStart = text[..<position].lastIndex(of: 10).map { $0 + 1 } ?? 0
            let lineEnd = text[position...].firstIndex(of: 10).map { $0 + 1 } ?? text.count
            let line = Array(text[lineStart..<lineEnd])
            if random.below(2) == 0 { text.removeSubrange(lineStart..<lineEnd) } else { text.insert(contentsOf: line, at: lineEnd) }
        case 5:
            if let digit = text[position...].firstIndex(where: { $0 >= 48 && $0 <= 57 }) {
                text[digit] = UInt8(48 + random.below(10))
            }
        default:
            // Inside a string or a comment.
            let marks = text.indices.filter { text[$0] == 34 || text[$0] == 35 }
            if let mark = marks.isEmpty ? nil : marks[random.below(marks.count)] {
                text.insert(contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: mark + 1)
            }
        }
    }

    private static func expectSame(
        _ a: SpecSyntax, _ b: SpecSyntax, _ note: @autoclosure () -> String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(a.source.utf8 == b.source.utf8, sourceLocation: sourceLocation)
        #expect(a.uses == b.uses, "\(note())", sourceLocation: sourceLocation)
        #expect(a.lets == b.lets, "\(note())", sourceLocation: sourceLocation)
        #expect(a.views == b.views, "\(note())", sourceLocation: sourceLocation)
        #expect(a.diagnostics == b.diagnostics, "\(note())", sourceLocation: sourceLocation)
        let loweredA = SpecLowering.lower(a), loweredB = SpecLowering.lower(b)
        #expect(loweredA.constraints == loweredB.constraints, "\(note())", sourceLocation: sourceLocation)
        #expect(loweredA.views == loweredB.views, "\(note())", sourceLocation: sourceLocation)
        #expect(loweredA.diagnostics == loweredB.diagnostics, "\(note())", sourceLocation: sourceLocation)
    }

    func randomEditsParseAsFromScratch(base: Int) {
        let start = [SlowRobustnessTests.rich, ReuseTests.plainSpec(sections: 2, leaves: 4), Self.nestedSpec(sections: 3)][base]
        let startSyntax = SpecParser.parse(SourceText(path: "i.layout", text: start))
        var random = SplitMix64(seed: 0x1AC_0000 + UInt64(base))
        var text = Array(start.utf8)
        var previous = startSyntax
        var reparsedInPart = 0, cleanPrevious = 0
        for round in 0..<1200 {
            // Mostly edits of the clean spec (a clean previous parse is what is taken
            // over), sometimes a run of edits on top of each other.
            if random.below(3) == 0 {
                text = Array(start.utf8)
                previous = startSyntax
            }
            Self.edit(&text, &random)
            if random.below(4) == 0 { Self.edit(&text, &random) }
            let source = SourceText(path: "i.layout", text: String(decoding: text, as: UTF8.self))
            let fresh = SpecParser.parse(source)
            let reused = SpecParser.parse(source, reusing: previous)
            Self.expectSame(reused, fresh, "round \(round): \(String(decoding: text, as: UTF8.self))")
            if previous.diagnostics.isEmpty { cleanPrevious += 1 }
            if let reparse = IncrementalParse(previous: previous, source: source)?.parse(),
                reparse.lexedTokens < Lexer.tokens(of: source.utf8).count / 2
            {
                reparsedInPart += 1
            }
            previous = reused
        }
        // Most edits of a clean spec are parsed in part (the rest whole).
        #expect(cleanPrevious > 400)
        #expect(reparsedInPart > cleanPrevious / 2, "\(reparsedInPart) of \(cleanPrevious) rounds parsed in part")
    }

    @Test func anEditOfALargeSpecLexesOnlyTheLinesAroundIt() {
        let original = Self.nestedSpec(sections: 40)
        let previous = SpecParser.parse(SourceText(path: "i.layout", text: original))
        let total = Lexer.tokens(of: Array(original.utf8)).count
        func lexed(_ edited: String) -> Int? {
            let source = SourceText(path: "i.layout", text: edited)
            let reparse = IncrementalParse(previous: previous, source: source)?.parse()
            Self.expectSame(reparse?.syntax ?? SpecParser.parse(source), SpecParser.parse(source), edited)
            return reparse?.lexedTokens
        }
        // A constant in a section header near the top: the statement before it to a line past the next one.
        let gap = lexed(original.replacingOccurrences(of: "row s1 .section [gap=1]", with: "row s1 .section [gap=23]"))
        #expect(gap != nil && gap! < 60, "\(String(describing: gap)) of \(total) tokens")
        // A rule added to a leaf: everything after it moves one line and some bytes.
        let rule = lexed(original.replacingOccurrences(
            of: "box s2c1b1 .c1 { height == $size-height @medium }", with: "box s2c1b1 .c1 { height == $size-height @medium\n width >= 1 as extra }"))
        #expect(rule != nil && rule! < 60, "\(String(describing: rule)) of \(total) tokens")
        // A view removed, with its line.
        let removed = lexed(original.replacingOccurrences(of: "        box s5c0b3 .c3 { height == $size-height @medium }\n", with: ""))
        #expect(removed != nil && removed! < 60, "\(String(describing: removed)) of \(total) tokens")
        // A body opened and never closed: parsed to the end of the file, and reported like a parse from scratch.
        let opened = lexed(original.replacingOccurrences(of: "box s3c2b0 .c0 {", with: "box s3c2b0 .c0 { box q {"))
        #expect(opened == nil || opened! > total / 2)
    }

    @Test func theSyntaxKeepsAViewArrayOfAboutItsSize() {
        // The syntax lives as long as the spec is on screen; its view array grew by doubling.
        let original = Self.nestedSpec(sections: 40)
        let whole = SpecParser.parse(SourceText(path: "i.layout", text: original))
        #expect(whole.views.capacity <= whole.views.count * 3 / 2 + 16, "\(whole.views.capacity) for \(whole.views.count)")
        let edited = original.replacingOccurrences(of: "        box s5c0b3 .c3 { height == $size-height @medium }\n", with: "")
        let reparsed = SpecParser.parse(SourceText(path: "i.layout", text: edited), reusing: whole)
        #expect(reparsed.views.capacity <= reparsed.views.count * 3 / 2 + 16, "\(reparsed.views.capacity) for \(reparsed.views.count)")
    }

    @Test func aPreviousParseWithDiagnosticsIsNotTakenOver() {
        let broken = Self.nestedSpec(sections: 3).replacingOccurrences(of: "box s0c0b0 .c0 {", with: "box s0c0b0 .c0 ] {")
        let previous = SpecParser.parse(SourceText(path: "i.layout", text: broken))
        #expect(!previous.diagnostics.isEmpty)
        let edited = SourceText(path: "i.layout", text: broken.replacingOccurrences(of: "[gap=1]", with: "[gap=2]"))
        #expect(IncrementalParse(previous: previous, source: edited) == nil)
        Self.expectSame(SpecParser.parse(edited, reusing: previous), SpecParser.parse(edited), "broken")
    }
}

/// The long random-edit runs of `IncrementalParseTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowIncrementalParseTests {
    @Test(arguments: [0, 1, 2])
    func randomEditsParseAsFromScratch(base: Int) { IncrementalParseTests().randomEditsParseAsFromScratch(base: base) }
}
