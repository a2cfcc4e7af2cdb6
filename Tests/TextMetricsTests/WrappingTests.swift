import TestSupport
import Testing
import TextMetrics

@Suite struct WrappingTests {
    private func texts(_ lines: [TextLine]) -> [String] { lines.map(\.text) }

    @Test func wrapsAtSpacesAndDropsTheBreakingSpace() {
        #expect(texts(wrap("the quick brown fox", width: 10)) == ["the quick", "brown fox"])
        #expect(texts(wrap("the quick brown fox", width: 9)) == ["the quick", "brown fox"])
        #expect(texts(wrap("the quick brown fox", width: 8)) == ["the", "quick", "brown", "fox"])
        #expect(texts(wrap("a  b", width: 10)) == ["a  b"])   // inner spaces kept
        #expect(texts(wrap("a    b", width: 2)) == ["a", "b"])
    }

    @Test func explicitNewlinesAreKept() {
        #expect(texts(wrap("one\ntwo", width: 20)) == ["one", "two"])
        #expect(texts(wrap("one\r\ntwo\rthree", width: 20)) == ["one", "two", "three"])
        #expect(texts(wrap("a\n\nb", width: 20)) == ["a", "", "b"])
        #expect(texts(wrap("a\n", width: 20)) == ["a", ""])
        #expect(wrap("", width: 20).isEmpty)
        #expect(texts(wrap("\n", width: 20)) == ["", ""])
    }

    @Test func longWordsBreakBetweenGraphemes() {
        #expect(texts(wrap("abcdefghij", width: 4)) == ["abcd", "efgh", "ij"])
        #expect(texts(wrap("hi abcdefghij", width: 4)) == ["hi", "abcd", "efgh", "ij"])
        #expect(texts(wrap("e\u{301}e\u{301}e\u{301}", width: 2)) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func wideCharactersCountTwoAndNeverSplit() {
        #expect(texts(wrap("漢字漢字", width: 4)) == ["漢字", "漢字"])
        #expect(texts(wrap("漢字漢字", width: 5)) == ["漢字", "漢字"])   // a wide char never straddles
        #expect(texts(wrap("a漢字", width: 2)) == ["a", "漢", "字"])
        #expect(texts(wrap("👨‍👩‍👧 family", width: 3)) == ["👨‍👩‍👧", "fam", "ily"])
        let lines = wrap("🇯🇵🇫🇷", width: 3)
        #expect(texts(lines) == ["🇯🇵", "🇫🇷"])
        #expect(lines.map(\.width) == [2, 2])
    }

    @Test func cjkBreaksBetweenIdeographsButKeepsPunctuation() {
        // Ideographs need no spaces to break between.
        #expect(texts(wrap("日本語の文章です", width: 6)) == ["日本語", "の文章", "です"])
        // Closing punctuation is not carried to the start of a line.
        #expect(texts(wrap("文章です。次", width: 8)) == ["文章で", "す。次"])
        // Opening punctuation stays with what follows.
        #expect(texts(wrap("ab「引用」", width: 4)) == ["ab", "「引", "用」"])
    }

    @Test func hyphenatedWordsBreakAfterTheHyphen() {
        #expect(texts(wrap("a well-known fact", width: 8)) == ["a well-", "known", "fact"])
        #expect(texts(wrap("-5 degrees", width: 3)) == ["-5", "deg", "ree", "s"])
    }

    @Test func indentationIsKeptAndTrailingSpacesGo() {
        #expect(texts(wrap("  indented text", width: 11)) == ["  indented", "text"])
        #expect(texts(wrap("trailing   ", width: 20)) == ["trailing"])
        #expect(texts(wrap("   ", width: 20)) == [""])
        #expect(texts(wrap("a\tb", width: 20)) == ["a b"])
        #expect(texts(wrap("no\u{A0}break here", width: 8)) == ["no\u{A0}break", "here"])
    }

    @Test func aGraphemeWiderThanTheWidthSitsAlone() {
        let lines = wrap("a漢b", width: 1)
        #expect(texts(lines) == ["a", "漢", "b"])
        #expect(lines.map(\.width) == [1, 2, 1])
        #expect(texts(wrap("ab", width: 0)) == ["a", "b"])   // below 1 is 1
    }

