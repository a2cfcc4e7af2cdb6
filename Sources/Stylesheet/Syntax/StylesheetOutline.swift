import Cells
import Diagnostics

/// One `.cas` file as an editor or a formatter reads it: every token and comment
/// with its role, the block depth of every line, the foldable blocks and the
/// colour values. Built by the same lexer and block structure the parser uses,
/// so it agrees with the parser on what each line is.
public struct StylesheetOutline: Sendable {
    /// What a piece of the text is.
    public enum Role: Hashable, Sendable {
        /// A kind in a selector (`box`, `^box`'s `box`).
        case kind
        /// `.card` in a selector.
        case styleClass
        /// `#main` in a selector.
        case viewID
        /// A state name in `[state:focused]`.
        case state
        /// `&`, `>`, `*`, `^`, `+`, `-`, `*`, `/` and `=`.
        case `operator`
        /// A property name (`bg`, `border-color`, a group's `style`).
        case property
        /// A `$variable` (or a `$`-less one Classy-style), where defined or used.
        case variable
        /// `@import`, `@media`, `@device`, `and`, `state`.
        case keyword
        /// A function name in a value (`rgb`, `round`).
        case function
        /// A number, with its unit.
        case number
        /// A quoted string.
        case string
        /// A colour written in a value: `#5fb0ff` or a colour name.
        case color
        /// Any other word in a value (`rounded`, `true`, `center`).
        case word
        /// A media feature (`min-width`).
        case mediaFeature
        /// `//` and `/* */` comments.
        case comment
        /// Braces, brackets, parentheses, `:`, `;`, `,`.
        case punctuation
    }

    /// One token or comment.
    public struct Lexeme: Hashable, Sendable {
        /// What it is.
        public var role: Role
        /// Its UTF-8 offsets in the normalised source (`source.utf8`).
        public var range: Range<Int>
        /// True for a variable where it is defined (`$accent = …`).
        public var isDeclaration: Bool
    }

    /// How a line that starts with a token sits in the block structure.
    public struct LineShape: Hashable, Sendable {
        /// How many blocks enclose the line's first token (0 at the top level).
        public var depth: Int
        /// True when the line continues a statement begun on an earlier line
        /// (a selector group one per line, a value inside parentheses).
        public var isContinuation: Bool
    }

    /// A block that an editor may fold: from its owner's line to its last line (1-based).
    public struct Fold: Hashable, Sendable {
        /// The line of the statement that owns the block.
        public var startLine: Int
        /// The last line of the block's content (before a closing `}` on a line of its own).
        public var endLine: Int
    }

    /// A colour written in the file, with where it is and how it is written.
    public struct ColorValue: Hashable, Sendable {
        /// How a colour value is written.
        public enum Notation: Hashable, Sendable {
            /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
            case hex
            /// `rgb(…)` or `rgba(…)`.
            case rgb
            /// `hsl(…)` or `hsla(…)`.
            case hsl
            /// `color(N)`, an xterm-256 palette index.
            case palette
            /// A colour name (`red`, `cornflowerblue`).
            case name
            /// A variable's definition whose value is a colour by way of other
            /// variables or arithmetic (`$accent = $blue`).
            case variable
        }

        /// The colour.
        public var color: Color
        /// How it is written.
        public var notation: Notation
        /// Its UTF-8 offsets in the normalised source.
        public var range: Range<Int>
    }

    /// The text read (CR and CRLF as LF, like the parser reads it).
    public let source: SourceText
    /// Every token and comment, in source order.
    public let lexemes: [Lexeme]
    /// Per line (index: 1-based line - 1): its shape, or nil for a line that holds no
    /// token (blank, or only a comment, or inside a multi-line comment).
    public let lines: [LineShape?]
    /// The blocks spanning more than one line.
    public let folds: [Fold]
    /// Errors of the lexer and of the block structure (unclosed braces, mixed
    /// indentation, stray characters): where a formatter must not move anything.
    public let syntaxErrors: [Diagnostic]

    let reader: TokenReader
    /// For each token (by index), the lexeme it became.
    private let tokenLexeme: [Int]
    /// Value token ranges (declarations and variable definitions), with the
    /// declaration's property (nil for a variable definition).
    private let values: [(tokens: Range<Int>, property: String?)]

