/// A layout attribute of a view, as rules name it.
public enum Attribute: String, CaseIterable, Hashable, Sendable {
    case left, right, top, bottom, width, height, centerX, centerY

    /// Spellings a spec may use for an attribute: `leading`/`trailing` read as
    /// left/right (terminals are left-to-right).
    public init?(spelling: String) {
        switch spelling {
        case "leading": self = .left
        case "trailing": self = .right
        default: self.init(rawValue: spelling)
        }
    }

    /// Whether the attribute is a position (left, top, …) rather than a length.
    public var isPosition: Bool { self != .width && self != .height }

    /// Far edges: right and bottom. An inset subtracts on them.
    public var isFarEdge: Bool { self == .right || self == .bottom }

    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .width, .centerX: true
        case .top, .bottom, .height, .centerY: false
        }
    }
}
