import Cells


/// The characters that draw a border's ring.
public struct BorderGlyphs: Hashable, Sendable {
    public var topLeft: Character
    public var top: Character
    public var topRight: Character
    public var left: Character
    public var right: Character
    public var bottomLeft: Character
    public var bottom: Character
    public var bottomRight: Character

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

extension BorderStyle {
    /// Whether the style takes the frame's outer ring of cells.
    public var takesRing: Bool { self != .none }
}
