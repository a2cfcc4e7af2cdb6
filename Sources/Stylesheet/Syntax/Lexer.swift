import Diagnostics

/// Turns a `.cas` source into tokens in one pass over its UTF-8 bytes.
/// Comments and whitespace vanish, but leave their trace in `spaceBefore` and
/// `firstOnLine`. Lexical errors are reported and skipped; lexing always ends.
struct Lexer: ~Copyable {
    private let bytes: [UInt8]
    private var log: DiagnosticLog
    private var stream = TokenStream()
    /// The tokens until `run` ends (then `stream.tokens`).
    private var tokens: TokenBuffer
    private var index = 0
    private var line: Int32 = 1
    private var lineStart = 0
    /// Whether the current line so far is pure ASCII, so a column is a byte count.
    private var lineIsASCII = true
    /// On a non-ASCII line, the characters counted so far and the offset counted to,
    /// so each column costs only the bytes since the previous token.
    private var countedOffset = 0
    private var countedCharacters = 0
    private var sawSpace = true
    private var atLineStart = true
    /// The indentation character of the file, fixed by the first indented line.
    private var fileIndent: UInt8?
    private var lineIndentChars: (spaces: Bool, tabs: Bool) = (false, false)
    /// Whether ASCII words and punctuation take `lexASCIIToken` (see there). Off only
    /// in tests, which compare the fast path with the general one.
    private let usesFastPath: Bool

    init(source: SourceText, log: DiagnosticLog, usesFastPath: Bool = true) {
        self.bytes = source.utf8
        self.log = log
        // Growing big arrays frees big blocks, which is slow in malloc; size them once.
        tokens = TokenBuffer(capacity: source.utf8.count / 4)
        // The fast path stores offsets without a range check: every offset of a
        // source this size fits a token's Int32 fields (the general path traps).
        self.usesFastPath = usesFastPath && source.utf8.count < Int(Int32.max)
    }

    /// `usesFastPath: false` lexes every token by the general path: the reference
    /// the tests compare the fast path with.
    static func tokenize(_ source: SourceText, log: DiagnosticLog, usesFastPath: Bool = true) -> TokenStream {
        var lexer = Lexer(source: source, log: log, usesFastPath: usesFastPath)
        lexer.run()
        return lexer.stream
    }

