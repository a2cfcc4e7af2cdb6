/// An open buffer: its text, version, and the line starts that turn LSP
/// positions (UTF-16) into string indices and back.
public struct TextDocument: Sendable {
    /// The `file://` URI the editor names the document by.
    public let uri: String
    /// The file path the URI stands for, the key the analysis uses.
    public let path: String
    public private(set) var version: Int
    public private(set) var text: String
    /// Index of the first character of each line; LF, CRLF and CR end a line.
    private var lineStarts: [String.Index] = []

    /// A document opened at `version` with `text`; its lines are indexed at once.
    public init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        self.text = text
        indexLines()
    }

    /// Lines in the text (at least 1: an empty text has one empty line).
    public var lineCount: Int { lineStarts.count }

    /// Applies one change: the whole text when `range` is nil, else a replacement
    /// of that range (positions past a line's end or the text's end are clamped).
    public mutating func apply(range: LSPRange?, text newText: String) {
        if let range {
            let lower = index(of: range.start)
            let upper = max(lower, index(of: range.end))
            text.replaceSubrange(lower..<upper, with: newText)
        } else {
            text = newText
        }
        indexLines()
    }

    /// Records the editor's version number after a change.
    public mutating func setVersion(_ version: Int) { self.version = version }

    private mutating func indexLines() {
        var starts = [text.startIndex]
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            if scalar == "\n" {
                starts.append(index)
            } else if scalar == "\r" {
                if index < scalars.endIndex, scalars[index] == "\n" { scalars.formIndex(after: &index) }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// The text of a 0-based line, without its line end ("" past the last line).
    public func line(_ number: Int) -> Substring {
        guard number >= 0, number < lineStarts.count else { return "" }
        return text[lineStarts[number]..<lineEnd(number)]
    }

    /// Where a line's text ends (before its line terminator).
    private func lineEnd(_ number: Int) -> String.Index {
        guard number + 1 < lineStarts.count else { return text.endIndex }
        var end = lineStarts[number + 1]
        let scalars = text.unicodeScalars
        if end > lineStarts[number] {
            scalars.formIndex(before: &end)
            if scalars[end] == "\n", end > lineStarts[number] {
                let before = scalars.index(before: end)
                if scalars[before] == "\r" { end = before }
            }
        }
        return end
    }

    /// The string index of an LSP position; a position inside a surrogate pair
    /// moves back to the pair's start.
    public func index(of position: Position) -> String.Index {
        guard position.line >= 0 else { return text.startIndex }
        guard position.line < lineStarts.count else { return text.endIndex }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        let utf16 = text.utf16
        let limit = utf16.distance(from: start, to: end)
        var target = utf16.index(start, offsetBy: min(max(0, position.character), limit))
        while target.samePosition(in: text.unicodeScalars) == nil, target > start {
            utf16.formIndex(before: &target)
        }
        return target
    }

    /// The LSP position of a 1-based line and a column counted in characters
    /// (the form diagnostics use), clamped to the line.
    public func position(line: Int, column: Int) -> Position {
        let number = max(0, min(line - 1, lineStarts.count - 1))
        let text = self.line(number)
        let prefix = text.prefix(max(0, column - 1))
        return Position(line: number, character: prefix.utf16.count)
    }

    /// The range of `length` characters from a 1-based line and character column.
    public func range(line: Int, column: Int, length: Int) -> LSPRange {
        let start = position(line: line, column: column)
        let lineText = self.line(start.line)
        let from = lineText.prefix(max(0, column - 1))
        let covered = lineText[from.endIndex...].prefix(max(0, length))
        return LSPRange(start: start, end: Position(line: start.line, character: start.character + covered.utf16.count))
    }

    /// The LSP position of a string index.
    public func position(of index: String.Index) -> Position {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return Position(line: low, character: text.utf16.distance(from: lineStarts[low], to: index))
    }
}
