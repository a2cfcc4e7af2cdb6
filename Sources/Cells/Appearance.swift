/// A colour as a stylesheet names it. Canvas maps it to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// One of the terminal's own 16 colours: 0–7 (black, red, green, yellow, blue,
    /// magenta, cyan, white) and 8–15 their bright forms, as the user's theme shows them.
    case ansi(UInt8)
    /// An xterm-256 palette index, written `color(N)`.
    case indexed(UInt8)
    /// A true colour. Alpha below 255 blends over whatever is painted beneath.
    case rgb(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255)
}

/// How a box's edge is drawn. Any style but `none` takes the frame's outer ring of cells.
public enum BorderStyle: String, CaseIterable, Hashable, Sendable {
    case none, hidden, single, double, rounded, heavy, ascii, dashed, dotted, block
}

/// Horizontal placement of a title on the top border, or of text lines in a box.
public enum HorizontalAlignment: String, CaseIterable, Hashable, Sendable {
    case left, center, right
}

/// Edge distances in cells, in ClassyLiveLayout's (UIEdgeInsets') order:
/// top, left, bottom, right.
public struct Insets: Hashable, Sendable {
    /// Cells between the top edge and what it surrounds.
    public var top: Double
    /// Cells between the left edge and what it surrounds.
    public var left: Double
    /// Cells between the bottom edge and what it surrounds.
    public var bottom: Double
    /// Cells between the right edge and what it surrounds.
    public var right: Double

    /// Insets from each side's distance in cells; a side left out is 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance, in cells, on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset on any side.
    public static let zero = Insets()
}
