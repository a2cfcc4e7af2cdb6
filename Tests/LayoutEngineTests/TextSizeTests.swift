import Cells
import TestSupport
import Testing
import TextMetrics

@testable import LayoutEngine

/// Text views get an intrinsic size from their text: wide characters count two
/// cells, wrapped height follows the solved width, border and padding add to it.
@Suite struct TextSizeTests {
    private func textFrame(_ title: String, rules: String = "", styles: String? = nil) -> ViewFrame? {
        let spec = (styles == nil ? "" : "use \"t.cas\"\n") + "screen root {\n  text t \"\(title)\" { left == 0; top == 0; \(rules) }\n}"
        return frames(spec, styles: styles.map { ["t.cas": $0] } ?? [:])["t"]
    }

    @Test func asciiText() {
        #expect(textFrame("Hello") == rect(0, 0, 5, 1))
    }

    @Test func wideCharactersCountTwoCells() {
        #expect(textFrame("世界") == rect(0, 0, 4, 1))
        #expect(textFrame("日本語のテキスト") == rect(0, 0, 16, 1))
        #expect(textFrame("👍🏽ok") == rect(0, 0, 4, 1))
        #expect(textFrame("🇯🇵 flag") == rect(0, 0, 7, 1))
    }

    @Test func explicitNewlinesAddLines() {
        #expect(textFrame("one\\nlonger line") == rect(0, 0, 11, 2))
    }

    @Test func narrowerWidthWrapsAndGrowsTheHeight() {
        #expect(textFrame("one two three", rules: "width == 7") == rect(0, 0, 7, 2))
        #expect(textFrame("one two three", rules: "width == 5") == rect(0, 0, 5, 3))
        #expect(textFrame("世界世界世界", rules: "width == 4") == rect(0, 0, 4, 3))
    }

    @Test func borderAndPaddingAddToTheIntrinsicSize() {
        let styles = "text { border single; padding 1 2 }"
        #expect(textFrame("Hello", styles: styles) == rect(0, 0, 11, 5))
        // 7 wide leaves 1 cell of content: one letter per line.
        #expect(textFrame("abc", rules: "width == 7", styles: styles) == rect(0, 0, 7, 7))
    }

    @Test func emptyTextIsAsSmallAsItsChrome() {
        #expect(textFrame("") == rect(0, 0, 0, 0))
        #expect(textFrame("", styles: "text { border rounded }") == rect(0, 0, 2, 2))
    }

    @Test func stylesheetTextSizesAViewWithoutAQuotedString() {
        let f = frames(
            "use \"t.cas\"\nscreen root {\n  text t .note { left == 0; top == 0 }\n}",
            styles: ["t.cas": ".note { text \"from the sheet\" }"])
        #expect(f["t"] == rect(0, 0, 14, 1))
    }

    @Test func growBeatsHuggingButNotCompressionResistance() {
        // Hugging (250) gives way to grow (500): the growing text stretches.
        let stretched = frames("""
            screen root {
              row r { edges == parent
                text t [grow=1] "Hi"
                box b [grow=1]
              }
            }
            """)
        #expect(stretched["t"] == rect(0, 0, 40, 24))
        // Compression resistance (750) beats grow: the text keeps its width.
        let kept = frames("""
            screen root {
              row r { edges == parent
                text t [grow=1] "a label that is fifty cells wide, give or take..."
                box b [grow=3]
              }
            }
            """)
        #expect(kept["t"]!.width == 49)
        #expect(kept["b"] == rect(49, 0, 31, 24))
    }

    @Test func aTextWithoutGrowKeepsItsNaturalWidthInARow() {
        let f = frames("""
            screen root {
              row r [gap=1] { edges == parent
                text t "Name:"
                box b [grow=1]
              }
            }
            """)
        #expect(f["t"] == rect(0, 0, 5, 24))
        #expect(f["b"] == rect(6, 0, 74, 24))
    }