    @Test func maxLinesStopsEarly() {
        #expect(texts(wrap("one two three four", width: 5, maxLines: 2)) == ["one", "two"])
        #expect(wrap("one", width: 5, maxLines: 0).isEmpty)
    }

    @Test func sizeIsWidestLineByLineCount() {
        #expect(cellSize(of: "") == .zero)
        #expect(cellSize(of: "hello") == CellSize(width: 5, height: 1))
        #expect(cellSize(of: "hello\n漢字漢字!") == CellSize(width: 9, height: 2))
        #expect(cellSize(of: "the quick brown fox", wrappingTo: 10) == CellSize(width: 9, height: 2))
        #expect(cellSize(of: "漢字", wrappingTo: 1) == CellSize(width: 2, height: 2))
        #expect(lines(of: "a b\nc").map(\.text) == ["a b", "c"])
    }

    @Test func truncationEndsInAnEllipsis() {
        #expect(truncate("Hello world", toWidth: 20) == "Hello world")
        #expect(truncate("Hello world", toWidth: 8) == "Hello w…")
        #expect(truncate("Hello world", toWidth: 7) == "Hello…")   // no space before the ellipsis
        #expect(truncate("漢字漢字", toWidth: 4) == "漢…")
        #expect(truncate("漢字漢字", toWidth: 5) == "漢字…")
        #expect(truncate("abc", toWidth: 1) == "…")
        #expect(truncate("abc", toWidth: 0) == "")
        #expect(truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
        #expect(prefix(of: "a漢b", fittingWidth: 2) == "a")
    }
}

/// Wrapping properties on random text from a fixed seed.
@Suite struct WrappingPropertyTests {
    private static let alphabet: [String] = [
        "a", "b", "c", "x", "Z", "é", "e\u{301}", "1", "-", ".", ",", "(", ")", " ", " ", " ", "  ",
        "\t", "\n", "\r\n", "漢", "字", "。", "「", "」", "한", "ｶ", "Ａ", "😀", "👍🏽", "👨‍👩‍👧", "🇯🇵",
        "❤️", "\u{200B}", "\u{A0}", "word", "longerword", "supercalifragilistic",
    ]

    private func randomText(_ random: inout SplitMix64) -> String {
        let count = Int(random.next() % 60)
        var text = ""
        for _ in 0..<count {
            text += Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
        }
        return text
    }

    /// What wrapping may drop: breaking whitespace and newlines.
    private func content(_ text: String) -> [Character] {
        text.filter { !($0.isWhitespace && $0 != "\u{A0}") }.map { $0 == "\t" ? " " : $0 }
    }

    @Test func noLineTooWideNoTextLostAndWidthsAreTrue() {
        var random = SplitMix64(seed: 0xCA5E_3E17)
        for _ in 0..<3_000 {
            let text = randomText(&random)
            let width = Int(random.next() % 24) + 1
            let lines = wrap(text, width: width)
            for line in lines {
                #expect(line.width == cellWidth(of: line.text))
                let isLoneGrapheme = line.text.count == 1
                #expect(line.width <= width || isLoneGrapheme, "\(line.text.debugDescription) > \(width)")
                #expect(line.text.last.map { !($0 == " ") } ?? true, "line ends in a space")
            }
            #expect(content(text) == lines.flatMap { content($0.text) },
                    "text lost wrapping \(text.debugDescription) to \(width)")
            let newlines = text.filter(\.isNewline).count
            #expect(text.isEmpty ? lines.isEmpty : lines.count >= newlines + 1)
        }
    }

    @Test func maxLinesIsAPrefixAndSizeAgrees() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<1_000 {
            let text = randomText(&random)
            let width = Int(random.next() % 16) + 2
            let all = wrap(text, width: width)
            let limit = Int(random.next() % 5)
            #expect(wrap(text, width: width, maxLines: limit) == Array(all.prefix(limit)))
            let size = cellSize(of: text, wrappingTo: width)
            #expect(size.height == all.count)
            #expect(size.width == all.map(\.width).max() ?? 0)
            #expect(size.width <= width)   // width >= 2: every grapheme fits
        }
    }

    @Test func aWiderWidthNeverNeedsMoreLines() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1_000 {
            let text = randomText(&random)
            let width = Int(random.next() % 16) + 1
            #expect(wrap(text, width: width + 1).count <= wrap(text, width: width).count,
                    "\(text.debugDescription) at \(width)")
        }
    }
}
