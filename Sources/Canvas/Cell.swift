import Cells


/// Text attributes of one terminal cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The attribute bits, one per option below.
    public let rawValue: UInt8
    /// The attributes whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Heavier text (SGR 1).
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Fainter text (SGR 2).
    public static let dim = CellAttributes(rawValue: 1 << 1)
    /// Slanted text (SGR 3).
    public static let italic = CellAttributes(rawValue: 1 << 2)
    /// A line under the text (SGR 4).
    public static let underline = CellAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let reverse = CellAttributes(rawValue: 1 << 4)
    /// A line through the text (SGR 9).
    public static let strikethrough = CellAttributes(rawValue: 1 << 5)
}

/// One terminal cell. A wide character fills its cell and marks the next one as
/// its continuation, which holds no grapheme of its own.
public struct Cell: Hashable, Sendable {
    /// The character shown; a space in a blank cell or a continuation.
    public var grapheme: Character
    /// nil: the terminal's default colour.
    public var foreground: Color?
    /// nil: the terminal's default colour.
    public var background: Color?
    /// Bold, dim, italic and the other text attributes of the cell.
    public var attributes: CellAttributes
    /// The right half of the wide character in the cell to the left.
    public var isContinuation: Bool

    /// A cell showing `grapheme`; by default a space in the terminal's colours, no attributes.
    public init(
        _ grapheme: Character = " ",
        foreground: Color? = nil,
        background: Color? = nil,
        attributes: CellAttributes = [],
        isContinuation: Bool = false
    ) {
        self.grapheme = grapheme
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.isContinuation = isContinuation
    }

    /// A space in the terminal's default colours with no attributes: what an empty grid holds.
    public static let blank = Cell()
}
