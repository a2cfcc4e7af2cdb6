/// Splits a spec into tokens in one pass over its UTF-8 bytes. Newlines are
/// tokens (they end statements); `#` comments and other whitespace are not.
/// Never fails: anything unexpected becomes an `invalid` token for the parser
/// to report.
enum Lexer {
    static func tokens(of bytes: [UInt8]) -> [Token] { tokens(of: bytes, in: 0..<bytes.count) }

    /// The tokens of `range` only, ending in an `end` token at its upper bound:
    /// an incremental re-parse lexes just the lines it parses again. The range
    /// must start where a token can (a statement's first token, a line start);
    /// a token is never longer than its line, so lexing from there gives the
    /// tokens a pass over the whole text gives.
    static func tokens(of bytes: [UInt8], in range: Range<Int>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(range.count / 3 + 1)
        // One of the few unsafe helpers outside the solver: the lexer reads every
        // byte of a spec, and through the buffer it does so without a bounds check
        // per byte (every index is checked against `count` by the loops here).
        bytes.withUnsafeBufferPointer { whole in
            // A buffer ending where the range does, so no token runs past it.
            let buffer = UnsafeBufferPointer(rebasing: whole[..<range.upperBound])
            let count = buffer.count
            var index = range.lowerBound
            while index < count {
                let byte = buffer[index]
                let start = index
                switch byte {
                case 32, 9, 11, 12:  // space, tab, vertical tab, form feed
                    index += 1
                case 10:
                    tokens.append(Token(kind: .newline, start: index, end: index + 1))
                    index += 1
                case 35:  // # comment to the end of the line
                    while index < count, buffer[index] != 10 { index += 1 }
                case 34, 39:  // "…" or '…'
                    index += 1
                    var closed = false
                    while index < count {
                        let current = buffer[index]
                        if current == 10 { break }
                        if current == 92 {  // a backslash escapes the next character, never a line end
                            index += index + 1 < count && buffer[index + 1] != 10 ? 2 : 1
                            continue
                        }
                        index += 1
                        if current == byte { closed = true; break }
                    }
                    index = min(index, count)
                    tokens.append(Token(kind: closed ? .string : .unterminatedString, start: start, end: index))
                case 36:  // $name
                    index += 1
                    if index < count, isIdentifierStart(buffer[index]) {
                        index = identifierEnd(buffer, from: index)
                        tokens.append(Token(kind: .style, start: start, end: index))
                    } else {
                        tokens.append(Token(kind: .invalid, start: start, end: index))
                    }
                case 48...57:
                    index = numberEnd(buffer, from: index)
                    tokens.append(Token(kind: .number, start: start, end: index))
                case 46:  // . or .5
                    if index + 1 < count, isDigit(buffer[index + 1]) {
                        index = numberEnd(buffer, from: index)
                        tokens.append(Token(kind: .number, start: start, end: index))
                    } else {
                        tokens.append(Token(kind: .dot, start: start, end: index + 1))
                        index += 1
                    }
                case 61, 62, 60:  // = == >= <=
                    if index + 1 < count, buffer[index + 1] == 61 {
                        tokens.append(Token(kind: byte == 61 ? .equal : byte == 62 ? .greaterOrEqual : .lessOrEqual, start: start, end: index + 2))
                        index += 2
                    } else {
                        tokens.append(Token(kind: byte == 61 ? .assign : .invalid, start: start, end: index + 1))
                        index += 1
                    }
                default:
                    if isIdentifierStart(byte) {
                        index = identifierEnd(buffer, from: index)
                        tokens.append(Token(kind: .identifier, start: start, end: index))
                    } else {
                        tokens.append(Token(kind: punctuation(byte), start: start, end: index + 1))
                        index += 1
                    }
                }
            }
            tokens.append(Token(kind: .end, start: count, end: count))
        }
        return tokens
    }

    private static func punctuation(_ byte: UInt8) -> TokenKind {
        switch byte {
        case 123: .leftBrace
        case 125: .rightBrace
        case 91: .leftBracket
        case 93: .rightBracket
        case 40: .leftParen
        case 41: .rightParen
        case 44: .comma
        case 58: .colon
        case 59: .semicolon
        case 43: .plus
        case 45: .minus
        case 42: .star
        case 47: .slash
        case 124: .bar
        case 64: .at
        default: .invalid
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// Letters, `_`, and any non-ASCII byte (so ids may use any script).
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte >= 128
    }

    /// Identifiers continue with letters, digits and `_`; a `-` belongs to the
    /// identifier only when a letter or `_` follows (`red-box`, `margin-top`),
    /// so `a-1` is `a` minus 1 and VFL's `[a]-gap-[b]` splits as expected.
    private static func identifierEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < buffer.count {
            let byte = buffer[index]
            if isIdentifierStart(byte) || isDigit(byte) {
                index += 1
            } else if byte == 45, index + 1 < buffer.count, isIdentifierStart(buffer[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// `12`, `1.5`, `.5`; a `.` not followed by a digit is left alone.
    private static func numberEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        if index + 1 < buffer.count, buffer[index] == 46, isDigit(buffer[index + 1]) {
            index += 1
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        return index
    }
}
