import Diagnostics

/// A file's source and tokens together, with the small text helpers every parser
/// needs. A class, so parsers and evaluators share it without copying its arrays.
final class TokenReader: Sendable {
    let source: SourceText
    let stream: TokenStream

    init(source: SourceText, stream: TokenStream) {
        self.source = source
        self.stream = stream
    }

    var tokens: [Token] { stream.tokens }

    subscript(index: Int) -> Token { stream.tokens[index] }

    /// The token's text as written, without its sigil (`$`, `#`, `.`, `@`).
    func name(_ index: Int) -> String {
        let token = stream.tokens[index]
        var start = Int(token.start)
        switch token.kind {
        case .variable, .hash, .dotWord, .atWord: start += 1
        default: break
        }
        return String(decoding: source.utf8[start..<Int(token.end)], as: UTF8.self)
    }

    /// The token's text exactly as written.
    func text(_ index: Int) -> String {
        let token = stream.tokens[index]
        return String(decoding: source.utf8[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// The source text from the first token to the end of the last, as written.
    func text(of range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        let start = Int(stream.tokens[first].start), end = Int(stream.tokens[last].end)
        return String(decoding: source.utf8[start..<max(start, end)], as: UTF8.self)
    }

    func number(_ index: Int) -> NumberLiteral { stream.numbers[Int(stream.tokens[index].payload)] }

    func string(_ index: Int) -> String { stream.strings[Int(stream.tokens[index].payload)] }

    /// Whether the word token spells exactly `word` (no allocation).
    func isWord(_ index: Int, _ word: StaticString) -> Bool {
        let token = stream.tokens[index]
        guard token.kind == .word, Int(token.end - token.start) == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        return word.withUTF8Buffer { expected in
            for offset in 0..<expected.count where source.utf8[start + offset] != expected[offset] {
                return false
            }
            return true
        }
    }

    /// The location of a token, for declarations and rules that report where they are.
    func location(_ index: Int) -> SourceLocation {
        let token = stream.tokens[index]
        return SourceLocation(file: source.path, line: Int(token.line), column: Int(token.column))
    }

    /// The word token spelling `word` in the value that starts at `index` (on its
    /// line, before a `;`, `{` or `}`), so a message about one word of a value can
    /// point at that word; nil when the word came from elsewhere (a variable).
    func wordToken(_ word: String, inValueAt index: Int) -> Int? {
        let tokens = stream.tokens
        guard tokens.indices.contains(index) else { return nil }
        let line = tokens[index].line
        var cursor = index
        while cursor < tokens.count, tokens[cursor].line == line {
            switch tokens[cursor].kind {
            case .semicolon, .leftBrace, .rightBrace: return nil
            case .word where text(cursor) == word: return cursor
            default: cursor += 1
            }
        }
        return nil
    }

    /// How a token reads in a message: `'{'`, `'box'`, `end of line`.
    func quoted(_ index: Int) -> String { "'\(text(index))'" }
}
