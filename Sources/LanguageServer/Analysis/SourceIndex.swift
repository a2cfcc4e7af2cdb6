import Diagnostics
import LayoutSpec
import Stylesheet

/// One file as the editor features read it: its text, its parse (a spec's syntax
/// and the role of every lexeme; a stylesheet's outline), and the way from the
/// parsers' UTF-8 offsets to LSP positions.
struct IndexedFile: @unchecked Sendable {
    enum Content {
        case spec(SpecSyntax, [SpecHighlight])
        case stylesheet(StylesheetOutline)
        case other
    }

    let document: TextDocument
    let source: SourceText
    let content: Content

    var path: String { document.path }
    var uri: String { document.uri }

    init(document: TextDocument) {
        self.document = document
        if Workspace.isSpec(document.path) {
            let source = SourceText(path: document.path, text: document.text)
            let syntax = SpecParser.parse(source)
            self.source = source
            content = .spec(syntax, SpecHighlight.classify(syntax, lexemes: SpecLexeme.scan(source)))
        } else if Workspace.isStylesheet(document.path) {
            let outline = StylesheetOutline(path: document.path, text: document.text)
            source = outline.source
            content = .stylesheet(outline)
        } else {
            source = SourceText(path: document.path, text: document.text)
            content = .other
        }
    }

    var highlights: [SpecHighlight] {
        if case .spec(_, let highlights) = content { return highlights }
        return []
    }

    var syntax: SpecSyntax? {
        if case .spec(let syntax, _) = content { return syntax }
        return nil
    }

    var outline: StylesheetOutline? {
        if case .stylesheet(let outline) = content { return outline }
        return nil
    }

    /// The text of a UTF-8 range of the (normalised) source.
    func text(_ range: Range<Int>) -> String {
        String(decoding: source.utf8[max(0, range.lowerBound)..<min(source.utf8.count, range.upperBound)], as: UTF8.self)
    }

    /// The LSP position of a UTF-8 offset. CR and CRLF were read as LF, which moves
    /// no character within a line; a byte-order mark the source dropped is one
    /// UTF-16 unit on the first line.
    func position(_ offset: Int) -> Position {
        let clamped = max(0, min(offset, source.utf8.count))
        let line = source.line(atOffset: clamped) - 1
        let start = source.lineStarts[line]
        var character = 0
        var ascii = true
        for byte in source.utf8[start..<clamped] where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii {
            character = clamped - start
        } else {
            character = String(decoding: source.utf8[start..<clamped], as: UTF8.self).utf16.count
        }
        if line == 0, document.text.unicodeScalars.first == "\u{FEFF}" { character += 1 }
        return Position(line: line, character: character)
    }

    /// The LSP range of a UTF-8 range.
    func range(_ range: Range<Int>) -> LSPRange {
        LSPRange(start: position(range.lowerBound), end: position(range.upperBound))
    }

    func range(_ span: SourceSpan) -> LSPRange { range(span.start..<span.end) }

    /// The UTF-8 offset of an LSP position (the inverse of `position`).
    func offset(_ position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < source.lineStarts.count else { return source.utf8.count }
        let start = source.lineStarts[position.line]
        let end = position.line + 1 < source.lineStarts.count ? source.lineStarts[position.line + 1] - 1 : source.utf8.count
        var units = position.character - (position.line == 0 && document.text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0)
        var offset = start
        let line = String(decoding: source.utf8[start..<end], as: UTF8.self)
        for scalar in line.unicodeScalars {
            guard units > 0 else { break }
            units -= scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }
}

/// The parsed files, kept while their text is unchanged: a request parses a file
/// once per version, however many features ask. Used from the analysis queue only.
final class SourceIndex: @unchecked Sendable {
    private var files: [String: IndexedFile] = [:]

    /// The file for a document (an open buffer, or the disk's text wrapped as one).
    func file(_ document: TextDocument) -> IndexedFile {
        if let known = files[document.path], known.document.text == document.text { return known }
        let file = IndexedFile(document: document)
        files[document.path] = file
        return file
    }

    /// Forgets every file (their text on disk may have changed).
    func forgetAll() { files = [:] }
}
