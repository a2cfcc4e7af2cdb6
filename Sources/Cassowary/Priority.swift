/// How much a constraint matters, on Auto Layout's scale: 1000 is required,
/// anything lower is a preference. Lower priorities never outweigh higher ones,
/// however many of them are violated.
public struct Priority: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// 1...1000; `aboveAllPreferences` reads as 999.
    public let value: Int
    /// The solver's ordering: twice `value`, so a level fits between 999 and 1000.
    let rank: Int

    /// A priority of 1...1000; traps outside that range.
    public init(_ value: Int) {
        precondition((1...1000).contains(value), "priority \(value) is outside 1...1000")
        self.value = value
        self.rank = value * 2
    }

    private init(value: Int, rank: Int) {
        self.value = value
        self.rank = rank
    }

    /// Lets a literal stand for a priority: `priority: 750`.
    public init(integerLiteral value: Int) { self.init(value) }

    /// 1000: the constraint must hold; never an error variable in the objective.
    public static let required = Priority(1000)
    /// 750.
    public static let high = Priority(750)
    /// 500.
    public static let medium = Priority(500)
    /// 250.
    public static let low = Priority(250)
    /// 1: the first preference to give way.
    public static let weakest = Priority(1)
    /// A preference that outranks 999 and every other preference, but still gives
    /// way to required constraints: for what the caller does not write itself, such
    /// as the size of the window a layout lives in.
    public static let aboveAllPreferences = Priority(value: 999, rank: 1999)

    /// True for `.required` only.
    public var isRequired: Bool { rank == 2000 }

    /// Orders by rank: weaker first, `aboveAllPreferences` just below required.
    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }

    /// The name of a named priority, `above 999`, or the number.
    public var description: String {
        switch rank {
        case 2000: "required"
        case 1999: "above 999"
        case 1500: "high"
        case 1000: "medium"
        case 500: "low"
        default: String(value)
        }
    }
}
