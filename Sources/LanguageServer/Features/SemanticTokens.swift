import LayoutSpec
import Stylesheet

/// The semantic tokens both languages share: the legend the server announces
/// and the role of each lexeme as a token type and modifiers.
enum SemanticTokens {
    static let types = [
        "type", "class", "variable", "property", "keyword", "function", "number", "string", "comment", "operator",
        "enumMember", "parameter", "macro", "decorator", "event", "modifier",
    ]
    static let modifiers = ["declaration", "readonly", "defaultLibrary"]

    static var legend: JSONValue {
        .object(["tokenTypes": .array(types.map(JSONValue.string)), "tokenModifiers": .array(modifiers.map(JSONValue.string))])
    }

    private static func type(_ name: String) -> Int { types.firstIndex(of: name)! }
    private static let declaration = 1, readonly = 2, defaultLibrary = 4

    /// A spec lexeme's type and modifier bits; nil for punctuation.
    static func token(_ highlight: SpecHighlight) -> (type: Int, modifiers: Int)? {
        let declared = highlight.isDeclaration ? declaration : 0
        switch highlight.role {
        case .kind: return (type("type"), 0)
        case .viewID: return (type("variable"), declared)
        case .parent: return (type("variable"), defaultLibrary)
        case .styleClass: return (type("class"), 0)
        case .attribute: return (type("property"), 0)
        case .styleValue: return (type("macro"), 0)
        case .letName: return (type("variable"), readonly | declared)
        case .keyword: return (type("keyword"), 0)
        case .priority: return (type("decorator"), 0)
        case .label: return (type("event"), 0)
        case .parameter: return (type("parameter"), 0)
        case .word: return (type("enumMember"), 0)
        case .number: return (type("number"), 0)
        case .string: return (type("string"), 0)
        case .comment: return (type("comment"), 0)
        case .operator: return (type("operator"), 0)
        case .punctuation, .invalid: return nil
        }
    }

    /// A stylesheet lexeme's type and modifier bits; nil for punctuation.
    static func token(_ lexeme: StylesheetOutline.Lexeme) -> (type: Int, modifiers: Int)? {
        switch lexeme.role {
        case .kind: return (type("type"), 0)
        case .styleClass: return (type("class"), 0)
        case .viewID: return (type("variable"), 0)
        case .state: return (type("modifier"), 0)
        case .operator: return (type("operator"), 0)
        case .property: return (type("property"), 0)
        case .variable: return (type("variable"), lexeme.isDeclaration ? declaration : 0)
        case .keyword: return (type("keyword"), 0)
        case .function: return (type("function"), defaultLibrary)
        case .number: return (type("number"), 0)
        case .string: return (type("string"), 0)
        case .color: return (type("enumMember"), readonly)
        case .word: return (type("enumMember"), 0)
        case .mediaFeature: return (type("property"), 0)
        case .comment: return (type("comment"), 0)
        case .punctuation: return nil
        }
    }
}

extension LanguageServer {
    /// `textDocument/semanticTokens/full`.
    func semanticTokensFull(_ params: JSONValue) throws -> JSONValue {
        try semanticTokens(params, in: nil)
    }

    /// `textDocument/semanticTokens/range`.
    func semanticTokensRange(_ params: JSONValue) throws -> JSONValue {
        guard let range = try? (params["range"] ?? .null).decoded(as: LSPRange.self) else {
            throw ResponseError.invalidParams("missing range")
        }
        return try semanticTokens(params, in: range)
    }

    /// The tokens of a document (within `range` when given), in LSP's relative
    /// encoding: five integers per token; a token over several lines (a block
    /// comment) is one token per line.
    private func semanticTokens(_ params: JSONValue, in range: LSPRange?) throws -> JSONValue {
        let document = try openDocument(params)
        let file = sourceIndex.file(document)
        var tokens: [(range: Range<Int>, type: Int, modifiers: Int)] = []
        switch file.content {
        case .spec(_, let highlights):
            for highlight in highlights {
                guard let token = SemanticTokens.token(highlight) else { continue }
                tokens.append((highlight.span.start..<highlight.span.end, token.type, token.modifiers))
            }
        case .stylesheet(let outline):
            for lexeme in outline.lexemes {
                guard let token = SemanticTokens.token(lexeme) else { continue }
                tokens.append((lexeme.range, token.type, token.modifiers))
            }
        case .other:
            break
        }
        let startOffset = range.map { file.offset($0.start) } ?? 0
        let endOffset = range.map { file.offset($0.end) } ?? Int.max
        var data: [JSONValue] = []
        data.reserveCapacity(tokens.count * 5)
        var previous = Position(line: 0, character: 0)
        for token in tokens where token.range.upperBound >= startOffset && token.range.lowerBound <= endOffset {
            for piece in Self.lines(of: token.range, in: file) {
                let start = file.position(piece.lowerBound)
                let length = file.position(piece.upperBound).character - start.character
                guard length > 0 else { continue }
                let deltaLine = start.line - previous.line
                let deltaStart = deltaLine == 0 ? start.character - previous.character : start.character
                data += [.number(Double(deltaLine)), .number(Double(deltaStart)), .number(Double(length)),
                    .number(Double(token.type)), .number(Double(token.modifiers))]
                previous = start
            }
        }
        return .object(["data": .array(data)])
    }

    /// A UTF-8 range cut at its line ends.
    private static func lines(of range: Range<Int>, in file: IndexedFile) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for offset in range where file.source.utf8[offset] == 10 {
            pieces.append(start..<offset)
            start = offset + 1
        }
        pieces.append(start..<range.upperBound)
        return pieces
    }
}
