import Diagnostics
import LayoutSpec

/// Where a constraint stands in the solved layout.
public enum ConstraintStatus: Hashable, Sendable, CustomStringConvertible {
    /// It holds.
    case satisfied
    /// An optional constraint that does not hold; `by` is how far off it is, in cells.
    case unsatisfied(by: Double)
    /// A required constraint left out to resolve a conflict.
    case broken
    /// A required constraint in a conflict set that the engine kept (another member was broken).
    case conflicting
    /// Left out because it cannot be stated (an unset style value).
    case inactive(InactiveReason)

    /// The status as the inspector words it: `unsatisfied by 2 cells`, `broken (conflict)`.
    public var description: String {
        switch self {
        case .satisfied: "satisfied"
        case .unsatisfied(let by): "unsatisfied by \(formatCells(by))"
        case .broken: "broken (conflict)"
        case .conflicting: "in conflict (kept)"
        case .inactive(let reason): "inactive: \(reason)"
        }
    }

    /// One word for JSON and badges.
    public var keyword: String {
        switch self {
        case .satisfied: "satisfied"
        case .unsatisfied: "unsatisfied"
        case .broken: "broken"
        case .conflicting: "conflict"
        case .inactive: "inactive"
        }
    }
}

/// One constraint as the inspector shows it.
public struct ConstraintInfo: Hashable, Sendable {
    /// Who stated the constraint: the spec or the engine.
    public enum Origin: Hashable, Sendable {
        /// Written in the spec (directly or by a shorthand).
        case spec(ConstraintIdentity)
        /// Added by the engine.
        case engine(ImplicitKind)
    }

    /// Whether the spec wrote it or the engine added it.
    public var origin: Origin
    /// The view that wrote the constraint (for the engine's: the view it is about).
    public var view: String
    /// The lowered form: `red.left == blue.right + $margin-left @high as red-gap`.
    public var text: String
    /// The same with style values read, when it has any: `red.left == blue.right + 2 @high as red-gap`.
    public var resolvedText: String?
    /// How strongly the solver holds it (required or an optional strength).
    public var priority: LayoutPriority
    /// The `as` name the spec gave it, if any.
    public var label: String?
    /// The rule, shorthand or VFL item it came from; for a style limit, the
    /// stylesheet declaration; for other engine constraints, the view's declaration.
    public var location: SourceLocation
    /// Whether it holds in the solved layout.
    public var status: ConstraintStatus
    /// Every view it mentions.
    public var views: [String]
}

/// A conflict the engine resolved: the minimal set of required constraints that
/// cannot all hold, and the one it left out.
public struct ConflictReport: Hashable, Sendable {
    /// In spec order.
    public var constraints: [ConstraintInfo]
    /// The member of the set the engine left out.
    public var broken: ConstraintInfo
}

/// An optional constraint the layout does not satisfy, and by how much.
public struct UnsatisfiedPreference: Hashable, Sendable {
    /// The optional constraint that does not hold.
    public var constraint: ConstraintInfo
    /// In cells: the gap between the two sides.
    public var violation: Double
}

/// A view whose frame the constraints do not determine.
public struct ViewAmbiguity: Hashable, Sendable {
    /// The id of the view whose frame is not determined.
    public var view: String
    /// The attributes that can take more than one value (of left, top, width, height).
    public var attributes: [Attribute]
    /// The constraints that mention the moving attributes, in spec order; empty
    /// when nothing mentions them at all.
    public var constraints: [ConstraintInfo]

    /// `the width of 'a' is not determined`.
    public var message: String {
        let names = attributes.map(\.rawValue)
        let list = names.count <= 1 ? names.joined()
            : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let verb = names.count == 1 ? "is" : "are"
        if constraints.isEmpty {
            return "the \(list) of '\(view)' \(verb) not constrained at all"
        }
        return "the \(list) of '\(view)' \(verb) not determined: more than one layout satisfies its constraints"
    }
}
