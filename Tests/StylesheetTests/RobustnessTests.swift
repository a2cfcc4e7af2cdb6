import TestSupport
import Diagnostics
import Testing

@testable import Stylesheet

/// Checks what must hold for any input: every diagnostic points into a file that was
/// read, at a real line and column, with the line as its excerpt.
func expectLocated(_ s: Stylesheet, sources: [String: String], _ context: @autoclosure () -> String = "") {
    var texts: [String: SourceText] = [:]
    for diagnostic in s.diagnostics {
        let location = diagnostic.location
        guard let text = sources[location.file] else {
            Issue.record("diagnostic in an unknown file: \(diagnostic.summary) \(context())")
            continue
        }
        let source = texts[location.file] ?? SourceText(path: location.file, text: text)
        texts[location.file] = source
        let lineOK = location.line >= 1 && location.line <= source.lineCount
        let columnOK = location.column >= 1 && location.column <= source.lineText(location.line).count + 1
        if !lineOK || !columnOK || diagnostic.excerpt == nil {
            Issue.record("badly located: \(diagnostic.summary) \(context())")
        }
    }
}

@Suite struct SlowRobustnessTests {
    static let corpus: [String] = [
        SyntaxTests.braces, SyntaxTests.indentation, SyntaxTests.mixed, SyntaxTests.allman,
        """
        @import "theme.cas"
        $w = 10; $pair = ($w, 2) * 2
        screen > box.card#main[state:focused], ^box .x {
          border @{ style rounded; color hsl(210, 60%, 40%) }
          border-color[state:selected] yellow
          padding 1 2; margin: 1, -2, 3, 4
          size $pair; title "Card \\"one\\""; text 'two'
          @media (min-width: 100) and (max-height: 40), (screen-width: >= 200) {
            z-index floor($w / 3) + ceil(1.2) * max(1, 2)
            bg rgba(10, 20, 30, 0.5); fg color(208)
          }
          &.wide > text { text-align center; bold YES }
        }
        """,
        "box\r\n  bg #abc\r\n  > text\r\n    fg bright-red\r\n/* c */ row { visible NO }\n",
    ]

    static let importedTheme = "$accent = cyan\nbox { fg $accent }"

    private func loadMain(_ text: String) -> (Stylesheet, [String: String]) {
        let files = ["main.cas": text, "theme.cas": Self.importedTheme, "x.cas": "text { bold true }"]
        return (load(files, entry: "main.cas"), files)
    }

    private static let views = [
        StyledView(kind: "screen"), StyledView(kind: "box", id: "main", classes: ["card", "x"], states: ["focused"], parent: 0),
        StyledView(kind: "text", classes: ["wide"], parent: 1),
    ]

    @Test func everyPrefixOfEverySheetParses() {
        for text in Self.corpus {
            let bytes = Array(text.utf8)
            for end in 0...bytes.count {
                let prefix = String(decoding: bytes[0..<end], as: UTF8.self)
                let (s, files) = loadMain(prefix)
                expectLocated(s, sources: files, "prefix \(end)")
                _ = s.cascade(Self.views, width: 120, height: 40)
                _ = StylesheetOutline(path: "main.cas", text: prefix)   // what the editor reads as it is typed
            }
        }
    }

