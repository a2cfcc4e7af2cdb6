/// Every property of one view after the cascade. Each view starts from these
/// defaults on every cascade, so a deleted declaration reverts its property.
///
/// The stored properties are laid out by size, not by topic: each optional
/// number leaves seven bytes before the next eight-byte field, and the colours,
/// enums and flags fill them. In the order of the properties' topics a style took
/// 256 bytes, in this order 216; a large spec holds several arrays of styles (the
/// cascade's, the effective ones, the views', the painter's).
public struct ComputedStyle: Hashable, Sendable {
    /// The `title` shown on the top border; nil: none.
    public var title: String?
    /// The `text` painted inside border and padding, wrapped and aligned; nil: none.
    public var text: String?
    /// `padding` in cells: insets the view's text and title inside its border (not its children).
    public var padding: Insets = .zero
    /// `margin` in cells (may be negative), read by a spec as `$margin-top`, `$margin-left`, …
    public var margin: Insets = .zero
    /// `z-index`: painting order among siblings, higher on top; equal values keep spec order.
    public var zIndex = 0

    /// `size-width` in cells, read by a spec as `$size-width` or `$size`; nil: unset.
    public var sizeWidth: Double?
    /// nil: transparent, whatever is beneath shows through.
    public var backgroundColor: Color?
    /// How the border ring is drawn; `.none` (the default) draws no ring and no title.
    public var border: BorderStyle = .none
    /// Where the title sits on the top border (`title-align`).
    public var titleAlign: HorizontalAlignment = .left

    /// `size-height` in cells, read by a spec as `$size-height` or `$size`; nil: unset.
    public var sizeHeight: Double?
    /// nil: the terminal's default foreground.
    public var foregroundColor: Color?
    /// How each line of `text` is placed across the content box (`text-align`).
    public var textAlign: HorizontalAlignment = .left
    /// `bold`: text and title drawn bold.
    public var bold = false

    /// `min-width` in cells, applied as a required constraint; nil: no limit.
    public var minWidth: Double?
    /// nil: the foreground colour.
    public var borderColor: Color?
    /// `dim`: text and title drawn faint.
    public var dim = false
    /// `italic`: text and title drawn in italics.
    public var italic = false

    /// `max-width` in cells, applied as a required constraint; nil: no limit.
    public var maxWidth: Double?
    /// `underline`: text and title drawn underlined.
    public var underline = false
    /// `reverse`: foreground and background swapped for text and title.
    public var reverse = false
    /// `strikethrough`: text and title drawn struck through.
    public var strikethrough = false
    /// `visible false` hides the view and its subtree but keeps its space (CSS `visibility: hidden`).
    public var visible = true
    /// `collapse true`: the view takes no space, as CSS `display: none` (its width
    /// and height are held at 0 and rules that would fix its size are set aside).
    public var collapse = false

    /// `min-height` in cells, applied as a required constraint; nil: no limit.
    public var minHeight: Double?
    /// `max-height` in cells, applied as a required constraint; nil: no limit.
    public var maxHeight: Double?
    /// A grid's column count; nil: the spec decides (a `columns` parameter).
    public var columns: Int?
    /// `hug`, `resist` and their `-width`/`-height` forms: how strongly a text
    /// (or a widget) keeps its natural size, per axis; unset: the engine's defaults.
    public var contentPriorities = ContentPriorities()

    /// The defaults every view starts from before its stylesheet's declarations apply.
    public init() {}

    /// The style of a view no declaration touches; the same as `ComputedStyle()`.
    public static let defaults = ComputedStyle()
}
