import TestSupport
import Diagnostics
import Testing

@testable import LayoutSpec

/// Malformed, truncated, deeply nested, huge and randomly mutated input: no
/// crash, no hang, and every diagnostic points inside the file.
@Suite struct SlowRobustnessTests {
    /// A spec using every construct.
    static let rich = """
        # every construct
        use "../styles/theme.cas" "extra.cas"
        let gap = 1
        let half = $size-width / 2
        screen root .app "Root" {
          let pad = gap + 1
          column main [gap=gap padding=(1 2) justify=space-between align=stretch] {
            row header [gap=1 justify=center align=center] {
              text title .h1 "Casement — 設計"
              box spacer [grow=1 min=2 max=$max-width]
              text clock "12:00" [align=end]
            }
            grid cells [columns=3 column-gap=1 row-gap=0 padding=1] {
              box c1 [span=2]
              box c2 [row-span=2]
              box c3
              text "anonymous"
            }
            overlay stack [gravity=center] {
              box back [gravity=fill]
              box badge [gravity=top-right] { aspect 1:1 }
            }
          }
          box red .red-box "Red" {
            top, size == main
            left == main.right + $margin-left @high as red-gap
            edges within parent inset pad offset 0 1 as on-screen
            width >= half * 2 - 1 @250
            centerY == parent.centerY + (gap * 3) / 2
          }
          box panel {
            box a
            box b
            box c
            equal width (a b c) @medium
            align top (a b c)
            distribute horizontal (a b c) spacing gap lead 1 tail 1
            distribute vertical (a b) length 3 as stacked
            H:|-2-[a(>=10@high)]-[b(==a)]-2-|
            V:|[c(>=1,<=5@low)]-(>=gap)-|
          }
        }
        """

    /// Every diagnostic must name a real line and a column inside it (or just past its end).
    private func expectLocated(_ document: LayoutDocument, _ source: SourceText, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for diagnostic in document.diagnostics {
            let location = diagnostic.location
            #expect(location.file == source.path, sourceLocation: sourceLocation)
            #expect((1...source.lineCount).contains(location.line), "\(diagnostic)", sourceLocation: sourceLocation)
            let lineLength = source.lineText(location.line).count
            #expect((1...(lineLength + 1)).contains(location.column), "\(diagnostic)", sourceLocation: sourceLocation)
            #expect(!diagnostic.message.isEmpty, sourceLocation: sourceLocation)
        }
        for constraint in document.constraints {
            #expect((1...source.lineCount).contains(constraint.location.line), sourceLocation: sourceLocation)
        }
    }

