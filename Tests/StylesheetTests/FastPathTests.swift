import Cells
import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Stylesheet

/// The parser's and the cascade's shortcuts checked against their general paths on
/// random sheets and trees: the ancestor filter against the plain right-to-left
/// match, the selectors read back from the parser's selector code against the ones
/// written, the
/// reuse of repeated declarations against reading each one, and the loader's reuse
/// of an unchanged stylesheet against loading afresh.
@Suite struct FastPathTests {
    static let kinds = ["box", "text", "row", "column", "grid", "screen", "widget"]
    static let states = ["focused", "selected", "hover", "sleepy"]

    /// A compound over few names, so random selectors and views meet often.
    static func compound(_ random: inout SplitMix64) -> String {
        var text = ""
        switch random.below(5) {
        case 0: text = kinds[random.below(kinds.count)]
        case 1: text = "^" + kinds[random.below(3)]
        case 2: text = "*"
        default: break
        }
        if random.below(3) == 0 { text += "#v\(random.below(6))" }
        for _ in 0..<random.below(3) { text += ".c\(random.below(8))" }
        if random.below(6) == 0 { text += "[state:\(states[random.below(states.count)])]" }
        return text.isEmpty ? ".c\(random.below(8))" : text
    }

    static func selector(_ random: inout SplitMix64) -> String {
        var text = compound(&random)
        for _ in 0..<random.below(4) {
            text += random.below(2) == 0 ? " > " : " "
            text += compound(&random)
        }
        return text
    }

    /// Declarations, some repeated often, some wrong, some using variables.
    static let declarations = [
        "bg red", "fg blue", "padding 1", "padding 1 2", "border rounded", "bold true", "z-index 3",
        "margin ($gap + 1) 0", "fg $accent", "bg blu", "paddin 2", "border-color[state:focused] cyan",
        "border-color[state:sleepy] red", "size 10 4", "title \"Hi\"", "z-index 1.5", "text-align centre",
        "reverse[state:selected] true", "bg accent", "columns 0",
    ]

    static func randomSheet(_ random: inout SplitMix64, rules: Int) -> String {
        var text = "$accent = #ff8800\n$gap = 2\n"
        for rule in 0..<rules {
            if rule % 7 == 3 { text += "@media (min-width: \(40 + random.below(80))) {\n" }
            text += selector(&random)
            if random.below(4) == 0 { text += ", " + selector(&random) }
            text += " {"
            for _ in 0..<(1 + random.below(4)) {
                text += " " + declarations[random.below(declarations.count)] + ";"
            }
            if random.below(5) == 0 { text += " & > .c\(random.below(8)) { bold false; bg red }" }
            text += " }\n"
            if rule % 7 == 3 { text += "}\n" }
            if rule % 13 == 5 { text += "$accent = #\(random.below(900) + 100)\n" }
        }
        return text
    }

    static func views(_ random: inout SplitMix64, count: Int) -> [StyledView] {
        var views = [StyledView(kind: "screen", id: "v0")]
        while views.count < count {
            let classes = (0..<random.below(3)).map { _ in "c\(random.below(8))" }
            let states = random.below(4) == 0 ? [states[random.below(states.count)]] : []
            let id: String? = random.below(3) == 0 ? "v\(random.below(6))" : nil
            // Mostly parents first, sometimes a later parent (any order is allowed).
            let parent = random.below(8) == 0 ? min(views.count + 1 + random.below(3), count - 1) : random.below(views.count)
            views.append(
                StyledView(kind: kinds[random.below(kinds.count)], id: id, classes: classes, states: states, parent: parent))
        }
        return views
    }

    @Test func ancestorFilterAgreesWithTheFullMatch() {
        var random = SplitMix64(seed: 0xA11CE)
        for round in 0..<30 {
            let stylesheet = Stylesheet.parse(Self.randomSheet(&random, rules: 60), path: "r\(round).cas")
            let views = Self.views(&random, count: 120)
            let media = stylesheet.mediaSignature(width: 30 + random.below(120), height: 40)
            let fast = ViewMatcher(index: stylesheet.index, views: views, media: media, hierarchy: stylesheet.hierarchy)
            let full = ViewMatcher(
                index: stylesheet.index, views: views, media: media, hierarchy: stylesheet.hierarchy,
                filterAncestors: false)
            #expect(fast.styles() == full.styles(), "round \(round)")
            for view in views.indices {
                let a = fast.records(of: view).map { "\($0.key) \($0.rule)" }
                let b = full.records(of: view).map { "\($0.key) \($0.rule)" }
                #expect(a == b, "round \(round), view \(view)")
            }
        }
    }

