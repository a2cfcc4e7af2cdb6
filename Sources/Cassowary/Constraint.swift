import Synchronization

private let nextConstraintID = Atomic<Int>(0)

/// How the two sides of a constraint relate.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual

    /// The relation's operator: `==`, `<=` or `>=`.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation between variables, with a priority.
///
/// A constraint is an immutable value with an identity: equality and hashing
/// use that identity only, so it can key dictionaries (the layout engine keys
/// provenance by constraint). `priority(_:)` returns a *new* constraint with a
/// new identity. The solver stores `expression relation 0`, where `expression`
/// is the left side minus the right side with like terms merged.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    let id: Int
    /// Left side minus right side, simplified.
    public let expression: Expression
    /// How `expression` relates to 0.
    public let relation: Relation
    /// 1000 (`.required`) must hold; anything lower is a preference.
    public let priority: Priority

    /// A new constraint, with a new identity, stating `expression relation 0`; the expression is simplified (like terms merged).
    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        id = nextConstraintID.add(1, ordering: .relaxed).newValue
        self.expression = expression.simplified()
        self.relation = relation
        self.priority = priority
    }

    /// The same relation at another priority, as a new constraint.
    public func priority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    /// The number on the right once every variable term is moved left:
    /// `a.left == b.right + 2` has constant 2, `x >= 1` has constant 1.
    /// `Solver.setConstant(_:of:)` changes it in place.
    public var constant: Double { -expression.constant }

    /// True when the priority is `.required`: the constraint must hold.
    public var isRequired: Bool { priority.isRequired }

    /// Same identity: a copy of the same constraint, never an equal-looking other one.
    public static func == (a: Constraint, b: Constraint) -> Bool { a.id == b.id }
    /// Hashes the identity only.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `terms relation constant`, with `@priority` when it is not required.
    public var description: String {
        let left = Expression(terms: expression.terms).description
        let text = "\(expression.terms.isEmpty ? "0" : left) \(relation) \(formatNumber(constant))"
        return priority.isRequired ? text : "\(text) @\(priority)"
    }

    /// The same identity with another constant; used for conflict tests.
    func replacingConstant(_ constant: Double) -> Constraint {
        Constraint(id: id, expression: Expression(terms: expression.terms, constant: -constant),
                   relation: relation, priority: priority)
    }

    private init(id: Int, expression: Expression, relation: Relation, priority: Priority) {
        self.id = id
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }
}
