import Diagnostics

/// One plain constraint after lowering: `left relation right` at a priority,
/// with its identity, label and the source line it came from. Rules,
/// shorthands and VFL lines all lower to these; the engine hands them to the
/// solver and the inspector shows them.
public struct LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    /// Also holds the owner view, the label and the left side.
    public var identity: ConstraintIdentity
    /// The rule, shorthand or VFL item it came from.
    public var location: SourceLocation
    /// How much it matters (1000 is required).
    public var priority: LayoutPriority
    /// How the left side relates to the right.
    public var relation: Relation
    /// The right side: variable terms, style values and a number.
    public var right: LinearExpression

    /// A lowered constraint from its parts.
    public init(
        identity: ConstraintIdentity, location: SourceLocation, priority: LayoutPriority,
        relation: Relation, right: LinearExpression
    ) {
        self.identity = identity
        self.location = location
        self.priority = priority
        self.relation = relation
        self.right = right
    }

    /// The view that owns the constraint (wrote it).
    public var view: String { identity.view }

    /// The user's `as` label or a shorthand's generated one (`row.gap`, `vfl`, …).
    public var label: String? { identity.label }

    /// The constrained variable.
    public var left: Variable { identity.left }

    /// Every view the constraint mentions, the owner first; duplicates removed.
    /// A view deleted on reload takes every constraint that mentions it.
    public var mentionedViews: [String] {
        var views = [identity.view]
        for view in [left.view] + right.mentionedViews where !views.contains(view) {
            views.append(view)
        }
        return views
    }

    /// True when `other` is the same solver constraint up to its constant part
    /// (numbers and style values): the engine can then just change the constant.
    public func differsOnlyInConstant(from other: LayoutConstraint) -> Bool {
        relation == other.relation && priority == other.priority && left == other.left
            && right.hasSameShape(as: other.right)
    }

    /// True when the solver would see no difference at all (the location and
    /// label may still differ).
    public func isSolverEquivalent(to other: LayoutConstraint) -> Bool {
        differsOnlyInConstant(from: other) && right.hasSameConstantPart(as: other.right)
    }

    /// `red.left == blue.right + $margin-left @high as red-gap`: the form the
    /// inspector and golden tests read.
    public var description: String {
        var text = "\(left) \(relation.rawValue) \(right.formatted(ownStyleView: left.view))"
        if !priority.isRequired { text += " @\(priority)" }
        if let label { text += " as \(label)" }
        return text
    }
}

extension LinearExpression {
    /// Terms in written order, then style values, then the number. A style
    /// value of `ownStyleView` prints as `$name`, of another view as `view.$name`.
    public func formatted(ownStyleView: String) -> String {
        var pieces: [(negative: Bool, text: String)] = []
        for term in terms {
            let size = abs(term.coefficient)
            let body = size == 1 ? term.variable.description : "\(term.variable) * \(formatNumber(size))"
            pieces.append((term.coefficient < 0, body))
        }
        for style in styles {
            let name = style.view == ownStyleView ? "$\(style.name)" : "\(style.view).$\(style.name)"
            let size = abs(style.coefficient)
            pieces.append((style.coefficient < 0, size == 1 ? name : "\(name) * \(formatNumber(size))"))
        }
        if constant != 0 || pieces.isEmpty {
            pieces.append((constant < 0, formatNumber(abs(constant))))
        }
        var text = ""
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                text = piece.negative ? "-" + piece.text : piece.text
            } else {
                text += piece.negative ? " - " : " + "
                text += piece.text
            }
        }
        return text
    }
}

/// Integers without a fraction; other numbers in Swift's shortest exact form.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
