import Diagnostics

/// One lexical piece of a `.layout` text as an editor or a formatter sees it:
/// the parser's tokens plus the comments it skips. Newlines are not lexemes
/// (a lexeme's line is where its span starts).
public struct SpecLexeme: Hashable, Sendable {
    /// What a lexeme is.
    public enum Kind: Hashable, Sendable {
        /// An identifier or a keyword (`box`, `red-box`, `within`).
        case word
        /// `12`, `1.5`, `.5`.
        case number
        /// `"…"` or `'…'`, quotes included.
        case string
        /// `$name`, the `$` included.
        case style
        /// `{ } [ ] ( ) , . : ; = == >= <= + - * / | @`.
        case punctuation
        /// `# …` to the end of the line.
        case comment
        /// A character the language does not use, or a string left open.
        case invalid
    }

    /// What the lexeme is.
    public var kind: Kind
    /// Its UTF-8 offsets in the (normalised) source.
    public var span: SourceSpan

    /// A lexeme of `kind` at `span`.
    public init(kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }

    /// Every lexeme of `source` in order: what the parser reads, and the comments.
    /// One pass over the bytes, as the parser's own lexer makes.
    public static func scan(_ source: SourceText) -> [SpecLexeme] {
        let bytes = source.utf8
        var result: [SpecLexeme] = []
        var gapStart = 0
        for token in Lexer.tokens(of: bytes) {
            appendComments(bytes, from: gapStart, to: token.start, into: &result)
            gapStart = token.end
            guard let kind = kind(of: token.kind) else { continue }
            result.append(SpecLexeme(kind: kind, span: token.span))
        }
        return result
    }

    /// The lexer skips `#` comments; they are what is left between tokens once
    /// blanks are taken away.
    private static func appendComments(_ bytes: [UInt8], from start: Int, to end: Int, into result: inout [SpecLexeme]) {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "#") {
                var stop = index
                while stop < end, bytes[stop] != 10 { stop += 1 }
                result.append(SpecLexeme(kind: .comment, span: SourceSpan(start: index, end: stop)))
                index = stop
            } else {
                index += 1
            }
        }
    }

    private static func kind(of token: TokenKind) -> Kind? {
        switch token {
        case .identifier: .word
        case .number: .number
        case .string: .string
        case .style: .style
        case .newline, .end: nil
        case .unterminatedString, .invalid: .invalid
        default: .punctuation
        }
    }
}