    @Test func ancestorFilterStillMatchesDeepDescendants() {
        // A chain deeper than the filter has bits for distinct names still matches.
        var views = [StyledView(kind: "screen")]
        for depth in 1...300 { views.append(StyledView(kind: "box", classes: ["d\(depth)"], parent: depth - 1)) }
        let stylesheet = Stylesheet.parse(".d3 .d299 .d300 { bold true }\n.d5 > .d7 { bold true }")
        let styles = stylesheet.cascade(views, width: 80, height: 24).styles
        #expect(styles[300].bold)
        #expect(!styles[7].bold)
        #expect(styles.filter(\.bold).count == 1)
    }

    /// A slice table numbers runs alike whether it scans (small) or hashes (past
    /// `scanLimit`): the same bytes anywhere get the first number, new bytes the next.
    @Test func sliceTableNumbersRunsAcrossItsScanLimit() {
        let words = (0..<(SliceTable<Int>.scanLimit * 9)).map { "w\($0 % 37)x" }
        let source = Array(words.joined(separator: " ").utf8)
        var table = SliceTable<Int>(bytes: source)
        var firstNumber: [String: Int] = [:]
        var offset = 0
        for word in words {
            let range = offset..<(offset + word.utf8.count)
            offset = range.upperBound + 1
            let (number, isNew) = table.number(of: range, inserting: -1)
            if let known = firstNumber[word] {
                #expect(!isNew && number == known && table[number] == known * 10, "\(word)")
            } else {
                #expect(isNew && number == firstNumber.count && table[number] == -1, "\(word)")
                table[number] = number * 10
                firstNumber[word] = number
            }
        }
        #expect(table.count == 37)
        #expect(SliceTable<Int>.scanLimit < 37)
    }

    /// Pieces of `.cas` text where the lexer's ASCII fast path and its general path
    /// meet: names with inner and trailing `-`, sigils, non-ASCII names and lines,
    /// numbers, strings, comments, both indentations, stray bytes.
    static let lexerPieces = [
        "box", "border-color", "a-", "-b", "a--b", "x-1", "_u", "Kx9", ".card", ".", ".5", "#main", "#1a2", "#-x",
        "$gap", "$-", "$", "@media", "@", "@{", "#", "é", "caf\u{e9}", "\u{6f22}\u{5b57}", "a-\u{e9}", ".\u{e9}x",
        "$\u{e9}", "12", "1.5", "10px", "50%", "\"s\"", "'q", "// c", "/* c */", "/* é\n */", "{", "}", "(", ")",
        "[", "]", ":", ";", ",", "=", "+", "-", "*", "/", ">", "<", "^", "&", "!", "~", "\u{1}", " ", " ", "  ",
        "\t", "\n", "\n  ", "\n\t", "\r\n", "\n    ",
    ]

    /// The lexer's ASCII fast path against lexing every token the general way: the
    /// same tokens (kind, offsets, line, column, spacing facts, payloads), numbers,
    /// strings and diagnostics, on random texts made of `lexerPieces`.
    @Test func lexerFastPathAgreesWithTheGeneralPath() {
        var random = SplitMix64(seed: 0x1E8E4)
        let pieces = Self.lexerPieces
        var fastTokens = 0
        for round in 0..<400 {
            var text = ""
            for _ in 0..<(1 + random.below(60)) { text += pieces[random.below(pieces.count)] }
            let source = SourceText(path: "l\(round).cas", text: text)
            let spell = { (usesFastPath: Bool) -> [String] in
                let log = DiagnosticLog(source: source)
                let stream = Lexer.tokenize(source, log: log, usesFastPath: usesFastPath)
                return stream.tokens.map {
                    "\($0.kind) \($0.start) \($0.end) \($0.line):\($0.column) \($0.spaceBefore) \($0.firstOnLine) \($0.payload)"
                } + stream.numbers.map { "\($0)" } + stream.strings
                    + log.finished.map { "\($0.summary) \($0.hint ?? "")" }
            }
            let fast = spell(true)
            #expect(fast == spell(false), "round \(round): \(text.debugDescription)")
            fastTokens += fast.count
        }
        #expect(fastTokens > 4000)
    }

