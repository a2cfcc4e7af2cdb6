extension Grid {
    /// The grid as text, one string per row: wide characters once, trailing
    /// spaces trimmed (every row is kept, so the picture keeps its height).
    public func plainLines() -> [String] {
        (0..<height).map { y in
            var line = String(displayRow(y).map(\.grapheme))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `plainLines()`, each ended by a newline.
    public func plainText() -> String {
        plainLines().map { $0 + "\n" }.joined()
    }
}
