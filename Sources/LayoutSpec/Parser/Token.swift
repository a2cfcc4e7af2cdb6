/// Token kinds of the `.layout` language.
enum TokenKind: UInt8, Sendable {
    case identifier, number, string, style
    case newline, end
    case leftBrace, rightBrace, leftBracket, rightBracket, leftParen, rightParen
    case comma, dot, colon, semicolon
    case assign, equal, greaterOrEqual, lessOrEqual
    case plus, minus, star, slash, bar, at
    /// A string with no closing quote before the end of the line.
    case unterminatedString
    /// A character the language does not use (or a lone `<`, `>`, `!`, `$`).
    case invalid
}

/// A token: its kind and its UTF-8 byte range. The offsets are stored in 32
/// bits: a big spec has a token every few bytes, and half the memory is half
/// the page faults on every reload. (Offsets past 4 GiB are clamped.)
struct Token: Sendable {
    var kind: TokenKind
    private var storedStart: UInt32
    private var storedEnd: UInt32

    init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        storedStart = UInt32(clamping: start)
        storedEnd = UInt32(clamping: end)
    }

    var start: Int { Int(storedStart) }
    var end: Int { Int(storedEnd) }

    var span: SourceSpan { SourceSpan(start: start, end: end) }
}
