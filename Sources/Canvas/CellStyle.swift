import Cells

/// How text looks in cells: its colours and attributes. The one style type for
/// text drawn outside the painter's boxes: a widget's content (`ContentCanvas`)
/// and the designer's and dev mode's panes (`Presentation`) both draw with it.
public struct CellStyle: Hashable, Sendable {
    /// The text colour; nil: the colour underneath (a widget's view's foreground,
    /// or the terminal's default in a pane).
    public var foreground: Color?
    /// The background colour; nil: the background already painted there (a
    /// widget's view's, a row's), or the terminal's default on a blank grid.
    public var background: Color?
    /// Bold, dim, italic, underline, reverse, strikethrough: the cell attributes to draw with.
    public var attributes: CellAttributes

    /// A style with these colours and attributes; by default the colours underneath, no attributes.
    public init(foreground: Color? = nil, background: Color? = nil, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The look of a computed style's text: its colours and bold/dim/italic/… attributes.
    public init(_ style: ComputedStyle) {
        self.init(foreground: style.foregroundColor, background: style.backgroundColor, attributes: style.cellAttributes)
    }

    /// No colours, no attributes: the plain text of whatever is underneath.
    public static let plain = CellStyle()

    /// Whether the style sets anything at all.
    public var isPlain: Bool { foreground == nil && background == nil && attributes.isEmpty }

    /// The same style with more attributes.
    public func adding(_ more: CellAttributes) -> CellStyle {
        var copy = self
        copy.attributes.formUnion(more)
        return copy
    }
}

extension Grid {
    /// Writes one grapheme at (x, y) in `style`, as `write(_:x:y:foreground:background:attributes:clip:)`
    /// does (nil colours are written as the terminal's defaults). Returns the columns advanced.
    @discardableResult
    public mutating func write(_ grapheme: Character, x: Int, y: Int, style: CellStyle, clip: CellRect? = nil) -> Int {
        write(grapheme, x: x, y: y, foreground: style.foreground, background: style.background,
              attributes: style.attributes, clip: clip)
    }
}