    private mutating func run() {
        stream.numbers.reserveCapacity(bytes.count / 20)
        stream.strings.reserveCapacity(bytes.count / 100)
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09:
                if atLineStart {
                    if byte == 0x20 { lineIndentChars.spaces = true } else { lineIndentChars.tabs = true }
                }
                sawSpace = true
                index += 1
            case 0x0A:
                newLine()
            case 0x0C, 0x0B, 0x0D:
                sawSpace = true
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                if !(usesFastPath && lineIsASCII && lexASCIIToken(byte)) { lexToken(byte) }
            }
        }
        stream.tokens = tokens.finish()
    }

    private func peek(_ ahead: Int) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
        lineIsASCII = true
        countedOffset = index
        countedCharacters = 0
        sawSpace = true
        atLineStart = true
        lineIndentChars = (false, false)
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] >= 0x80 { lineIsASCII = false }
            index += 1
        }
        sawSpace = true
    }

    private mutating func skipBlockComment() {
        let start = index
        index += 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                index += 2
                sawSpace = true
                return
            }
            if byte == 0x0A {
                // The token after a multi-line comment starts its line, indented by its column.
                newLine()
            } else {
                if byte >= 0x80 { lineIsASCII = false }
                index += 1
            }
        }
        log.report(.error, .casSyntax, "'/*' comment is never closed", offset: start, length: 2, hint: "end it with '*/'")
        sawSpace = true
    }

    // MARK: Tokens

    /// The fast path for most tokens of a real sheet: a name (`box`, `.card`, `#main`,
    /// `$gap`, `@media`), a whole number without a unit, or a punctuation character,
    /// on a line that is ASCII so far. It lexes them as `lexToken` would, without its
    /// calls and range checks; returns false, having changed nothing, for anything
    /// else (strings, other numbers, a name that meets a non-ASCII byte, errors),
    /// which `lexToken` then reads. Inlined into `run`: a call per token cost more
    /// than the token's own work.
    @inline(__always)
    private mutating func lexASCIIToken(_ byte: UInt8) -> Bool {
        let start = index
        let kind: TokenKind
        let end: Int
        var payload: Int32 = -1
        if Self.isASCIIWordStart(byte) {
            guard let wordEnd = Self.asciiWordEnd(in: bytes, from: start + 1) else { return false }
            (kind, end) = (.word, wordEnd)
        } else if let punctuation = Self.punctuation(byte) {
            (kind, end) = (punctuation, start + 1)
        } else if byte &- 0x30 < 10 {
            guard let (value, numberEnd) = Self.wholeNumber(in: bytes, from: start) else { return false }
            stream.numbers.append(NumberLiteral(value: value, unit: nil))
            (kind, end, payload) = (.number, numberEnd, Int32(truncatingIfNeeded: stream.numbers.count - 1))
        } else if byte == UInt8(ascii: "."), start + 1 < bytes.count, Self.isASCIIWordStart(bytes[start + 1]) {
            guard let wordEnd = Self.asciiWordEnd(in: bytes, from: start + 2) else { return false }
            (kind, end) = (.dotWord, wordEnd)
        } else if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@") {
            // As in `lexToken`: the sigil takes a name that starts with any name byte.
            guard start + 1 < bytes.count, bytes[start + 1] < 0x80, Self.isWordByte(bytes[start + 1]),
                let wordEnd = Self.asciiWordEnd(in: bytes, from: start + 1)
            else { return false }
            kind = byte == UInt8(ascii: "$") ? .variable : byte == UInt8(ascii: "#") ? .hash : .atWord
            end = wordEnd
        } else {
            return false
        }
        index = end
        if atLineStart { checkIndentation(at: start) }
        // The line is ASCII, so the column is a byte count; `init` checked the offsets fit.
        tokens.append(
            Token(
                kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), line: line,
                column: Int32(truncatingIfNeeded: start - lineStart + 1), spaceBefore: sawSpace,
                firstOnLine: atLineStart, payload: payload))
        sawSpace = false
        atLineStart = false
        return true
    }

    /// Where `scanWord` would end a name whose bytes from `offset` on are ASCII; nil
    /// when it would meet a non-ASCII byte (the general path reads that name).
    @inline(__always)
    private static func asciiWordEnd(in bytes: [UInt8], from offset: Int) -> Int? {
        var end = offset
        while end < bytes.count {
            let byte = bytes[end]
            if byte &- 0x61 < 26 || byte &- 0x30 < 10 || byte &- 0x41 < 26 || byte == UInt8(ascii: "_") {
                end += 1
            } else if byte == 0x2D {
                // A `-` belongs to the name only when a name character follows.
                guard end + 1 < bytes.count else { return end }
                let next = bytes[end + 1]
                if next >= 0x80 { return nil }
                guard isWordStart(next) || isDigit(next) else { return end }
                end += 1
            } else {
                return byte >= 0x80 ? nil : end
            }
        }
        return end
    }

    /// A run of digits that `lexNumber` would read as a whole number with no unit:
    /// its value (summed digit by digit, as there) and end; nil when a `.`, `%` or
    /// name byte follows (a fraction or a unit: the general path reads those).
    @inline(__always)
    private static func wholeNumber(in bytes: [UInt8], from offset: Int) -> (value: Double, end: Int)? {
        var value = 0.0
        var end = offset
        while end < bytes.count, bytes[end] &- 0x30 < 10 {
            value = value * 10 + Double(bytes[end] - 0x30)
            end += 1
        }
        if end < bytes.count {
            let next = bytes[end]
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "%") || isWordStart(next) { return nil }
        }
        return (value, end)
    }

    /// An ASCII letter or `_`: what starts a name, but for non-ASCII bytes.
    private static func isASCIIWordStart(_ byte: UInt8) -> Bool {
        byte | 0x20 &- 0x61 < 26 || byte == UInt8(ascii: "_")
    }

    private mutating func lexToken(_ byte: UInt8) {
        let start = index
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            lexString(quote: byte)
            return
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
            return
        case UInt8(ascii: "."):
            if let next = peek(1), Self.isDigit(next) {
                lexNumber()
            } else if let next = peek(1), Self.isWordStart(next) {
                index += 1
                scanWord()
                emit(.dotWord, from: start)
            } else {
                index += 1
                emit(.dot, from: start)
            }
            return
        case UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "@"):
            index += 1
            if index < bytes.count, Self.isWordByte(bytes[index]) {
                scanWord()
                emit(byte == UInt8(ascii: "$") ? .variable : byte == UInt8(ascii: "#") ? .hash : .atWord, from: start)
            } else if byte == UInt8(ascii: "@") {
                emit(.at, from: start)
            } else {
                let what = byte == UInt8(ascii: "$") ? "a variable name" : "an id or a hex colour"
                log.report(.error, .casSyntax, "'\(Character(Unicode.Scalar(byte)))' must be followed by \(what)", offset: start)
                sawSpace = true
            }
            return
        default:
            break
        }
        if Self.isWordStart(byte) {
            scanWord()
            emit(.word, from: start)
            return
        }
        if let kind = Self.punctuation(byte) {
            index += 1
            emit(kind, from: start)
            return
        }
        // Unknown byte: report the whole (possibly multi-byte) character once.
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        log.report(.error, .casSyntax, "unexpected character '\(text)'", offset: index, length: 1)
        if byte >= 0x80 { lineIsASCII = false }
        index = end
        sawSpace = true
    }

    @inline(__always)
    private static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "+"): .plus
        case UInt8(ascii: "-"): .minus
        case UInt8(ascii: "*"): .star
        case UInt8(ascii: "/"): .slash
        case UInt8(ascii: ">"): .greater
        case UInt8(ascii: "<"): .less
        case UInt8(ascii: "^"): .caret
        case UInt8(ascii: "&"): .ampersand
        default: nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isWordStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) || byte == 0x2D }

    /// Letters, digits, `_`, non-ASCII and inner `-`: a `-` belongs to the word only
    /// when a word character follows, so `$a-1` is one name but `a- 1` is not.
    private mutating func scanWord() {
        while index < bytes.count {
            let byte = bytes[index]
            // Lowercase letters and digits make up most of every name: one range check each.
            if byte &- 0x61 < 26 || byte &- 0x30 < 10 {
                index += 1
                continue
            }
            if byte == 0x2D {
                guard let next = peek(1), Self.isWordStart(next) || Self.isDigit(next) else { return }
            } else if !(Self.isWordStart(byte) || Self.isDigit(byte)) {
                return
            }
            if byte >= 0x80 { lineIsASCII = false }
            index += 1
        }
    }

    private mutating func lexNumber() {
        let start = index
        var value = 0.0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            value = value * 10 + Double(bytes[index] - 0x30)
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) {
            index += 1
            var scale = 0.1
            while index < bytes.count, Self.isDigit(bytes[index]) {
                value += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            // Digit-by-digit scaling drifts in the last bit; the standard parser does not.
            value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? value
        }
        var unit: String?
        if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
            index += 1
            unit = "%"
        } else if index < bytes.count, Self.isWordStart(bytes[index]) {
            let unitStart = index
            scanWord()
            unit = String(decoding: bytes[unitStart..<index], as: UTF8.self)
        }
        stream.numbers.append(NumberLiteral(value: value, unit: unit))
        emit(.number, from: start, payload: Int32(stream.numbers.count - 1))
    }

    private mutating func lexString(quote: UInt8) {
        let start = index
        index += 1
        // Without escapes the text is a slice of the source; bytes are copied only
        // once an escape is seen.
        var text: [UInt8]?
        var plainEnd = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                let value = text.map { String(decoding: $0, as: UTF8.self) }
                    ?? String(decoding: bytes[(start + 1)..<plainEnd], as: UTF8.self)
                index += 1
                stream.strings.append(value)
                emit(.string, from: start, payload: Int32(stream.strings.count - 1))
                return
            }
            if byte == 0x0A { break }
            if byte == UInt8(ascii: "\\"), let next = peek(1), next != 0x0A {
                if text == nil { text = Array(bytes[(start + 1)..<index]) }
                switch next {
                case UInt8(ascii: "n"): text!.append(0x0A)
                case UInt8(ascii: "t"): text!.append(0x09)
                default: text!.append(next)
                }
                index += 2
                continue
            }
            if byte >= 0x80 { lineIsASCII = false }
            if text != nil { text!.append(byte) } else { plainEnd = index + 1 }
            index += 1
        }
        // Unterminated: the string runs to the end of the line, so the rest still parses.
        log.report(
            .error, .casSyntax, "string is never closed", offset: start, length: 1,
            hint: "close it with \(quote == 0x22 ? "\"" : "'") before the end of the line")
        stream.strings.append(
            text.map { String(decoding: $0, as: UTF8.self) }
                ?? String(decoding: bytes[(start + 1)..<plainEnd], as: UTF8.self))
        emit(.string, from: start, payload: Int32(stream.strings.count - 1))
    }

    private mutating func emit(_ kind: TokenKind, from start: Int, payload: Int32 = -1) {
        let column: Int
        if lineIsASCII {
            column = start - lineStart + 1
        } else {
            // (Not the count of the bytes since the last token alone: a token can end
            // inside a character, as `{` before a combining mark does.)
            countedCharacters = log.source.charactersBefore(
                start, countingOnFrom: (countedOffset, countedCharacters), lineStart: lineStart)
            countedOffset = start
            column = countedCharacters + 1
        }
        if atLineStart { checkIndentation(at: start) }
        tokens.append(
            Token(
                kind: kind, start: Int32(start), end: Int32(index), line: line, column: Int32(column),
                spaceBefore: sawSpace, firstOnLine: atLineStart, payload: payload))
        sawSpace = false
        atLineStart = false
    }

    /// Tabs or spaces, but one of them per file: the later line that differs is the error.
    private mutating func checkIndentation(at offset: Int) {
        let chars = lineIndentChars
        guard chars.spaces || chars.tabs else { return }
        if chars.spaces && chars.tabs {
            log.report(
                .error, .casSyntax, "indentation mixes tabs and spaces", offset: lineStart, length: offset - lineStart,
                hint: "indent with either tabs or spaces throughout the file")
            return
        }
        let used: UInt8 = chars.tabs ? 0x09 : 0x20
        guard let established = fileIndent else {
            fileIndent = used
            return
        }
        if established != used {
            let (this, that) = used == 0x09 ? ("tabs", "spaces") : ("spaces", "tabs")
            log.report(
                .error, .casSyntax, "indentation uses \(this), but earlier lines use \(that)", offset: lineStart,
                length: offset - lineStart, hint: "indent with either tabs or spaces throughout the file")
        }
    }
}