    /// Reads `text` as the `.cas` file at `path`.
    public init(path: String, text: String) {
        let source = SourceText(path: path, text: text)
        let log = DiagnosticLog(source: source)
        let stream = Lexer.tokenize(source, log: log)
        let structure = StructureBuilder.build(stream.tokens, log: log)
        let reader = TokenReader(source: source, stream: stream)
        var walker = OutlineWalker(reader: reader, structure: structure)
        walker.walk()
        self.source = source
        self.reader = reader
        self.values = walker.values
        syntaxErrors = log.items.filter { $0.severity == .error }
        var lexemes: [Lexeme] = []
        var tokenLexeme: [Int] = []
        lexemes.reserveCapacity(stream.tokens.count)
        tokenLexeme.reserveCapacity(stream.tokens.count)
        var gapStart = 0
        for (index, token) in stream.tokens.enumerated() {
            Self.appendComments(source.utf8, from: gapStart, to: Int(token.start), into: &lexemes)
            gapStart = Int(token.end)
            tokenLexeme.append(lexemes.count)
            lexemes.append(Lexeme(
                role: walker.roles[index], range: Int(token.start)..<Int(token.end),
                isDeclaration: walker.declarations.contains(index)))
        }
        Self.appendComments(source.utf8, from: gapStart, to: source.utf8.count, into: &lexemes)
        self.lexemes = lexemes
        self.tokenLexeme = tokenLexeme
        lines = Self.lineShapes(stream.tokens, structure: structure, lineCount: source.lineCount)
        folds = Self.folds(stream.tokens, structure: structure)
    }

    // MARK: Comments