    /// The lexer's token buffer starts at a quarter of the byte count and grows:
    /// a text of one-byte tokens outgrows it several times and must still list
    /// every token, in order, where it is.
    @Test func tokenBufferKeepsEveryTokenAsItGrows() {
        let text = String(repeating: "{;}:", count: 2_000) + "\n" + String(repeating: "a ", count: 500)
        let source = SourceText(path: "dense.cas", text: text)
        let tokens = Lexer.tokenize(source, log: DiagnosticLog(source: source)).tokens
        #expect(tokens.count == 8_500)
        let punctuation: [TokenKind] = [.leftBrace, .semicolon, .rightBrace, .colon]
        for (i, token) in tokens.prefix(8_000).enumerated() where token.kind != punctuation[i % 4] || token.start != i {
            Issue.record("token \(i): \(token.kind) at \(token.start)")
            return
        }
        for (i, token) in tokens.dropFirst(8_000).enumerated() where token.kind != .word || token.line != 2 || token.column != 2 * i + 1 {
            Issue.record("word \(i): \(token.kind) at \(token.line):\(token.column)")
            return
        }
    }

    /// The parser's reuse of values evaluated earlier in the file (by their text, per
    /// property) against evaluating each one: the same declarations, values, bare
    /// words and diagnostics. The same value text under several properties (`red`
    /// as `bg`, `fg` and `border-color`) must not share one evaluation.
    @Test func reusedValuesReadLikeFreshOnes() {
        var random = SplitMix64(seed: 0x7A1E)
        let spell = { (file: ParsedFile) -> [String] in
            file.declarations.map {
                "\($0.spec.name) \($0.states) \($0.precomputed.map { "\($0)" } ?? "nil") \($0.bareWords) "
                    + "\($0.valueTokens) \($0.tokens) \($0.text)"
            } + file.diagnostics.map { "\($0.summary) \($0.hint ?? "")" }
        }
        var reused = 0
        for round in 0..<20 {
            // Every other declaration written with ':': a different declaration text with
            // the same value text, so it reaches the value reuse.
            let parts = Self.randomSheet(&random, rules: 80).components(separatedBy: "; ")
            let text = parts.enumerated().map { index, part in
                guard index % 2 == 1, !part.contains("{"), !part.contains("}"), let space = part.firstIndex(of: " ")
                else { return part }
                return part.replacingCharacters(in: space...space, with: ": ")
            }.joined(separator: "; ")
            let fast = ParsedFile(path: "v\(round).cas", contents: text)
            let general = ParsedFile(path: "v\(round).cas", contents: text, reusesEvaluatedValues: false)
            #expect(spell(fast) == spell(general), "round \(round)")
            reused += zip(fast.declarations, general.declarations).filter { $0.value == nil && $1.value != nil }.count
        }
        #expect(reused > 100)
    }

    /// The parser's replay of a selector group read before (nested groups and plain
    /// kinds recur) against parsing every group: the same rules, selectors, tokens,
    /// specificities, selector code and diagnostics.
    @Test func replayedSelectorGroupsReadLikeFreshOnes() {
        var random = SplitMix64(seed: 0x6A0F)
        let spell = { (file: ParsedFile) -> [String] in
            file.rules.flatMap { rule in
                rule.selectors.map { s in
                    let selector = file.ruleSelectors[s]
                    let code = file.selectorCode[selector.code].map { part in
                        let tag = SelectorCode.tag(part)
                        return tag >= SelectorCode.descendant ? "\(tag)" : "\(tag):\(file.symbols[Int(SelectorCode.symbol(part))])"
                    }
                    return "\(file.selector(s)) @\(selector.token) \(file.specificity(s)) \(code) \(rule.media)"
                }
            } + file.diagnostics.map { "\($0.summary) \($0.hint ?? "")" }
        }
        for round in 0..<20 {
            // Few names, so whole groups recur; some groups are wrong (they report at every copy).
            var text = ""
            for rule in 0..<120 {
                if rule % 9 == 4 { text += "@media (min-width: \(40 + random.below(80))) {\n" }
                let groups = ["box", "text, row", "^box > .c1", "& > .c2", ".c1 .c2", "#v1", "bogus", "& .c3", "> text", "box,"]
                text += groups[random.below(groups.count)] + " { bold true"
                if random.below(2) == 0 {
                    text += "; " + ["&[state:selected]", "> text", "&.c4", "& bogus", "&"][random.below(5)] + " { reverse true }"
                }
                text += " }\n"
                if rule % 9 == 4 { text += "}\n" }
            }
            let fast = ParsedFile(path: "g\(round).cas", contents: text)
            let general = ParsedFile(path: "g\(round).cas", contents: text, reusesSelectorGroups: false)
            #expect(spell(fast) == spell(general), "round \(round)")
            #expect(fast.rules.count > 100)
        }
    }