    @Test func mutationFuzz() {
        var random = SplitMix64(seed: 0x5EED_CA5E)
        let snippets = [
            "{", "}", "(", ")", "[", "]", ";", ":", ",", "\n", "\t", "  ", "\"", "'", "/*", "*/", "//", "&", ">",
            "^", "#", ".", "-", "+", "*", "/", "=", "$", "$w", "@", "@import \"x.cas\"", "@import \"main.cas\"",
            "@media (min-width: 10)", "@media (", "10px", "50%", "é", "漢字", "\r\n", "\r", "rgb(", "hsl(1, 2",
            "#fff", "#ggg", "[state:", "@{", "box", ".c", "\\", "\u{0}", "\u{7F}", "))))", "((((", "1e5",
        ]
        var cases = 0
        for round in 0..<700 {
            for text in Self.corpus {
                var bytes = Array(text.utf8)
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    mutate(&bytes, with: &random, snippets: snippets)
                }
                let mutated = String(decoding: bytes, as: UTF8.self)
                let (s, files) = loadMain(mutated)
                expectLocated(s, sources: files, "round \(round): \(mutated.debugDescription)")
                let result = s.cascade(Self.views, width: 120, height: 40)
                _ = result.provenance(ofView: 1)
                cases += 1
            }
        }
        #expect(cases == 700 * Self.corpus.count)
    }

    private func mutate(_ bytes: inout [UInt8], with random: inout SplitMix64, snippets: [String]) {
        let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 5 {
        case 0:  // delete a run
            let length = min(bytes.count - position, 1 + Int(random.next() % 12))
            bytes.removeSubrange(position..<(position + length))
        case 1:  // insert a snippet
            bytes.insert(contentsOf: Array(snippets[Int(random.next() % UInt64(snippets.count))].utf8), at: position)
        case 2:  // duplicate a run
            let length = min(bytes.count - position, 1 + Int(random.next() % 40))
            bytes.insert(contentsOf: Array(bytes[position..<(position + length)]), at: position)
        case 3:  // replace one byte with any byte
            if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
        default:  // swap a run with another place
            let length = min(bytes.count - position, 1 + Int(random.next() % 20))
            let run = Array(bytes[position..<(position + length)])
            bytes.removeSubrange(position..<(position + length))
            let target = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            bytes.insert(contentsOf: run, at: target)
        }
    }

    // MARK: Deep nesting: a clear error, no stack overflow

    private static let depth = 10_000

    @Test func tenThousandNestedBraces() {
        let open = String(repeating: "box { ", count: Self.depth) + "z-index 1"
        let unclosed = sheet(open)
        #expect(messages(unclosed, .error) == [
            "'{' is never closed (nor are 9999 more inside it)", "blocks are nested more than 64 levels deep",
        ])
        let closed = sheet(open + String(repeating: " }", count: Self.depth) + "\ntext { z-index 2 }")
        #expect(messages(closed) == ["blocks are nested more than 64 levels deep"])
        #expect(style("text", in: closed).zIndex == 2)
    }

    /// Indentation nests one character per level, so the text grows with the square of
    /// the depth: 2,500 levels (3 MB) keep the test quick in debug builds.
    @Test func thousandsOfLevelsOfIndentation() {
        var text = ""
        for level in 0..<2_500 { text += String(repeating: " ", count: level) + "box\n" }
        text += "text\n  z-index 2\n"
        let s = sheet(text)
        #expect(messages(s).contains("blocks are nested more than 64 levels deep"))
        #expect(style("text", in: s).zIndex == 2)
        expectLocated(s, sources: ["test.cas": text])
    }

    @Test func tenThousandNestedParenthesesAndOperators() {
        let parens = sheet("box { z-index " + String(repeating: "(", count: Self.depth) + "1"
            + String(repeating: ")", count: Self.depth) + " }\ntext { z-index 2 }")
        #expect(messages(parens) == ["value is nested more than 32 levels deep"])
        #expect(style("text", in: parens).zIndex == 2)
        let signs = sheet("box { z-index " + String(repeating: "-", count: Self.depth) + "1 }")
        #expect(messages(signs) == ["value is nested more than 32 levels deep"])
        let calls = sheet("box { z-index " + String(repeating: "abs(", count: Self.depth) + "1"
            + String(repeating: ")", count: Self.depth) + " }")
        #expect(messages(calls) == ["value is nested more than 32 levels deep"])
        let chain = sheet("box { z-index 1" + String(repeating: " + 1", count: Self.depth) + " }")
        #expect(messages(chain) == ["value is too long: more than 256 terms"])
        let variables = sheet("$v0 = 1\n" + (1..<Self.depth).map { "$v\($0) = $v\($0 - 1) + 1" }.joined(separator: "\n")
            + "\nbox { z-index $v9999 }")
        #expect(variables.diagnostics.isEmpty)
        #expect(style("box", in: variables).zIndex == 10_000)
    }

    /// Issue 26 §2.2: each `$vN = $vN-1 $vN-1` doubles the value; 24 such lines took
    /// 5 s and 600 MB before the term limit was applied while expanding. The line
    /// that crosses the limit is the error, its later uses stay quiet, and the rest
    /// of the sheet applies.
    @Test func aVariableDoublingEachLineStopsAtTheLineThatCrossesTheLimit() {
        let lines = 24   // 2^23 terms unchecked (the issue's 390 bytes); not more, so it fails, not hangs, unfixed
        let text = "$v0 = 1\n" + (1..<lines).map { "$v\($0) = $v\($0 - 1) $v\($0 - 1)" }.joined(separator: "\n")
            + "\nbox { padding $v\(lines - 1) }\ntext { z-index 2 }\n"
        let bomb = sheet(text)
        #expect(messages(bomb) == ["value is too long: more than 256 terms once its variables are expanded"])
        let location = bomb.diagnostics.first?.location
        #expect(location?.line == 10)     // $v9 = $v8 $v8: 512 terms
        #expect(location?.column == 7)
        #expect(style("text", in: bomb).zIndex == 2)
        expectLocated(bomb, sources: ["test.cas": text])
        let within = sheet("$a = 1 2 3 4\n$b = $a $a $a $a\n$c = $b $b $b $b $b $b $b $b $b $b $b $b $b $b $b $b\n")
        #expect(within.diagnostics.isEmpty)       // 256 terms exactly
        let calls = sheet("$a = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n$b = $a $a $a $a $a $a $a $a $a $a $a $a $a $a $a $a\n"
            + "$c = floor($b, 1)\n")
        #expect(messages(calls) == ["value is too long: more than 256 terms once its variables are expanded"])
    }

    @Test func tenThousandNestedMediaBlocksAndGroups() {
        let media = sheet(String(repeating: "@media (min-width: 1) { ", count: Self.depth) + "box { z-index 1 }"
            + String(repeating: " }", count: Self.depth))
        #expect(messages(media) == ["blocks are nested more than 64 levels deep"])
        let groups = sheet(String(repeating: "a, b { ", count: 30) + "z-index 1" + String(repeating: " }", count: 30))
        #expect(messages(groups).contains("this selector group expands to more than 1024 selectors"))
        #expect(groups.rules.count <= 1024 * 30)
    }

    @Test func tenThousandCompoundsAndBrackets() {
        let long = sheet(String(repeating: "box ", count: Self.depth - 1) + "text { z-index 1 }")
        #expect(long.diagnostics.isEmpty)
        #expect(long.rules[0].specificity.kinds == Self.depth)
        var views = [StyledView(kind: "box")]
        for n in 1..<Self.depth { views.append(StyledView(kind: "box", parent: n - 1)) }
        views.append(StyledView(kind: "text", parent: Self.depth - 1))
        views.append(StyledView(kind: "text", parent: Self.depth - 3))
        let result = long.cascade(views, width: 80, height: 24)
        #expect(result.styles[Self.depth].zIndex == 1)
        #expect(result.styles[Self.depth + 1].zIndex == 0)
        let brackets = sheet("box" + String(repeating: "[", count: Self.depth) + " { z-index 1 }\ntext { z-index 2 }")
        #expect(messages(brackets, .error) == ["expected 'state:' after '['"])
        #expect(style("text", in: brackets).zIndex == 2)
    }

    @Test func thousandsOfChainedImports() {
        let chain = 3_000
        var files: [String: String] = [:]
        for n in 0..<chain { files["f\(n).cas"] = "@import \"f\(n + 1).cas\"\n$v\(n) = \(n)" }
        files["f\(chain).cas"] = "box { z-index 7 }"
        let s = load(files, entry: "f0.cas")
        #expect(s.diagnostics.isEmpty)
        #expect(s.files.count == chain + 1)
        #expect(style("box", in: s).zIndex == 7)
    }

    // MARK: Huge input

    @Test func hugeSheetsParse() {
        var text = "$gap = 1\n"
        var n = 0
        while text.utf8.count < 300_000 {
            n += 1
            text += n % 2 == 0
                ? ".c\(n % 97) > text#v\(n) { padding $gap \(n % 5); border-color[state:focused] color(\(n % 256)) }\n"
                : "box.c\(n % 89)\n  margin 1 2\n  title \"Panel \(n)\"\n  @media (min-width: \(n % 200))\n    z-index \(n % 9)\n"
        }
        let s = sheet(text)
        #expect(s.diagnostics.isEmpty)
        #expect(s.rules.count > 5_000)
        let hugeString = sheet("box { title \"" + String(repeating: "x", count: 1_000_000) + "\" }")
        #expect(style("box", in: hugeString).title?.count == 1_000_000)
        let hugeWord = String(repeating: "w", count: 100_000)
        let hugeName = sheet("box { \(hugeWord) 1 }\n.\(hugeWord) { z-index 3 }")
        // A huge name is quoted by its start and end: the message stays short.
        let hugeMessages = messages(hugeName)
        #expect(hugeMessages.count == 1)
        #expect(hugeMessages.allSatisfy { $0.hasPrefix("unknown property 'www") && $0.hasSuffix("www'") && $0.contains("…") })
        #expect(hugeMessages.allSatisfy { $0.count <= Diagnostic.messageLimit })
        #expect(style("box", classes: [hugeWord], in: hugeName).zIndex == 3)
        let garbage = String(decoding: (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, as: UTF8.self)
        let noise = sheet(garbage)
        expectLocated(noise, sources: ["test.cas": garbage])
        #expect(noise.diagnostics.count <= 2 * DiagnosticLog.limit + 2)
    }
}
