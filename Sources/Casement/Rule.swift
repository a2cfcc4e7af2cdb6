import Diagnostics
import LayoutSpec

/// Something a relation may take: an anchor (`header.bottom`), a view (its
/// attribute of the same name), a number, a widget. Arrays of targets have
/// their own overloads (one constraint each). Conform a type of your own to
/// make it a target (a widget is one through its view).
public protocol ConstraintTarget {
    /// What the rule reads.
    var target: RuleTarget { get }
}

/// The right side of a rule, before its multiplier and constant.
public enum RuleTarget {
    /// Attributes of a view: one, or a composite whose member of the constrained
    /// attribute's name is read; none: the constrained attribute itself.
    case anchor(View, [AnchorAttribute])
    /// The superview's attribute of the same name.
    case superview
    /// A number: the rule's constant (as SnapKit). A length for `width` and
    /// `height`; for a position, a distance from the superview's same attribute.
    case number(Double)
    /// A style value of the view (`$size` reads `size-width` for `width`).
    case style(String)
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

/// A view a rule reads, held weakly as SnapKit and UIKit hold a constraint's
/// items: a rule never keeps a view alive (two siblings, or a view and its
/// superview, that name each other would otherwise never be freed). A rule
/// whose view is gone names it by its last id, and the layout reports it as it
/// reports a view taken out of the tree.
struct ViewReference {
    private(set) weak var view: View?
    private let lastID: String

    init(_ view: View) {
        self.view = view
        lastID = view.ensureID()
    }

    /// The id rules name the view by.
    var id: String { view?.ensureID() ?? lastID }
}

/// What a rule reads besides its constant: SnapKit's "related item".
enum Related {
    /// Attributes of a view (none: the constrained attribute).
    case anchor(ViewReference, [AnchorAttribute])
    /// The superview's same attribute.
    case superview
    /// Nothing: a length is the constant alone, a position is measured from the superview.
    case none
    /// A style value of the view.
    case style(String)
}

/// The constant of a rule, as SnapKit keeps it: one number for every
/// attribute (a number target, `offset`, `update(offset:)`), or insets that
/// give each attribute its own (`inset`, `update(inset:)`). Each replaces the last.
enum RuleConstant: Equatable {
    case offset(Double)
    case insets(Insets)

    /// The number this constant adds to one attribute (SnapKit's directions for insets).
    func value(for attribute: AnchorAttribute) -> Double {
        switch self {
        case .offset(let amount): return amount
        case .insets(let insets):
            switch attribute {
            case .top: return insets.top
            case .left, .leading: return insets.left
            case .bottom: return -insets.bottom
            case .right, .trailing: return -insets.right
            case .width: return -(insets.left + insets.right)
            case .height: return -(insets.top + insets.bottom)
            case .centerX: return (insets.left - insets.right) / 2
            case .centerY: return (insets.top - insets.bottom) / 2
            }
        }
    }
}

/// One rule a view made: attributes, relation, what it reads, multiplier,
/// constant, priority, label and the Swift line that wrote it. A reference, so
/// the maker chain and `Constraint` handles edit the rule the view keeps; every
/// edit tells the view, whose layout then applies it.
final class Rule {
    var attributes: [AnchorAttribute]
    var relation: Relation
    var related: Related
    var multiplier: Double = 1 { didSet { changed() } }
    var constant: RuleConstant { didSet { changed() } }
    /// `$name` values added to the constant, with their signs.
    var styleOffsets: [(name: String, sign: Double)] = [] { didSet { changed() } }
    var priority = LayoutPriority.required { didSet { changed() } }
    var label: String? { didSet { changed() } }
    var isActive = true { didSet { changed() } }
    let location: SourceLocation
    /// A warning to show for as long as the rule exists (say, an update that matched nothing).
    var warning: String? { didSet { changed() } }
    /// The view that keeps the rule (set when the rule is added to one).
    weak var owner: View?

    init(attributes: [AnchorAttribute], relation: Relation, target: RuleTarget, location: SourceLocation) {
        self.attributes = attributes
        self.relation = relation
        self.location = location
        switch target {
        case .anchor(let view, let members): related = .anchor(ViewReference(view), members)
        case .superview: related = .superview
        case .number(let value): related = .none
            constant = .offset(value)
            return
        case .style(let name): related = .style(name)
        }
        constant = .offset(0)
    }

    private func changed() { owner?.rulesChanged() }

    /// The terms a rule reads for one attribute, besides constants: the
    /// view attributes (times the multiplier) of its right side, as lowering
    /// makes them (a position with nothing else is measured from the superview).
    func shape(for attribute: AnchorAttribute, of view: View) -> RuleShape? {
        var shape = RuleShape()
        switch related {
        case .anchor(let target, let members):
            guard let member = Self.member(of: members, for: attribute), let target = target.view else { return nil }
            shape.add(target, member, multiplier)
        case .superview:
            guard let parent = view.superview else { return nil }
            shape.add(parent, attribute.attribute, multiplier)
        case .none, .style:
            break
        }
        return shape.measuredFromSuperview(for: attribute.attribute, of: view)
    }