    /// The symbol table's dictionary-free numbering of ASCII names written in the
    /// source against hashing every name: the same symbols and names, with states
    /// (numbered by name) and non-ASCII names that are equal as strings but written
    /// with different bytes (`é` composed and decomposed) mixed in.
    @Test func symbolTableShortcutAgreesWithHashingEveryName() {
        var random = SplitMix64(seed: 0x5EB0)
        let spellings = ["box", "c1", "c2", "v-1", "Box", "caf\u{E9}", "cafe\u{301}", "\u{E9}t\u{E9}", "e\u{301}te\u{301}", "x"]
        for round in 0..<200 {
            var text = ""
            var runs: [Range<Int>] = []
            for _ in 0..<(1 + random.below(12)) {
                let name = spellings[random.below(spellings.count)]
                let start = text.utf8.count
                text += name + " "
                runs.append(start..<(start + name.utf8.count))
            }
            let source = Array(text.utf8)
            var fast = SymbolTable(source: source)
            var general = SymbolTable(source: source, hashesEveryName: true)
            var fastSymbols: [Int32] = [], generalSymbols: [Int32] = []
            for run in runs {
                let name = { String(decoding: source[run], as: UTF8.self) }
                if random.below(6) == 0 {
                    // A state: named, not written.
                    fastSymbols.append(fast.symbol("focused"))
                    generalSymbols.append(general.symbol("focused"))
                }
                fastSymbols.append(fast.symbol(writtenAt: run, name: name))
                generalSymbols.append(general.symbol(writtenAt: run, name: name))
            }
            #expect(fastSymbols == generalSymbols, "round \(round): \(text)")
            #expect(fast.names == general.names, "round \(round): \(text)")
        }
    }

    /// A random compound as text and as the parts it should read as (`*` kept).
    static func writtenCompound(_ random: inout SplitMix64) -> (text: String, parts: [Selector.Part]) {
        var text = "", parts: [Selector.Part] = []
        switch random.below(5) {
        case 0:
            let kind = kinds[random.below(kinds.count)]
            (text, parts) = (kind, [.kind(.exact(kind))])
        case 1:
            let kind = kinds[random.below(3)]
            (text, parts) = ("^" + kind, [.kind(.derived(kind))])
        case 2: (text, parts) = ("*", [.kind(.any)])
        default: break
        }
        // Ids, classes and states in any order, as authors write them.
        for _ in 0..<random.below(4) {
            switch random.below(3) {
            case 0:
                let id = "v\(random.below(6))"
                text += "#" + id
                parts.append(.id(id))
            case 1:
                let name = "c\(random.below(8))"
                text += "." + name
                parts.append(.className(name))
            default:
                let state = ["focused", "selected", "disabled"][random.below(3)]
                text += "[state:\(state)]"
                parts.append(.state(state))
            }
        }
        guard parts.isEmpty else { return (text, parts) }
        return (".c9", [.className("c9")])
    }

    /// A random complex selector as text and as parts.
    static func writtenSelector(_ random: inout SplitMix64) -> (text: String, parts: [Selector.Part]) {
        var (text, parts) = writtenCompound(&random)
        for _ in 0..<random.below(3) {
            let child = random.below(2) == 0
            let next = writtenCompound(&random)
            text += (child ? " > " : " ") + next.text
            parts += [.combinator(child ? .child : .descendant)] + next.parts
        }
        return (text, parts)
    }