    /// The lexer drops comments; they are what is left between two tokens once
    /// blanks are taken away.
    private static func appendComments(_ bytes: [UInt8], from start: Int, to end: Int, into lexemes: inout [Lexeme]) {
        var index = start
        while index + 1 < end {
            guard bytes[index] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "/") {
                var stop = index
                while stop < end, bytes[stop] != 10 { stop += 1 }
                lexemes.append(Lexeme(role: .comment, range: index..<stop, isDeclaration: false))
                index = stop
            } else if bytes[index + 1] == UInt8(ascii: "*") {
                var stop = index + 2
                while stop + 1 < end, !(bytes[stop] == UInt8(ascii: "*") && bytes[stop + 1] == UInt8(ascii: "/")) {
                    stop += 1
                }
                stop = min(end, stop + 2)
                lexemes.append(Lexeme(role: .comment, range: index..<stop, isDeclaration: false))
                index = stop
            } else {
                index += 1
            }
        }
    }

    // MARK: Lines and folds

    private static func lineShapes(_ tokens: [Token], structure: Structure, lineCount: Int) -> [LineShape?] {
        var shapes = [LineShape?](repeating: nil, count: lineCount)
        // Each statement's first token sits at its block's depth; the other tokens
        // that start a line continue it, except braces, which belong to the owner.
        var statementDepth = [Int](repeating: 0, count: tokens.count)
        var startsStatement = [Bool](repeating: false, count: tokens.count)
        for (block, shape) in structure.blocks.enumerated() {
            for statement in structure.statements(of: block) where !statement.tokens.isEmpty {
                for token in statement.tokens { statementDepth[token] = shape.depth }
                startsStatement[statement.tokens.lowerBound] = true
            }
        }
        var braceDepths: [Int] = []
        var openedBy: [Int: Int] = [:]
        for (index, block) in structure.blocks.enumerated() {
            if let opener = block.opener { openedBy[opener] = index }
        }
        for (index, token) in tokens.enumerated() {
            var depth = statementDepth[index]
            var isContinuation = !startsStatement[index]
            switch token.kind {
            case .leftBrace:
                let owned = openedBy[index].map { structure.blocks[$0].depth } ?? (braceDepths.last ?? 0) + 1
                braceDepths.append(owned)
                depth = owned - 1
                isContinuation = false
            case .rightBrace:
                depth = max(0, (braceDepths.popLast() ?? 1) - 1)
                isContinuation = false
            default: break
            }
            guard token.firstOnLine, Int(token.line) - 1 < lineCount else { continue }
            shapes[Int(token.line) - 1] = LineShape(depth: depth, isContinuation: isContinuation)
        }
        return shapes
    }

    private static func folds(_ tokens: [Token], structure: Structure) -> [Fold] {
        // The line of each brace block's closing `}`: the brace that brings the count back.
        var closers: [Int: Int] = [:]
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.kind == .leftBrace { open.append(index) }
            if token.kind == .rightBrace, let opener = open.popLast() { closers[opener] = index }
        }
        // Blocks open after the blocks around them, so walking backwards finds each
        // block's nested last lines before its own.
        var lastLine = [Int](repeating: 0, count: structure.blocks.count)
        var owners = [Int](repeating: -1, count: structure.blocks.count)
        for statement in structure.statements.indices {
            if let body = structure.statements[statement].body { owners[body] = statement }
        }
        var folds: [Fold] = []
        for block in structure.blocks.indices.reversed() where block > 0 {
            var last = 0
            for statement in structure.statements(of: block) where !statement.tokens.isEmpty {
                last = max(last, Int(tokens[statement.tokens.upperBound - 1].line))
                if let body = statement.body { last = max(last, lastLine[body]) }
            }
            if let opener = structure.blocks[block].opener, let closer = closers[opener] {
                let closing = Int(tokens[closer].line)
                // A `}` alone on its line stays visible when the block is folded.
                last = tokens[closer].firstOnLine ? max(last, closing - 1) : max(last, closing)
            }
            lastLine[block] = last
            let owner = owners[block]
            guard owner >= 0, !structure.statements[owner].tokens.isEmpty else { continue }
            let start = Int(tokens[structure.statements[owner].tokens.lowerBound].line)
            if last > start { folds.append(Fold(startLine: start, endLine: last)) }
        }
        return folds.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
    }

    // MARK: Colours

    /// Every colour written in a value, in source order: hex colours, `rgb()`,
    /// `hsl()` and `color()` calls, colour names where a colour is meant (in colour
    /// properties, `border` and variable definitions), and the definitions of
    /// variables whose value is a colour reached through other variables.
    /// `variables` gives the values of the variables the file may read
    /// (from `Stylesheet.variables`, without the `$`).
    public func colors(variables: [String: Value] = [:]) -> [ColorValue] {
        var result: [ColorValue] = []
        let log = DiagnosticLog(source: source)
        var evaluator = Evaluator(reader: reader, log: log, variables: variables.mapValues { Optional($0) })
        evaluator.bareNames = Set(variables.keys)
        for value in values {
            let before = result.count
            var index = value.tokens.lowerBound
            while index < value.tokens.upperBound {
                let token = reader[index]
                if token.kind == .hash, let color = Evaluator.hexColor(reader.name(index)) {
                    result.append(ColorValue(color: color, notation: .hex, range: Int(token.start)..<Int(token.end)))
                } else if token.kind == .word, index + 1 < value.tokens.upperBound, reader[index + 1].kind == .leftParen,
                    let notation = Self.functionNotation(reader.name(index)),
                    let close = matchingParen(after: index + 1, before: value.tokens.upperBound)
                {
                    if let expression = ExpressionParser.parse(index..<(close + 1), reader: reader, log: log),
                        case .color(let color)? = try? evaluator.evaluate(expression)
                    {
                        result.append(ColorValue(
                            color: color, notation: notation, range: Int(token.start)..<Int(reader[close].end)))
                    }
                    index = close
                } else if token.kind == .word, Self.namesColors(value.property),
                    let color = ColorNames.color(named: reader.name(index))
                {
                    result.append(ColorValue(color: color, notation: .name, range: Int(token.start)..<Int(token.end)))
                }
                index += 1
            }
            // A variable whose value is a colour by way of other variables: its swatch at its definition.
            if value.property == nil, result.count == before, !value.tokens.isEmpty,
                let expression = ExpressionParser.parse(value.tokens, reader: reader, log: log),
                case .color(let color)? = try? evaluator.evaluate(expression)
            {
                let range = Int(reader[value.tokens.lowerBound].start)..<Int(reader[value.tokens.upperBound - 1].end)
                result.append(ColorValue(color: color, notation: .variable, range: range))
            }
        }
        return result
    }

    private static func functionNotation(_ name: String) -> ColorValue.Notation? {
        switch name {
        case "rgb", "rgba": .rgb
        case "hsl", "hsla": .hsl
        case "color": .palette
        default: nil
        }
    }

    /// Colour names are colours in variable definitions (nil) and in properties that take one.
    static func namesColors(_ property: String?) -> Bool {
        guard let property else { return true }
        switch PropertyCatalog.spec(named: property)?.shape {
        case .color, .border: return true
        default: return false
        }
    }

    private func matchingParen(after open: Int, before end: Int) -> Int? {
        var depth = 0
        for index in open..<end {
            switch reader[index].kind {
            case .leftParen: depth += 1
            case .rightParen:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

/// Gives every token its role by walking the block structure as the parser
/// does: at-rules, variable definitions, property groups, rules and declarations.
private struct OutlineWalker {
    let reader: TokenReader
    let structure: Structure
    var roles: [StylesheetOutline.Role]
    var declarations = Set<Int>()
    var values: [(tokens: Range<Int>, property: String?)] = []
    /// Variables defined without `$`: their bare uses are variables too.
    private var bareVariables = Set<String>()

    private enum Context { case top, rule, group }

    init(reader: TokenReader, structure: Structure) {
        self.reader = reader
        self.structure = structure
        roles = reader.tokens.map { token in
            switch token.kind {
            case .number: .number
            case .string: .string
            case .variable: .variable
            case .atWord: .keyword
            case .plus, .minus, .star, .slash, .equals, .greater, .ampersand, .caret, .less: .operator
            default: .punctuation
            }
        }
        for statement in structure.statements where statement.tokens.count >= 2 {
            let first = statement.tokens.lowerBound
            if reader[first].kind == .word, reader[first + 1].kind == .equals { bareVariables.insert(reader.name(first)) }
        }
    }

    mutating func walk() {
        var pending: [(block: Int, context: Context)] = [(0, .top)]
        while let (block, context) = pending.popLast() {
            for statement in structure.statements(of: block) where !statement.tokens.isEmpty {
                if let inner = read(statement, in: context), let body = statement.body {
                    pending.append((body, inner))
                }
            }
        }
    }

    /// Marks one statement; returns the context its block is read in.
    private mutating func read(_ statement: Statement, in context: Context) -> Context? {
        let range = statement.tokens
        let first = range.lowerBound
        let kind = reader[first].kind
        if kind == .atWord {
            atRule(range)
            return context == .top ? .top : .rule
        }
        if range.count >= 2, kind == .variable || kind == .word, reader[first + 1].kind == .equals {
            roles[first] = .variable
            declarations.insert(first)
            value((first + 2)..<range.upperBound, property: nil)
            return nil
        }
        if statement.body != nil, context != .top, reader[range.upperBound - 1].kind == .at {
            declaration(range, group: true)
            return .group
        }
        if context == .group || (statement.body == nil && context != .top) {
            declaration(range, group: false)
            return context == .group ? .group : nil
        }
        selector(range)
        return .rule
    }

    private mutating func atRule(_ range: Range<Int>) {
        let isMedia = reader.name(range.lowerBound) != "import"
        for index in range.dropFirst() {
            guard reader[index].kind == .word else { continue }
            let word = reader.name(index)
            if word == "and" || word == "or" || word == "not" || word == "only" {
                roles[index] = .keyword
            } else if isMedia, index + 1 < range.upperBound, reader[index + 1].kind == .colon {
                roles[index] = .mediaFeature
            } else {
                roles[index] = isMedia ? .word : .variable
            }
        }
    }

    private mutating func selector(_ range: Range<Int>) {
        var inBrackets = false
        for index in range {
            switch reader[index].kind {
            case .word:
                if inBrackets {
                    roles[index] = reader.name(index) == "state" ? .keyword : .state
                } else {
                    roles[index] = .kind
                }
            case .dotWord: roles[index] = .styleClass
            case .hash: roles[index] = .viewID
            case .leftBracket: inBrackets = true
            case .rightBracket: inBrackets = false
            case .star: roles[index] = .operator
            default: break
            }
        }
    }

    /// `name[state:x] : value`, or a group's `name @`.
    private mutating func declaration(_ range: Range<Int>, group: Bool) {
        let first = range.lowerBound
        guard reader[first].kind == .word else { return }
        roles[first] = .property
        var index = first + 1
        if index < range.upperBound, reader[index].kind == .leftBracket {
            while index < range.upperBound, reader[index].kind != .rightBracket {
                if reader[index].kind == .word { roles[index] = reader.name(index) == "state" ? .keyword : .state }
                index += 1
            }
            if index < range.upperBound { index += 1 }   // past `]`, when the bracket is closed
        }
        if index < range.upperBound, reader[index].kind == .colon { index += 1 }
        if group {
            if range.upperBound - 1 >= first { roles[range.upperBound - 1] = .operator }
            return
        }
        value(index..<range.upperBound, property: reader.name(first))
    }

    private mutating func value(_ range: Range<Int>, property: String?) {
        guard !range.isEmpty else { return }
        values.append((range, property))
        for index in range {
            let token = reader[index]
            switch token.kind {
            case .hash: roles[index] = .color
            case .word:
                let word = reader.name(index)
                if index + 1 < range.upperBound, reader[index + 1].kind == .leftParen, reader[index + 1].start == token.end {
                    roles[index] = .function
                } else if bareVariables.contains(word) {
                    roles[index] = .variable
                } else if ColorNames.color(named: word) != nil, StylesheetOutline.namesColors(property) {
                    roles[index] = .color
                } else {
                    roles[index] = .word
                }
            default: break
            }
        }
    }
}
