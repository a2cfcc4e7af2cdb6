import Cells


/// The characters that draw a border's ring.
public struct BorderGlyphs: Hashable, Sendable {
    /// The top-left corner.
    public var topLeft: Character
    /// The top edge, repeated along it.
    public var top: Character
    /// The top-right corner.
    public var topRight: Character
    /// The left edge, repeated down it.
    public var left: Character
    /// The right edge, repeated down it.
    public var right: Character
    /// The bottom-left corner.
    public var bottomLeft: Character
    /// The bottom edge, repeated along it.
    public var bottom: Character
    /// The bottom-right corner.
    public var bottomRight: Character

    /// A ring from four `corners` (top-left, top-right, bottom-left, bottom-right, exactly four)
    /// and one character for both horizontal edges and one for both vertical edges.
    public init(corners: String, horizontal: Character, vertical: Character) {
        let corner = Array(corners)
        precondition(corner.count == 4, "corners are top-left, top-right, bottom-left, bottom-right")
        topLeft = corner[0]
        topRight = corner[1]
        bottomLeft = corner[2]
        bottomRight = corner[3]
        top = horizontal
        bottom = horizontal
        left = vertical
        right = vertical
    }

    /// The glyphs of a style; nil for `none` (no ring) and `hidden` (a ring of blanks).
    public static func of(_ style: BorderStyle) -> BorderGlyphs? {
        switch style {
        case .none, .hidden: nil
        case .single: BorderGlyphs(corners: "┌┐└┘", horizontal: "─", vertical: "│")
        case .double: BorderGlyphs(corners: "╔╗╚╝", horizontal: "═", vertical: "║")
        case .rounded: BorderGlyphs(corners: "╭╮╰╯", horizontal: "─", vertical: "│")
        case .heavy: BorderGlyphs(corners: "┏┓┗┛", horizontal: "━", vertical: "┃")
        case .ascii: BorderGlyphs(corners: "++++", horizontal: "-", vertical: "|")
        case .dashed: BorderGlyphs(corners: "┌┐└┘", horizontal: "╌", vertical: "╎")
        case .dotted: BorderGlyphs(corners: "┌┐└┘", horizontal: "┈", vertical: "┊")
        case .block: BorderGlyphs(corners: "████", horizontal: "█", vertical: "█")
        }
    }
}

