/// A layout attribute of a view, as rules name it.
public enum Attribute: String, CaseIterable, Hashable, Sendable, Comparable {
    case left, right, top, bottom, width, height, centerX, centerY

    /// Spellings a spec may use for an attribute: `leading`/`trailing` read as
    /// left/right (terminals are left-to-right).
    public init?(spelling: String) {
        // By length first: lowering looks attributes up for every rule.
        switch spelling.utf8.count {
        case 3: if spelling == "top" { self = .top } else { return nil }
        case 4: if spelling == "left" { self = .left } else { return nil }
        case 5:
            switch spelling {
            case "right": self = .right
            case "width": self = .width
            default: return nil
            }
        case 6:
            switch spelling {
            case "bottom": self = .bottom
            case "height": self = .height
            default: return nil
            }
        case 7:
            switch spelling {
            case "centerX": self = .centerX
            case "centerY": self = .centerY
            case "leading": self = .left
            default: return nil
            }
        case 8: if spelling == "trailing" { self = .right } else { return nil }
        default: return nil
        }
    }

    /// The attributes a left-side word stands for: one attribute, or the members
    /// of a composite (`edges`, `size`, `center`) in Masonry's order.
    public static func expanding(_ spelling: String) -> [Attribute]? {
        if let single = Attribute(spelling: spelling) { return single.alone }
        switch spelling {
        case "edges": return edges
        case "size": return size
        case "center": return center
        default: return nil
        }
    }

    private static let edges: [Attribute] = [.top, .left, .bottom, .right]
    private static let size: [Attribute] = [.width, .height]
    private static let center: [Attribute] = [.centerX, .centerY]
    private static let singles: [[Attribute]] = allCases.map { [$0] }

    /// `[self]`, without allocating.
    private var alone: [Attribute] { Self.singles[order] }

    /// Every word `expanding` accepts, for did-you-mean hints.
    public static let spellings: [String] =
        allCases.map(\.rawValue) + ["leading", "trailing", "edges", "size", "center"]

    /// Whether the attribute is a position (left, top, …) rather than a length.
    public var isPosition: Bool { self != .width && self != .height }

    /// Far edges: right and bottom. An inset subtracts on them.
    public var isFarEdge: Bool { self == .right || self == .bottom }

    /// Whether the attribute runs along the horizontal axis (left, right, width, centerX).
    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .width, .centerX: true
        case .top, .bottom, .height, .centerY: false
        }
    }

    /// Declaration order, so sorted output never depends on string collation.
    var order: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .top: 2
        case .bottom: 3
        case .width: 4
        case .height: 5
        case .centerX: 6
        case .centerY: 7
        }
    }

    /// Orders attributes by declaration, not by name.
    public static func < (a: Attribute, b: Attribute) -> Bool { a.order < b.order }
}

/// One layout direction, with the attributes that run along it.
public enum Axis: String, Hashable, Sendable {
    case horizontal, vertical

    /// The near edge along this axis: left or top.
    public var leading: Attribute { self == .horizontal ? .left : .top }
    /// The far edge along this axis: right or bottom.
    public var trailing: Attribute { self == .horizontal ? .right : .bottom }
    /// The length along this axis: width or height.
    public var length: Attribute { self == .horizontal ? .width : .height }
    /// The centre along this axis: centerX or centerY.
    public var center: Attribute { self == .horizontal ? .centerX : .centerY }
    /// The axis across this one.
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}
