/// Every property of one view after the cascade. Each view starts from these
/// defaults on every cascade, so a deleted declaration reverts its property.
public struct ComputedStyle: Hashable, Sendable {
    // Terminal properties.
    /// nil: transparent, whatever is beneath shows through.
    public var backgroundColor: Color?
    /// nil: the terminal's default foreground.
    public var foregroundColor: Color?
    public var border: BorderStyle = .none
    /// nil: the foreground colour.
    public var borderColor: Color?
    public var title: String?
    public var titleAlign: HorizontalAlignment = .left
    public var text: String?
    public var textAlign: HorizontalAlignment = .left
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var reverse = false
    public var strikethrough = false
    public var padding: Insets = .zero
    public var visible = true
    public var zIndex = 0

    // Layout properties (ClassyLiveLayout); a spec reads them as `$size`, `$margin-top`, …
    public var sizeWidth: Double?
    public var sizeHeight: Double?
    public var margin: Insets = .zero
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    /// A grid's column count; nil: the spec decides (a `columns` parameter).
    public var columns: Int?
    /// `collapse true`: the view takes no space, as CSS `display: none` (its width
    /// and height are held at 0 and rules that would fix its size are set aside).
    public var collapse = false

    public init() {}

    public static let defaults = ComputedStyle()
}
