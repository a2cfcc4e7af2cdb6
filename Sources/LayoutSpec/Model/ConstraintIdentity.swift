/// What makes a lowered constraint "the same constraint" across reloads
/// (PRODUCT.md §3): (view, label) for a labelled constraint, else (view,
/// attribute, relation, shape of the right side, ordinal). The shape leaves out
/// numbers and style values, so an edit that only changes constants keeps the
/// identity and the engine can update the constant in place.
///
/// A rule with a composite or a comma list lowers to several constraints; the
/// left-side variable tells them apart, and `ordinal` counts repeats of the
/// same key within the view in source order.
public struct ConstraintIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The view whose body (or header, for container shorthands) wrote the constraint.
    public var view: String
    /// The user's `as` label or a shorthand's generated label; nil when unlabelled.
    public var label: String?
    /// The left-side variable: tells apart the constraints one rule lowers to.
    public var left: Variable
    /// Only for unlabelled constraints.
    public var relation: Relation?
    /// Only for unlabelled constraints: the right side's variable terms, sorted.
    public var shape: [LinearTerm]
    /// How many earlier constraints of the same view share this key, in source order.
    public var ordinal: Int

    /// An identity; a labelled one drops `relation` and `shape`, so only the label names it.
    public init(view: String, label: String?, left: Variable, relation: Relation, shape: [LinearTerm], ordinal: Int = 0) {
        self.view = view
        self.label = label
        self.left = left
        self.relation = label == nil ? relation : nil
        self.shape = label == nil ? shape : []
        self.ordinal = ordinal
    }

    /// Equal in everything but the view and the ordinal to an identity with
    /// these parts (`relation` and `shape` as an identity stores them: nil and
    /// empty when labelled). Ordinals count the earlier constraints of a view
    /// for which this holds.
    func hasKey(label: String?, left: Variable, relation: Relation?, shape: [LinearTerm]) -> Bool {
        self.left == left && self.label == label && self.relation == relation && self.shape == shape
    }

    /// The cheap fields first: reloads compare every identity of a spec.
    public static func == (a: ConstraintIdentity, b: ConstraintIdentity) -> Bool {
        a.ordinal == b.ordinal && a.relation == b.relation && a.label == b.label && a.left == b.left
            && a.view == b.view && a.shape == b.shape
    }

    /// `view: as label, left` or `view: left relation [shape]`, then `#ordinal`: for tests and debugging.
    public var description: String {
        var text = view + ": "
        if let label {
            text += "as \(label), \(left)"
        } else {
            let shapeText = shape.map { "\($0.variable)*\(formatNumber($0.coefficient))" }.joined(separator: " ")
            text += "\(left) \(relation?.rawValue ?? "?") [\(shapeText)]"
        }
        return text + " #\(ordinal)"
    }
}
