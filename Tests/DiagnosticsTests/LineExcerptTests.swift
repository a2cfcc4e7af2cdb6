import Testing

@testable import Diagnostics

/// `SourceText.excerpts(in:at:)` reads only the lines it shows; its excerpts
/// must be the ones a whole `SourceText` gives.
@Suite struct LineExcerptTests {
    /// Pieces that stress line ends, byte-order marks, wide and combining
    /// characters, tabs and control characters.
    static let pieces = ["a", "box", " ", "\t", "\n", "\r\n", "\r", "é", "e\u{301}", "漢字", "🙂", "\u{1}", "\u{FEFF}", "width == 10"]

    @Test(arguments: 0..<40)
    func excerptsFromOneLineAreThoseOfTheWholeText(seed: Int) {
        var rng = Generator(state: 0x9E37_79B9_7F4A_7C15 &* UInt64(seed + 1))
        var text = seed % 4 == 0 ? "\u{FEFF}" : ""
        for _ in 0..<Int.random(in: 0...80, using: &rng) { text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &rng)] }
        let whole = SourceText(path: "f", text: text)
        var locations: [(location: Diagnostics.SourceLocation, length: Int)] = []
        for _ in 0..<12 {
            // Lines and columns in range and past either end.
            let line = Int.random(in: -1...(whole.lineStarts.count + 2), using: &rng)
            let column = Int.random(in: 1...30, using: &rng)
            locations.append((Diagnostics.SourceLocation(file: "f", line: line, column: column), Int.random(in: 0...5, using: &rng)))
        }
        let fromLines = SourceText.excerpts(in: text, at: locations)
        for (i, wanted) in locations.enumerated() {
            let expected = whole.excerpt(atOffset: whole.offset(of: wanted.location), length: wanted.length)
            #expect(fromLines[i] == expected, Comment(rawValue: "\(wanted.location) in \(text.debugDescription)"))
        }
    }

    @Test func aLineFarDownAMegabyteIsShownWithItsCaret() {
        let text = String(repeating: "box a { width == 1 }\n", count: 50_000) + "  oops here\n"
        let excerpt = SourceText.excerpts(in: text, at: [(Diagnostics.SourceLocation(file: "f", line: 50_001, column: 3), 4)])
        #expect(excerpt == [Excerpt(text: "  oops here", caretColumn: 3, length: 4)])
    }
}

/// A small deterministic generator (xorshift), so every run sees the same texts.
private struct Generator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

extension LineExcerptTests {
    /// Many reports on one long line: each excerpt as the whole text gives it,
    /// in the order asked, whatever the order of their columns.
    @Test func manyReportsOnOneLongLineKeepTheirOrder() {
        let text = "first\n" + String(repeating: "é box == 1; ", count: 2_000) + "\nlast"
        let columns = [900, 3, 12_000, 50, 3]
        let locations = columns.map { (location: Diagnostics.SourceLocation(file: "f", line: 2, column: $0), length: 2) }
        let whole = SourceText(path: "f", text: text)
        let expected = locations.map { whole.excerpt(atOffset: whole.offset(of: $0.location), length: $0.length) }
        #expect(SourceText.excerpts(in: text, at: locations) == expected)
    }
}

extension LineExcerptTests {
    /// The example in docs/diagnostics.md ("Excerpts are windows").
    @Test func theDocsExampleGivesWhatItSays() {
        let text = "screen root {\n  box a { width == 10 }\n}\n"
        let shown = SourceText.excerpts(in: text, at: [(Diagnostics.SourceLocation(file: "a.layout", line: 2, column: 11), 5)])
        #expect(shown == [Excerpt(text: "  box a { width == 10 }", caretColumn: 11, length: 5)])
    }
}
