/// How much a lowered constraint matters, on Auto Layout's 1–1000 scale
/// (1000 is required). The layout engine maps it onto the solver's strengths.
public struct LayoutPriority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1...1000.
    public let value: Int

    /// nil when the value is outside 1...1000.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(checked value: Int) { self.value = value }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(checked: 1000)
    /// Just below required: what shorthands use for placements that should
    /// give way, reported as broken rather than as a conflict, when they cannot hold.
    public static let strong = LayoutPriority(checked: 999)
    /// 750, `@high`.
    public static let high = LayoutPriority(checked: 750)
    /// 500, `@medium`.
    public static let medium = LayoutPriority(checked: 500)
    /// 250, `@low`.
    public static let low = LayoutPriority(checked: 250)
    /// 1, `@weak`: the first to give way.
    public static let weak = LayoutPriority(checked: 1)

    /// The names a spec may write after `@`.
    public static let names: [String] = ["required", "high", "medium", "low", "weak"]

    /// The priority a spec names after `@`; nil for an unknown name.
    public init?(name: String) {
        switch name {
        case "required": self = .required
        case "high": self = .high
        case "medium": self = .medium
        case "low": self = .low
        case "weak": self = .weak
        default: return nil
        }
    }

    /// True at 1000.
    public var isRequired: Bool { value == 1000 }

    /// Orders by value: weaker first.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.value < b.value }

    /// The name for a named priority, else the number.
    public var description: String {
        switch value {
        case 1000: "required"
        case 750: "high"
        case 500: "medium"
        case 250: "low"
        case 1: "weak"
        default: String(value)
        }
    }
}
