/// A position in a source file. Lines and columns are 1-based; a column counts
/// characters (grapheme clusters), so a tab or a wide character is one column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file as the reader was given it.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in characters (grapheme clusters), not bytes or cells.
    public var column: Int

    /// A location at a 1-based `line` and `column` in `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form editors jump to.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file path, then line, then column, so reports sort in reading order.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}
