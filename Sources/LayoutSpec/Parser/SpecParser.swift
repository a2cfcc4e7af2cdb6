import Diagnostics

/// Stage one: `.layout` text to `SpecSyntax`. Recovers per statement (a bad
/// line is reported and skipped, the rest still parses), never recurses over
/// the view tree, and always terminates.
public enum SpecParser {
    /// Views may nest this deep; a deeper view is reported and skipped with its subtree.
    public static let maximumDepth = 256
    /// Parentheses and nested `let`s may nest this deep inside one expression.
    public static let maximumExpressionDepth = 64
    /// Words that cannot be a view id or a `let` name, because the grammar gives them a meaning.
    public static var reservedWords: Set<String> { StatementKeyword.reserved }

    /// Parses a whole spec; never fails, errors go to `diagnostics`.
    public static func parse(_ source: SourceText) -> SpecSyntax {
        var parser = ParserState(source: source)
        parser.parseFile()
        parser.warnWhenNothingIsLaidOut()
        parser.fitViews()
        return SpecSyntax(
            source: source, uses: parser.uses, lets: parser.lets, views: parser.views,
            diagnostics: parser.diagnostics.finished(), collector: parser.diagnostics)
    }
}

struct ParserState {
    let source: SourceText
    let bytes: [UInt8]
    let tokens: [Token]
    var index = 0
    var diagnostics: DiagnosticCollector

    var views: [ViewSyntax] = []
    var uses: [UseSyntax] = []
    var lets: [LetSyntax] = []
    /// Views whose `{ … }` body is open, innermost last, with their `{`.
    var openViews: [(view: Int, brace: SourceSpan)] = []
    /// `let` names per scope (-1: top level), to report duplicates.
    var letNames: Set<LetScopeKey> = []

    struct LetScopeKey: Hashable {
        var scope: Int
        var name: String
    }

    /// Set while re-parsing one region of a spec (see `IncrementalParse`).
    var region: RegionBounds?

    init(source: SourceText) {
        self.init(source: source, tokens: Lexer.tokens(of: source.utf8))
    }

    /// A parser over some of the source's tokens (a region re-parsed).
    init(source: SourceText, tokens: [Token]) {
        self.source = source
        self.bytes = source.utf8
        self.tokens = tokens
        self.diagnostics = DiagnosticCollector(source: source)
    }

    /// The syntax lives as long as the spec is on screen, and its view array
    /// grew by doubling (up to twice the room it needs): when it holds much more
    /// room than views, a copy of the right size is kept instead.
    mutating func fitViews() {
        guard views.capacity > views.count + views.count / 2 + 16 else { return }
        var fitted: [ViewSyntax] = []
        fitted.reserveCapacity(views.count)
        fitted += views
        views = fitted
    }

    // MARK: Tokens

    // The small helpers below are always inlined: calling a non-mutating
    // method from a mutating one copies the whole parser state into a temporary
    // first, and these run several times per token. Measured (callgrind,
    // `casement-bench reload --phase spec-constant`, 1,000 views): without the
    // attribute, parsing a spec takes 12% more instructions.

    @inline(__always)
    var peek: Token { tokens[index] }

    @inline(__always)
    func peek(_ ahead: Int) -> Token { tokens[min(index + ahead, tokens.count - 1)] }

