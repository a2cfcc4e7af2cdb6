/// How the left side of a lowered constraint relates to its right side.
public enum Relation: String, Hashable, Sendable, Comparable {
    case equal = "=="
    case greaterOrEqual = ">="
    case lessOrEqual = "<="

    /// The same relation seen from the other side (`a >= b` is `b <= a`).
    public var flipped: Relation {
        switch self {
        case .equal: .equal
        case .greaterOrEqual: .lessOrEqual
        case .lessOrEqual: .greaterOrEqual
        }
    }

    private var order: Int {
        switch self {
        case .equal: 0
        case .greaterOrEqual: 1
        case .lessOrEqual: 2
        }
    }

    /// Orders relations `==`, `>=`, `<=`, for sorted output.
    public static func < (a: Relation, b: Relation) -> Bool { a.order < b.order }
}
