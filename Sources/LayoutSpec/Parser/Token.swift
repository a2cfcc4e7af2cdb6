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

/// A token: its kind and its UTF-8 byte range.
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int

    var span: SourceSpan { SourceSpan(start: start, end: end) }
}
