/// What a token is. Punctuation is kept as single characters; the parsers combine
/// them (`>=` is `>` then `=` with no space between) where a context needs it.
enum TokenKind: UInt8, Sendable {
    case word          // identifier, kebab-case allowed: `border-color`, `box`
    case variable      // `$name`; the text excludes the `$`
    case number        // `12`, `1.5`, `.5`, with an optional unit suffix (`10px`, `50%`)
    case string        // quoted with " or '; the decoded text is in the token table
    case hash          // `#abc`; an id in a selector, a hex colour in a value
    case dotWord       // `.name`; a style class
    case atWord        // `@import`, `@media`
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case colon, semicolon, comma, equals, plus, minus, star, slash
    case greater, less, caret, ampersand, at, dot
}

/// One token, with the position facts every later stage needs, so nothing has to
/// rescan the text: offsets for excerpts, line and column for diagnostics, and
/// spacing and line-start facts for the brace/indentation structure.
struct Token: Sendable {
    var kind: TokenKind
    /// UTF-8 offsets into the normalised source.
    var start: Int32
    var end: Int32
    /// 1-based line and character column.
    var line: Int32
    var column: Int32
    /// Whitespace, a comment or a line start comes right before this token.
    var spaceBefore: Bool
    /// The first token on its physical line.
    var firstOnLine: Bool
    /// For numbers: index into the number table; for strings: into the string table.
    var payload: Int32 = -1

    /// Characters before the token on its line; for a line's first token, its indentation.
    var indent: Int { Int(column) - 1 }
}

/// A number literal's value and its unit suffix as written (`px`, `%`), if any.
struct NumberLiteral: Sendable, Hashable {
    var value: Double
    var unit: String?
}

/// The token stream of one file and the side tables the tokens point into.
struct TokenStream: Sendable {
    var tokens: [Token] = []
    var numbers: [NumberLiteral] = []
    var strings: [String] = []
}

/// The lexer's growing list of tokens. An `Array` append checks that its buffer
/// is unique and has room, which on a 1 MB sheet was a third of the lexer's
/// instructions; here an append is a store and a count, with room checked
/// against a plain integer. The storage is the lexer's alone (the type cannot
/// be copied), and `finish` hands the tokens over as an ordinary array.
struct TokenBuffer: ~Copyable {
    private var storage: UnsafeMutableBufferPointer<Token>
    private var count = 0

    init(capacity: Int) {
        storage = .allocate(capacity: Swift.max(capacity, 16))
    }

    deinit { storage.deallocate() }

    @inline(__always) mutating func append(_ token: Token) {
        if count == storage.count { grow() }
        storage.initializeElement(at: count, to: token)
        count += 1
    }

    /// Doubles the storage; `Token` is plain data, so moving it is a copy.
    @inline(never) private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<Token>.allocate(capacity: storage.count * 2)
        _ = larger.initialize(fromContentsOf: storage[0..<count])
        storage.deallocate()
        storage = larger
    }

    /// The tokens appended so far, as an array; the buffer is empty afterwards.
    mutating func finish() -> [Token] {
        let tokens = Array(storage[0..<count])
        count = 0
        return tokens
    }
}