    /// The last token consumed (or the first, before anything was consumed).
    @inline(__always)
    var previous: Token { tokens[max(0, index - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if token.kind != .end { index += 1 }
        return token
    }

    @inline(__always)
    func text(_ token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    @inline(__always)
    func name(_ token: Token) -> NameSyntax { NameSyntax(text(token), token.span) }

    /// Consumes the current token as a name. (Not `name(advance())`: a
    /// mutating argument to a method of `self` makes Swift copy the whole parser.)
    mutating func takeName() -> NameSyntax {
        let token = advance()
        return name(token)
    }

    /// Whether the token is the identifier `word`, compared byte by byte.
    @inline(__always)
    func isWord(_ token: Token, _ word: StaticString) -> Bool {
        guard token.kind == .identifier, token.end - token.start == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[token.start + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// How a token reads in an error message.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: "the end of the line"
        case .end: "the end of the file"
        case .string, .unterminatedString: "a string"
        default: "'\(text(token))'"
        }
    }

    @inline(__always)
    func number(_ token: Token) -> Double {
        // Fast path for plain digits with a short fraction; Double(_:) otherwise.
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenDot = false
        for offset in token.start..<token.end {
            let byte = bytes[offset]
            if byte == 46 { seenDot = true; continue }
            mantissa = mantissa &* 10 &+ UInt64(byte - 48)
            digits += 1
            if seenDot { fractionDigits += 1 }
        }
        if digits <= 15, fractionDigits <= 15 {
            return Double(mantissa) / Self.powersOfTen[fractionDigits]
        }
        return Double(text(token)) ?? 0
    }

    private static let powersOfTen: [Double] = (0...15).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// The value of a string token, escapes applied, without its quotes.
    @inline(__always)
    func stringValue(_ token: Token) -> String {
        let end = token.kind == .string ? token.end - 1 : token.end
        let start = min(token.start + 1, end)
        if !bytes[start..<end].contains(92) {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        var offset = token.start + 1
        while offset < end {
            let byte = bytes[offset]
            if byte == 92, offset + 1 < end {
                switch bytes[offset + 1] {
                case 110: out.append(10)  // \n
                case 116: out.append(9)  // \t
                default: out.append(bytes[offset + 1])
                }
                offset += 2
            } else {
                out.append(byte)
                offset += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Statement structure

    @inline(__always)
    var isAtStatementEnd: Bool {
        switch peek.kind {
        case .newline, .semicolon, .end, .rightBrace: true
        default: false
        }
    }

    mutating func skipSeparators() {
        while peek.kind == .newline || peek.kind == .semicolon { advance() }
    }

    /// Skips the rest of a bad statement: up to the end of the line, or a `}`
    /// that closes the enclosing body. A `{ … }` on the way is skipped whole,
    /// so braces stay balanced.
    mutating func skipStatement() {
        while true {
            switch peek.kind {
            case .newline, .semicolon, .end, .rightBrace: return
            case .leftBrace: skipBlock()
            default: advance()
            }
        }
    }

    /// Skips a balanced `{ … }` starting at the current `{`, counting braces
    /// instead of recursing, so any depth is fine.
    mutating func skipBlock() {
        var depth = 0
        repeat {
            switch advance().kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            case .end: return
            default: break
            }
        } while depth > 0
    }

    /// After a statement: it must be followed by the end of its line. When it
    /// is not, the line is reported and the statement dropped (false): half a
    /// line is not applied.
    @discardableResult
    mutating func finishStatement() -> Bool {
        guard !isAtStatementEnd else { return true }
        if !reportUnit(peek) {
            diagnostics.error(.layoutSyntax,
                "unexpected \(describe(peek)) after the end of the statement", at: peek.span,
                hint: "write one statement per line, or separate them with ';'")
        }
        skipStatement()
        return false
    }

    // MARK: The file

    mutating func parseFile() {
        while true {
            skipSeparators()
            if region != nil, regionEnds() { return }
            switch peek.kind {
            case .end:
                for open in openViews.reversed() {
                    let id = views[open.view].id?.text ?? views[open.view].kind.text
                    diagnostics.error(.layoutSyntax,
                        "the body of view '\(id)' is never closed", at: open.brace,
                        hint: "add a '}' to close it")
                }
                openViews.removeAll()
                return
            case .rightBrace:
                let brace = advance()
                if openViews.isEmpty {
                    diagnostics.error(.layoutSyntax, "'}' without a matching '{'", at: brace.span)
                } else {
                    openViews.removeLast()
                }
            default:
                parseStatement()
            }
        }
    }

    /// The view whose body is being read, if any.
    @inline(__always)
    var currentView: Int? { openViews.last?.view }

    mutating func parseStatement() {
        let token = peek
        switch token.kind {
        case .identifier:
            parseWordStatement(token)
        case .leftBracket, .bar:
            if let line = parseVisualFormat() { addStatement(.visualFormat(line), at: line.span) }
        case .unterminatedString:
            diagnostics.error(.layoutSyntax, "this string has no closing quote", at: token.span)
            skipStatement()
        case .leftBrace:
            // Skipped whole, so its `}` does not close the enclosing view.
            diagnostics.error(.layoutSyntax,
                "a '{' must follow a view header", at: token.span, hint: "write the view first: box name {")
            skipBlock()
        default:
            diagnostics.error(.layoutSyntax,
                "expected a view, a rule, a shorthand or a VFL line, found \(describe(token))", at: token.span)
            advance()
            skipStatement()
        }
    }

    private mutating func parseWordStatement(_ token: Token) {
        // Byte comparisons, not a String switch: this runs for every statement.
        if isWord(token, "use") {
            parseUse()
        } else if isWord(token, "let") {
            parseLet()
        } else if isWord(token, "equal") || isWord(token, "align") || isWord(token, "distribute") || isWord(token, "aspect") {
            if let shorthand = parseShorthand() { addStatement(.shorthand(shorthand), at: shorthand.span) }
        } else if (isWord(token, "H") || isWord(token, "V")) && peek(1).kind == .colon {
            if let line = parseVisualFormat() { addStatement(.visualFormat(line), at: line.span) }
        } else if viewKind(token) != nil {
            parseView()
        } else if isAttributeWord(token) || looksLikeRule(after: 1) {
            if let rule = parseRule() { addStatement(.rule(rule), at: rule.span) }
        } else if peek(1).kind == .dot, peek(2).kind == .identifier, looksLikeRule(after: 3) {
            let word = text(token)
            diagnostics.error(.layoutSyntax,
                "a rule's left side names attributes of the view it is written in, not of '\(word)'",
                at: token.span.through(peek(2).span),
                hint: "move this rule into the body of '\(word)', or turn it around")
            skipStatement()
        } else {
            parseView()
        }
    }

    @inline(__always)
    func viewKind(_ token: Token) -> ViewKind? {
        guard token.kind == .identifier else { return nil }
        if isWord(token, "box") { return .box }
        if isWord(token, "text") { return .text }
        if isWord(token, "row") { return .row }
        if isWord(token, "column") { return .column }
        if isWord(token, "grid") { return .grid }
        if isWord(token, "overlay") { return .overlay }
        if isWord(token, "screen") { return .screen }
        return nil
    }

    /// Whether the token is one of `StatementKeyword.reserved`, without making a string.
    @inline(__always)
    func isReservedWord(_ token: Token) -> Bool {
        switch token.end - token.start {
        case 2: isWord(token, "as")
        case 3: isWord(token, "let") || isWord(token, "use")
        case 5: isWord(token, "inset")
        case 6: isWord(token, "parent") || isWord(token, "within") || isWord(token, "offset")
        default: false
        }
    }

    /// Whether the token is an attribute or composite word (`left`, `size`, …).
    @inline(__always)
    private func isAttributeWord(_ token: Token) -> Bool {
        let length = token.end - token.start
        guard length >= 3, length <= 8 else { return false }
        return Attribute.expanding(text(token)) != nil
    }

    /// A relation word or a comma at `ahead`: the statement is a rule.
    @inline(__always)
    private func looksLikeRule(after ahead: Int) -> Bool {
        let token = peek(ahead)
        switch token.kind {
        case .equal, .greaterOrEqual, .lessOrEqual, .comma, .assign: return true
        default: return isWord(token, "within")
        }
    }

    /// Adds a statement to the open view; outside any view it is an error.
    private mutating func addStatement(_ statement: consuming StatementSyntax, at span: SourceSpan) {
        guard let view = currentView else {
            diagnostics.error(.layoutPlacement,
                "rules, shorthands and VFL lines go inside a view's body", at: span,
                hint: "put it between the '{' and '}' of the view it belongs to")
            return
        }
        views[view].statements.append(statement)
    }
}
