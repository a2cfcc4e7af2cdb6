/// A size in terminal cells: a terminal's (all its panes), or the canvas a spec
/// is laid out for. Never negative: a negative width or height is taken as 0.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns, in cells; never negative.
    public var width: Int
    /// Rows, in cells; never negative.
    public var height: Int

    /// A size of `width` columns by `height` rows; a negative side is taken as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// `80x24`.
    public var description: String { "\(width)x\(height)" }

    /// Parses `WxH` (also `W×H` and `W,H`); both positive, at most 10,000.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" || $0 == "," })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...10_000).contains(width), (1...10_000).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}
