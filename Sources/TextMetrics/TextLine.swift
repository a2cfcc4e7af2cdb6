/// One line of laid-out text and how many cells it takes.
public struct TextLine: Hashable, Sendable {
    /// The line's characters, without a line end.
    public var text: String
    /// How many terminal cells the line takes (wide characters count two).
    public var width: Int

    /// A line whose cell width the caller has already measured.
    public init(_ text: String, width: Int) {
        self.text = text
        self.width = width
    }

    /// A line measured with `cellWidth(of:)`.
    public init(_ text: String) {
        self.init(text, width: cellWidth(of: text))
    }
}

/// A size in terminal cells.
public struct CellSize: Hashable, Sendable {
    /// Columns, in cells.
    public var width: Int
    /// Rows, in cells.
    public var height: Int

    /// A size of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No cells: what a text without characters needs.
    public static let zero = CellSize(width: 0, height: 0)
}

/// The cells a text needs: its widest line by its number of lines, after wrapping
/// to `width` cells, or only at its own newlines when `width` is nil. A text with
/// no characters needs 0 × 0. Width is never above `width`, except when one
/// grapheme is wider than it (a wide character in a 1-cell column).
public func cellSize(of text: String, wrappingTo width: Int? = nil) -> CellSize {
    let laidOut = width.map { wrap(text, width: $0) } ?? lines(of: text)
    return CellSize(width: laidOut.reduce(0) { max($0, $1.width) }, height: laidOut.count)
}

/// The text's lines as written: split at newlines (LF, CR, CRLF and the other
/// Unicode line breaks), without wrapping. Whitespace is treated as by `wrap`.
public func lines(of text: String) -> [TextLine] {
    wrap(text, width: .max)
}
