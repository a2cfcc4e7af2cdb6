import Cells


/// Text attributes of one terminal cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let reverse = CellAttributes(rawValue: 1 << 4)
    public static let strikethrough = CellAttributes(rawValue: 1 << 5)
}

/// One terminal cell. A wide character fills its cell and marks the next one as
/// its continuation, which holds no grapheme of its own.
public struct Cell: Hashable, Sendable {
    public var grapheme: Character
    /// nil: the terminal's default colour.
    public var foreground: Color?
    public var background: Color?
    public var attributes: CellAttributes
    /// The right half of the wide character in the cell to the left.
    public var isContinuation: Bool

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

    public static let blank = Cell()
}