    private func compileChecked(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutDocument {
        let source = SourceText(path: "f.layout", text: text)
        let document = LayoutDocument(source: source)
        expectLocated(document, source, sourceLocation: sourceLocation)
        return document
    }

    @Test func theRichSpecCompilesCleanly() {
        let document = compile(Self.rich, path: "demo/rich.layout")
        #expect(messages(document) == [])
        #expect(document.views.count == 19)
        #expect(document.constraints.count > 60)
        #expect(document.uses.map(\.resolvedPath) == ["styles/theme.cas", "demo/extra.cas"])
    }

    @Test func everyTruncationIsHandled() {
        let characters = Array(Self.rich)
        var withErrors = 0
        for length in 0...characters.count {
            let document = compileChecked(String(characters[..<length]))
            if document.diagnostics.hasErrors { withErrors += 1 }
        }
        #expect(withErrors > characters.count / 2)
    }

    @Test func tenThousandNestedViewsGiveOneClearError() {
        let depth = 10_000
        let text = (0..<depth).map { "box v\($0) {" }.joined(separator: "\n") + "\n" + String(repeating: "}\n", count: depth)
        let document = compileChecked(text)
        #expect(messages(document) == [
            "257:1: error: views nest more than 256 levels deep; this view and everything inside it are skipped"
        ])
        #expect(document.views.count == SpecParser.maximumDepth)
    }

    @Test func unclosedDeepNestingIsReportedPerLevelWithoutOverflow() {
        let text = (0..<10_000).map { "box v\($0) {" }.joined(separator: "\n")
        let document = compileChecked(text)
        #expect(document.diagnostics.hasErrors)
        #expect(document.views.count == SpecParser.maximumDepth)
    }

    @Test func deeplyNestedParenthesesAndSigns() {
        let parens = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let document = compileChecked("screen r {\n width == \(parens)\n height == \(String(repeating: "- ", count: 10_001))2\n}")
        #expect(messages(document) == ["2:75: error: parentheses nest more than 64 levels deep"])
        #expect(document.loweredText == "r.height == -2")
    }

    @Test func longChainsOfLetsAndLongSums() {
        var text = "let l0 = 1\n" + (1..<5000).map { "let l\($0) = l\($0 - 1) + 1" }.joined(separator: "\n")
        text += "\nscreen r {\n width == l4999\n height == \(Array(repeating: "1", count: 20_000).joined(separator: " + "))\n top == l40\n}"
        let document = compileChecked(text)
        #expect(document.diagnostics.map(\.message) == ["lets refer to lets more than 64 levels deep"])
        #expect(document.loweredText == "r.height == 20000\nr.top == 41")
    }

    @Test func tenThousandViews() {
        var text = "screen root {\n"
        for row in 0..<1000 {
            text += " row r\(row) [gap=1] {\n"
            for cell in 0..<9 { text += "  box c\(row)x\(cell) [grow=1] { height == 1 }\n" }
            text += " }\n"
        }
        text += "}\n"
        let document = compileChecked(text)
        #expect(document.diagnostics.isEmpty)
        #expect(document.views.count == 10_001)
        #expect(document.constraints.count == 1000 * (9 * 5 + 2))
        #expect(Set(document.constraints.map(\.identity)).count == document.constraints.count)
    }

    @Test func tenThousandChildrenOfOneRow() {
        let children = (0..<10_000).map { "  box c\($0)" }.joined(separator: "\n")
        let document = compileChecked("screen root {\n row r [justify=space-around] {\n\(children)\n }\n}")
        #expect(document.diagnostics.isEmpty)
        #expect(document.constraints.count == 10_000 * 3 + 2)
    }

    @Test func garbageBytes() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let bytes = (0..<random.below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = compileChecked(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func tooManyErrorsAreCapped() {
        let document = compileChecked(String(repeating: "?\n", count: 5000))
        #expect(document.diagnostics.count == DiagnosticCollector.limit + 1)
        #expect(document.diagnostics.last?.message == "\(5000 - DiagnosticCollector.limit) more diagnostics not shown")
    }

    @Test func hugeNumbersAreReportedNotComputed() {
        let big = "1" + String(repeating: "0", count: 400)
        let document = compileChecked("screen r {\n width == \(big)\n height == 1e5\n}")
        #expect(document.diagnostics.map(\.message).contains("a number in this constraint is too large to compute with, infinite or not a number; the constraint is left out"))
        #expect(document.constraints.isEmpty)
    }

    /// Thousands of random edits of the rich spec: deletions, duplications,
    /// swaps, stray tokens and bytes. Nothing may crash or hang, every
    /// diagnostic is located, and compiling is deterministic.
    @Test func mutationFuzz() {
        var random = SplitMix64(seed: 0x5EED_CA5E)
        let fragments = [
            "{", "}", "[", "]", "(", ")", "==", ">=", "<=", "=", "<", "within", "inset", "offset", "@", "@high", "as",
            ",", ".", ":", ";", "|", "-", "+", "*", "/", "$", "$size", "$margin", "#", "\"", "'", "\n", "\r\n", "\r",
            "H:", "V:", "[a]", "-(", "parent", "let", "use", "equal", "align", "distribute", "aspect", "row", "grid",
            "overlay", "box", "text", "1e9", "0", "-1", "99999999999999999999", "é", "漢", "😀", "\u{0}", "\t", "edges",
            "size", "center", "left", "width", "gap=", "span=", "grow=", "justify=", "((((", "))))",
        ]
        let base = Array(Self.rich.unicodeScalars)
        var text = base
        var previous = compile(Self.rich)
        for round in 0..<3000 {
            if round % 40 == 0 { text = base }
            let position = random.below(text.count + 1)
            switch random.below(5) {
            case 0:
                let length = random.below(40)
                text.removeSubrange(position..<min(text.count, position + length))
            case 1:
                text.insert(contentsOf: fragments[random.below(fragments.count)].unicodeScalars, at: position)
            case 2:
                let length = random.below(60)
                let end = min(text.count, position + length)
                text.insert(contentsOf: Array(text[position..<end]), at: random.below(text.count + 1))
            case 3:
                if text.count > 2 {
                    let other = random.below(text.count)
                    text.swapAt(min(position, text.count - 1), other)
                }
            default:
                text.insert(Unicode.Scalar(UInt8(truncatingIfNeeded: random.next() % 128)), at: position)
            }
            var string = ""
            string.unicodeScalars.append(contentsOf: text)
            let document = compileChecked(string)
            #expect(document.constraints == compile(string, path: "f.layout").constraints)
            let delta = ConstraintDelta(from: previous, to: document)
            #expect(delta.added.count + delta.unchanged.count + delta.constantChanged.count + delta.replaced.count == document.constraints.count)
            previous = document
        }
    }
}