    /// The attribute read from a target: the constrained one for a whole view,
    /// the anchor's own, or a composite's member of the same name.
    static func member(of members: [AnchorAttribute], for attribute: AnchorAttribute) -> Attribute? {
        if members.isEmpty { return attribute.attribute }
        if members.count == 1 { return members[0].attribute }
        return members.first { $0.attribute == attribute.attribute }?.attribute
    }

    /// Whether `other`, made in `updateConstraints`, is this rule with another
    /// constant: the same label when both have one; else the same attributes,
    /// relation, right-side shape and priority (as SnapKit's update).
    func matchesForUpdate(_ other: Rule, of view: View) -> Bool {
        attributes.map(\.attribute) == other.attributes.map(\.attribute)
            && attributes.allSatisfy { matches(other, on: $0, of: view) }
    }

    /// Whether `other` stands for this rule's constraint on one attribute:
    /// the same label when both have one; else the same relation, right-side
    /// shape (view attributes and multiplier) and priority.
    func matches(_ other: Rule, on attribute: AnchorAttribute, of view: View) -> Bool {
        guard attributes.contains(where: { $0.attribute == attribute.attribute }) else { return false }
        if let label, let otherLabel = other.label { return label == otherLabel }
        return label == other.label && relation == other.relation && priority == other.priority
            && sameStyleTarget(as: other) && shape(for: attribute, of: view) == other.shape(for: attribute, of: view)
    }

    /// Takes one attribute out of this rule into a rule of its own, the same
    /// in every other way (so an update can change that attribute's constant alone).
    func splitOff(_ attribute: AnchorAttribute) -> Rule {
        let piece = Rule(attributes: [attribute], relation: relation, target: .number(0), location: location)
        piece.related = related
        piece.multiplier = multiplier
        piece.constant = constant
        piece.styleOffsets = styleOffsets
        piece.priority = priority
        piece.label = label
        piece.isActive = isActive
        attributes.removeAll { $0.attribute == attribute.attribute }
        owner?.rulesChanged()
        return piece
    }

    /// Style targets are told apart by name; numbers and the superview match (as in SnapKit).
    private func sameStyleTarget(as other: Rule) -> Bool {
        switch (related, other.related) {
        case (.style(let a), .style(let b)): a == b
        case (.style, _), (_, .style): false
        default: true
        }
    }

    /// Takes the constant part of `other`: its constant and style offsets.
    func takeConstant(of other: Rule) {
        if case .style = related, case .style = other.related { related = other.related }
        constant = other.constant
        styleOffsets = other.styleOffsets
    }
}

/// The view attributes a rule's right side reads, with their coefficients:
/// what must agree for `updateConstraints` to take a rule for another.
struct RuleShape: Equatable {
    struct Term: Equatable {
        var view: ObjectIdentifier
        var attribute: Attribute
        var coefficient: Double
    }

    private(set) var terms: [Term] = []

    mutating func add(_ view: View, _ attribute: Attribute, _ coefficient: Double) {
        let key = ObjectIdentifier(view)
        if let index = terms.firstIndex(where: { $0.view == key && $0.attribute == attribute }) {
            terms[index].coefficient += coefficient
            if terms[index].coefficient == 0 { terms.remove(at: index) }
        } else if coefficient != 0 {
            terms.append(Term(view: key, attribute: attribute, coefficient: coefficient))
        }
    }

    mutating func add(_ other: RuleShape, times factor: Double) {
        for term in other.terms {
            let key = term.view
            if let index = terms.firstIndex(where: { $0.view == key && $0.attribute == term.attribute }) {
                terms[index].coefficient += term.coefficient * factor
                if terms[index].coefficient == 0 { terms.remove(at: index) }
            } else if term.coefficient * factor != 0 {
                terms.append(Term(view: key, attribute: term.attribute, coefficient: term.coefficient * factor))
            }
        }
    }

    var isEmpty: Bool { terms.isEmpty }

    /// As lowering does: a position that reads no view is measured from the superview's.
    func measuredFromSuperview(for attribute: Attribute, of view: View) -> RuleShape {
        guard terms.isEmpty, attribute.isPosition, let parent = view.superview else { return self }
        var shape = self
        shape.add(parent, attribute, 1)
        return shape
    }

    static func == (a: RuleShape, b: RuleShape) -> Bool {
        a.terms.count == b.terms.count && a.terms.allSatisfy { b.terms.contains($0) }
    }
}