    @Test func heightFollowsAWidthSetByAnotherView() {
        let f = frames("""
            screen root {
              box frame { left == 0; top == 0; width == 12; height == 1 }
              text t "the quick brown fox jumps" { left == 0; top == 2; width == frame.width }
            }
            """)
        // Wrapped to 12 cells: "the quick" / "brown fox" / "jumps".
        #expect(f["t"] == rect(0, 2, 12, 3))
    }

    @Test func intrinsicConstraintsAreListedWithTheirPriorities() {
        let session = loaded("screen root {\n  text t \"Hello\" { left == 0; top == 0 }\n}").session
        let engine = session.explain("t")!.constraints.filter {
            if case .engine = $0.origin { return true } else { return false }
        }
        #expect(engine.map(\.text) == [
            "t.width >= 5 @high as text.resist-width",
            "t.width <= 5 @600 as text.hug-width",
            "t.height >= 1 @high as text.resist-height",
            "t.height <= 1 @600 as text.hug-height",
        ])
    }
}

@Suite struct TextInStackTests {
    @Test func aTextThatDoesNotGrowKeepsItsWidthWhenAGrowerIsClamped() {
        // The clamped button cannot take its share; the field takes it, not the text.
        let f = frames("""
            screen root {
              row bar [gap=1 padding=1] { edges == parent
                text label "Name:"
                box field [grow=1]
                box button [grow=1 max=8]
              }
            }
            """, width: 60, height: 14)
        #expect(f["label"] == rect(1, 1, 5, 12))
        #expect(f["field"] == rect(7, 1, 43, 12))
        #expect(f["button"] == rect(51, 1, 8, 12))
    }

    @Test func aGrowingTextHugsLooselyAlongItsAxis() {
        let session = loaded("screen root {\n  column c { edges == parent\n    text t [grow=1] \"Hi\"\n  }\n}").session
        let kinds = session.explain("t")!.constraints.compactMap { info -> ImplicitKind? in
            if case .engine(let kind) = info.origin { return kind } else { return nil }
        }
        #expect(kinds == [.resistWidth, .hugWidth, .resistHeight, .looseHugHeight])
        #expect(session.frame("t") == rect(0, 0, 80, 24))
    }

    @Test func aGrowingTextInAnUnsizedRowKeepsItsNaturalWidth() {
        let session = loaded("""
            screen root {
              column c [align=start] { edges == parent
                row r [gap=1] {
                  text a "Name" { width == 6 }
                  text b "a description" [grow=1]
                }
              }
            }
            """).session
        #expect(session.frame("b") == rect(7, 0, 13, 1))
        #expect(session.frame("r") == rect(0, 0, 20, 1))
        #expect(session.ambiguities().isEmpty)
    }
}

/// The shortcut for one-line ASCII texts measures exactly what `cellSize`
/// measures, and leaves every other text to it.
@Suite struct ASCIILineSizeTests {
    @Test func agreesWithCellSizeOnEveryPrintableASCIIText() {
        var random = SplitMix64(seed: 15)
        // Spaces and hyphens are where the wrapping rules act (trailing spaces
        // dropped, breaks after a hyphen); brackets and punctuation have rules too.
        let alphabet = Array(" -a-zA- ([{.,;:!?%}])") + (0x20..<0x7F).map { Character(Unicode.Scalar($0)!) }
        var texts = ["", " ", "   ", "a", "a ", " a", "a  b  ", "item 12", "well-known", "-5", "x (y) z."]
        for _ in 0..<2000 {
            texts.append(String((0..<random.int(1...24)).map { _ in random.pick(alphabet) }))
        }
        for text in texts {
            guard let size = TextMeasure.asciiLineSize(of: text) else {
                #expect(text.isEmpty, "'\(text)' is printable ASCII")
                continue
            }
            #expect(size == cellSize(of: text), "'\(text)'")
        }
    }

    @Test func leavesEveryOtherTextToCellSize() {
        for text in ["", "tab\there", "two\nlines", "cr\r", "é", "世界", "del\u{7F}", "\u{1B}[1m"] {
            #expect(TextMeasure.asciiLineSize(of: text) == nil, "'\(text)'")
        }
    }
}
