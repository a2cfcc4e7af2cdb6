/// Something a relation may take: an anchor (`header.bottom`), a view (its
/// attribute of the same name), a number. Arrays of targets have their own
/// overloads (one constraint each).
public protocol ConstraintTarget {
    /// What the rule reads (the DSL's own model, turned into `.layout` by the bridge).
    var target: RuleTarget { get }
}

/// The right side of a rule before its multiplier and constant.
public enum RuleTarget {
    /// Attributes of a view: one, or a composite whose member of the constrained
    /// attribute's name is read.
    case anchor(View, [AnchorAttribute])
    /// The superview's attribute of the same name.
    case superview
    /// A number: a length for `width`/`height`, a distance from the superview's
    /// same attribute for a position (as SnapKit).
    case number(Double)
    /// A style value of the view (`$size` reads `size-width` for `width`).
    case style(String)

    /// Whether two targets are "the same" for `updateConstraints`: the same view
    /// attributes, or both numbers, or the same style name.
    func matches(_ other: RuleTarget) -> Bool {
        switch (self, other) {
        case (.anchor(let a, let x), .anchor(let b, let y)): a === b && x.map(\.attribute) == y.map(\.attribute)
        case (.superview, .superview), (.number, .number): true
        case (.style(let a), .style(let b)): a == b
        default: false
        }
    }
}

extension View: ConstraintTarget {
    /// The same attribute of this view.
    public var target: RuleTarget { .anchor(self, []) }
}

extension Int: ConstraintTarget {
    /// A number of cells.
    public var target: RuleTarget { .number(Double(self)) }
}

extension Double: ConstraintTarget {
    /// A number of cells.
    public var target: RuleTarget { .number(self) }
}

/// One rule a view made: attributes, relation, target, multiplier, constant,
/// priority, label and the Swift line that wrote it. A reference, so the maker
/// chain and `Constraint` handles edit the rule the view keeps.
final class Rule {
    var attributes: [AnchorAttribute]
    var relation: Relation
    var target: RuleTarget
    var multiplier: Double = 1
    var offset: Double = 0
    var insets = Insets.zero
    /// `$name` values added to the constant, with their signs.
    var styleOffsets: [(name: String, sign: Double)] = []
    var priority = LayoutPriority.required
    var label: String?
    var isActive = true
    var location: SourceLocation
    /// A warning to show for as long as the rule exists (say, an update that matched nothing).
    var warning: String?

    init(attributes: [AnchorAttribute], relation: Relation, target: RuleTarget, location: SourceLocation) {
        self.attributes = attributes
        self.relation = relation
        self.target = target
        self.location = location
    }

    /// The same rule up to its constant part: what `updateConstraints` looks for.
    func matchesForUpdate(_ other: Rule) -> Bool {
        if let label, let otherLabel = other.label { return label == otherLabel }
        return attributes.map(\.attribute) == other.attributes.map(\.attribute) && relation == other.relation
            && target.matches(other.target) && multiplier == other.multiplier && priority == other.priority
            && label == other.label
    }

    /// Takes the constant part of `other`: its number, offset, insets and style offsets.
    func takeConstant(of other: Rule) {
        if case .number = target, case .number = other.target { target = other.target }
        if case .style = target, case .style = other.target { target = other.target }
        offset = other.offset
        insets = other.insets
        styleOffsets = other.styleOffsets
    }

    /// The number an inset adds to one attribute (SnapKit's directions).
    func insetConstant(for attribute: AnchorAttribute) -> Double {
        switch attribute {
        case .top: insets.top
        case .left, .leading: insets.left
        case .bottom: -insets.bottom
        case .right, .trailing: -insets.right
        case .width: -(insets.left + insets.right)
        case .height: -(insets.top + insets.bottom)
        case .centerX: (insets.left - insets.right) / 2
        case .centerY: (insets.top - insets.bottom) / 2
        }
    }
}
