import Diagnostics
/// An attribute as the DSL spells it. `leading` and `trailing` are kept apart
/// from `left` and `right` only for display: terminals run left to right, so
/// they lay out the same.
public enum AnchorAttribute: String, Hashable, Sendable, CaseIterable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: the left one.
    case leading
    /// The trailing edge: the right one.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal centre.
    case centerX
    /// The vertical centre.
    case centerY

    /// The engine's attribute.
    public var attribute: Attribute {
        switch self {
        case .left, .leading: .left
        case .right, .trailing: .right
        case .top: .top
        case .bottom: .bottom
        case .width: .width
        case .height: .height
        case .centerX: .centerX
        case .centerY: .centerY
        }
    }

    /// True for `width` and `height`, which a bare number sets absolutely.
    var isLength: Bool { self == .width || self == .height }
}

/// One attribute of one view, as the target of a relation (`header.bottom`),
/// or several (`header.edges`, `header.size`, `header.center`): the constrained
/// attribute then reads the member of the same name.
public struct Anchor: ConstraintTarget {
    /// The view the anchor belongs to.
    public let view: View
    /// One attribute, or a composite's members.
    public let attributes: [AnchorAttribute]

    /// The anchor on `view` for `attributes`.
    public init(view: View, attributes: [AnchorAttribute]) {
        self.view = view
        self.attributes = attributes
    }

    /// The anchor's attributes of its view.
    public var target: RuleTarget { .anchor(view, attributes) }
}

/// A composite of attributes, in Masonry's order.
enum Composite {
    static let edges: [AnchorAttribute] = [.top, .left, .bottom, .right]
    static let size: [AnchorAttribute] = [.width, .height]
    static let center: [AnchorAttribute] = [.centerX, .centerY]
    static let horizontalEdges: [AnchorAttribute] = [.left, .right]
    static let verticalEdges: [AnchorAttribute] = [.top, .bottom]
}

extension View {
    /// The left edge.
    public var left: Anchor { Anchor(view: self, attributes: [.left]) }
    /// The right edge.
    public var right: Anchor { Anchor(view: self, attributes: [.right]) }
    /// The top edge.
    public var top: Anchor { Anchor(view: self, attributes: [.top]) }
    /// The bottom edge.
    public var bottom: Anchor { Anchor(view: self, attributes: [.bottom]) }
    /// The leading edge (the left one: terminals run left to right).
    public var leading: Anchor { Anchor(view: self, attributes: [.leading]) }
    /// The trailing edge (the right one).
    public var trailing: Anchor { Anchor(view: self, attributes: [.trailing]) }
    /// The width.
    public var width: Anchor { Anchor(view: self, attributes: [.width]) }
    /// The height.
    public var height: Anchor { Anchor(view: self, attributes: [.height]) }
    /// The horizontal centre.
    public var centerX: Anchor { Anchor(view: self, attributes: [.centerX]) }
    /// The vertical centre.
    public var centerY: Anchor { Anchor(view: self, attributes: [.centerY]) }
    /// Top, left, bottom and right.
    public var edges: Anchor { Anchor(view: self, attributes: Composite.edges) }
    /// Width and height.
    public var size: Anchor { Anchor(view: self, attributes: Composite.size) }
    /// Both centres.
    public var center: Anchor { Anchor(view: self, attributes: Composite.center) }
    /// Left and right.
    public var horizontalEdges: Anchor { Anchor(view: self, attributes: Composite.horizontalEdges) }
    /// Top and bottom.
    public var verticalEdges: Anchor { Anchor(view: self, attributes: Composite.verticalEdges) }
}