    /// The selectors (and specificities) read back from the parser's selector code
    /// against the selectors as written, nesting written out by hand: `&.x` joins the
    /// parent's last compound, `&` is the parent, `> a` and `& > a` are its children,
    /// `a` its descendants. Decoding the code and compiling the result again gives the
    /// same code.
    @Test func selectorsReadFromCodeAreTheWrittenOnes() {
        var random = SplitMix64(seed: 0xC0DE)
        for round in 0..<40 {
            var text = "", expected: [[Selector.Part]] = []
            for _ in 0..<30 {
                let parents = (0...random.below(2)).map { _ in Self.writtenSelector(&random) }
                text += parents.map(\.text).joined(separator: ", ") + " { bold true"
                expected += parents.map(\.parts)
                guard random.below(3) > 0 else {
                    text += " }\n"
                    continue
                }
                let child = Self.writtenSelector(&random)
                let name = "c\(random.below(8))"
                let (childText, join): (String, ([Selector.Part]) -> [Selector.Part]) =
                    switch random.below(6) {
                    case 0: ("&." + name, { $0 + [.className(name)] })
                    case 1: ("&", { $0 })
                    case 2: ("& > " + child.text, { $0 + [.combinator(.child)] + child.parts })
                    case 3: ("> " + child.text, { $0 + [.combinator(.child)] + child.parts })
                    case 4: ("&[state:focused]", { $0 + [.state("focused")] })
                    default: (child.text, { $0 + [.combinator(.descendant)] + child.parts })
                    }
                text += "; " + childText + " { reverse true } }\n"
                expected += parents.map { join($0.parts) }
            }
            let sheet = Stylesheet.parse(text, path: "s\(round).cas")
            #expect(!sheet.hasErrors, "round \(round): \(sheet.diagnostics.first?.summary ?? "")")
            let read = sheet.rules.map(\.selector)
            #expect(read == expected.map(Selector.init(parts:)), "round \(round):\n\(text)")
            #expect(sheet.rules.map(\.specificity) == read.map(\.specificity), "round \(round)")
            // Round trip: the decoded selectors compile to the code they came from.
            let file = ParsedFile(path: "s\(round).cas", contents: text)
            var reference = SymbolTable(source: [])
            var referenceCode: [Int32] = []
            let spell = { (code: ArraySlice<Int32>, names: [String]) in
                code.map { "\(SelectorCode.tag($0)):\(SelectorCode.tag($0) >= SelectorCode.descendant ? "" : names[Int(SelectorCode.symbol($0))])" }
            }
            for s in file.ruleSelectors.indices {
                let compiled = reference.compile(file.selector(s), into: &referenceCode)
                #expect(
                    spell(file.selectorCode[file.ruleSelectors[s].code], file.symbols)
                        == spell(referenceCode[compiled], reference.names), "\(file.selector(s))")
            }
        }
    }

    /// Property names are looked up once per spelling: an unknown name still warns at
    /// every use, and a known one still reads under each spelling and group prefix.
    @Test func repeatedPropertyNamesReadLikeFreshOnes() {
        let stylesheet = sheet("box { colour red; colour blue }\ntext { colour red; bg red; border @{ color red } }")
        let unknown = stylesheet.diagnostics.filter { $0.code == .casUnknownProperty }
        #expect(unknown.map { "\($0.location.line):\($0.location.column)" } == ["1:7", "1:19", "2:8"])
        #expect(stylesheet.declarations.map(\.property) == ["background-color", "border-color"])
    }

    /// Each declaration once as written (repeats reuse the first reading) and once with
    /// a different comment inside every copy (no two alike, so each is read afresh).
    @Test func repeatedDeclarationsReadLikeFreshOnes() {
        var random = SplitMix64(seed: 0xDEC1)
        for round in 0..<20 {
            let text = Self.randomSheet(&random, rules: 80)
            var counter = 0
            let unique = text.components(separatedBy: "; ").map { part -> String in
                counter += 1
                guard let space = part.lastIndex(of: " "), !part.contains("{ $"), !part.hasSuffix("}") else { return part }
                return String(part[..<space]) + " /*\(counter)*/" + String(part[space...])
            }.joined(separator: "; ")
            #expect(unique != text)
            let repeated = Stylesheet.parse(text, path: "t.cas")
            let fresh = Stylesheet.parse(unique, path: "t.cas")
            #expect(ruleSummary(repeated) == ruleSummary(fresh), "round \(round)")
            let spell = { (sheet: Stylesheet) in
                sheet.diagnostics.map { "\($0.severity) \($0.code) \($0.location.line) \($0.message) \($0.hint ?? "")" }
            }
            #expect(spell(repeated) == spell(fresh), "round \(round)")
            let views = Self.views(&random, count: 60)
            #expect(repeated.cascade(views, width: 100, height: 40).styles == fresh.cascade(views, width: 100, height: 40).styles)
        }
    }

    @Test func repeatedDeclarationsKeepTheirOwnPositions() {
        let s = sheet("box { bg red }\ntext { bg red }\nbox { bg blu }\ntext { bg blu }")
        #expect(s.declarations.map(\.location.line) == [1, 2])
        #expect(s.declarations.map { s.sourceText(of: $0) } == ["bg red", "bg red"])
        // A declaration with a warning warns at every copy.
        #expect(s.diagnostics.map(\.location.line) == [3, 4])
    }

    @Test func repeatedVariableDeclarationsFollowRedefinitions() {
        let s = sheet(
            "$a = red\nbox { fg $a }\n.x { fg $a }\n$a = blue\ntext { fg $a }\nrow { fg $b }\ncolumn { fg $b }\n"
                + "grid { fg $a }")
        #expect(style("box", in: s).foregroundColor == .ansi(1))
        #expect(style("box", classes: ["x"], in: s).foregroundColor == .ansi(1))
        #expect(style("text", in: s).foregroundColor == .ansi(4))
        #expect(style("grid", in: s).foregroundColor == .ansi(4))
        // An evaluation that reports is not reused: each copy reports.
        #expect(messages(s, .error).filter { $0.contains("$b") }.count == 2)
        #expect(s.diagnostics.filter { $0.message.contains("'$b'") }.map(\.location.line) == [6, 7])
    }

    @Test func unchangedLoadReturnsTheSameSheetAndReadsEachFileOnce() {
        let files = Files([
            "main.cas": "@import \"a.cas\"\n@import \"gone.cas\"\nbox { bg $accent }",
            "a.cas": "$accent = red\n@import \"b.cas\"",
            "b.cas": "text { bold true }",
        ])
        var loader = StylesheetLoader(reader: files.reader)
        let first = loader.load("main.cas")
        #expect(files.takeReads() == ["main.cas", "a.cas", "b.cas", "gone.cas"])
        let second = loader.load("main.cas")
        #expect(files.takeReads() == ["main.cas", "a.cas", "b.cas", "gone.cas"])
        #expect(loader.parsedByLastLoad.isEmpty)
        #expect(ruleSummary(first) == ruleSummary(second))
        #expect(first.diagnostics.map(\.summary) == second.diagnostics.map(\.summary))

        // A change deep in the import chain: every file is still read once.
        files.set("b.cas", "text { bold false }")
        let third = loader.load("main.cas")
        #expect(files.takeReads() == ["main.cas", "a.cas", "b.cas", "gone.cas"])
        #expect(loader.parsedByLastLoad == ["b.cas"])
        #expect(style("text", in: third).bold == false)

        // A missing file that appears counts as a change.
        files.set("gone.cas", "box { z-index 4 }")
        let fourth = loader.load("main.cas")
        #expect(style("box", in: fourth).zIndex == 4)
        #expect(loader.parsedByLastLoad == ["gone.cas"])

        // Other entries are another load, whatever the files.
        let other = loader.load(["b.cas"])
        #expect(other.files.map(\.path) == ["b.cas"])
    }
}

/// In-memory files that can change between loads and record each read.
private final class Files: @unchecked Sendable {
    private let lock = NSLock()
    private var contents: [String: String]
    private var reads: [String] = []

    init(_ contents: [String: String]) { self.contents = contents }

    var reader: StylesheetReader {
        StylesheetReader { path in
            try self.lock.withLock {
                self.reads.append(path)
                guard let text = self.contents[path] else { throw StylesheetReader.Failure.notFound }
                return text
            }
        }
    }

    func set(_ path: String, _ text: String) { lock.withLock { contents[path] = text } }

    func takeReads() -> [String] {
        lock.withLock {
            defer { reads = [] }
            return reads
        }
    }
}
