/// A solver variable a lowered constraint mentions: an attribute of a view, or
/// an auxiliary variable a shorthand needs (a grow unit, a free spacing, a
/// grid track), owned by the view that wrote the shorthand.
public enum Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    case attribute(view: String, Attribute)
    case auxiliary(owner: String, name: String)

    /// The view the variable belongs to.
    public var view: String {
        switch self {
        case .attribute(let view, _): view
        case .auxiliary(let owner, _): owner
        }
    }

    /// The attribute of a view attribute; nil for an auxiliary variable.
    public var attribute: Attribute? {
        if case .attribute(_, let attribute) = self { return attribute }
        return nil
    }

    /// `view.attr`, or `view.~name` for an auxiliary variable.
    public var description: String {
        switch self {
        case .attribute(let view, let attribute): "\(view).\(attribute.rawValue)"
        case .auxiliary(let owner, let name): "\(owner).~\(name)"
        }
    }

    /// Switching on each side alone binds the payloads in place; the derived
    /// `==` switches on a tuple of both, which copies them. Reloads compare every
    /// constraint's variables.
    public static func == (a: Variable, b: Variable) -> Bool {
        switch a {
        case .attribute(let view, let attribute):
            guard case .attribute(let otherView, let otherAttribute) = b else { return false }
            return attribute == otherAttribute && view == otherView
        case .auxiliary(let owner, let name):
            guard case .auxiliary(let otherOwner, let otherName) = b else { return false }
            return name == otherName && owner == otherOwner
        }
    }

    /// Attributes before auxiliaries, then by view and attribute or by owner and name.
    public static func < (a: Variable, b: Variable) -> Bool {
        switch (a, b) {
        case (.attribute(let v1, let a1), .attribute(let v2, let a2)):
            v1 != v2 ? v1 < v2 : a1 < a2
        case (.auxiliary(let o1, let n1), .auxiliary(let o2, let n2)):
            o1 != o2 ? o1 < o2 : n1 < n2
        case (.attribute, .auxiliary): true
        case (.auxiliary, .attribute): false
        }
    }
}

/// `coefficient * variable`.
public struct LinearTerm: Hashable, Sendable {
    /// The variable multiplied.
    public var variable: Variable
    /// Its factor.
    public var coefficient: Double

    /// `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `coefficient * $name` of a view: a layout property the engine reads from the
/// view's computed style. It belongs to the constant part of a constraint, so a
/// stylesheet edit that changes it is a constant-only change.
public struct StyleTerm: Hashable, Sendable {
    /// The view whose computed style gives the value.
    public var view: String
    /// The property name without `$`, always one component (`size-width`, never `size`).
    public var name: String
    /// Its factor.
    public var coefficient: Double

    /// `coefficient * $name` of `view`.
    public init(view: String, name: String, coefficient: Double = 1) {
        self.view = view
        self.name = name
        self.coefficient = coefficient
    }
}
