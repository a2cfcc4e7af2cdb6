/// How much a constraint matters, on Auto Layout's scale: 1000 is required,
/// anything lower is a preference. Lower priorities never outweigh higher ones,
/// however many of them are violated.
public struct Priority: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The solver's ordering: twice the value, so a level fits between 999 and
    /// 1000. The value is read off it, and 32 bits hold it: every constraint
    /// the solver keeps (twice: the caller's copy and its record) carries a
    /// priority, and with two `Int`s a constraint took 48 bytes instead of 32.
    private let storedRank: Int32

    /// 1...1000; `aboveAllPreferences` reads as 999.
    public var value: Int { storedRank == 1999 ? 999 : Int(storedRank / 2) }

    /// The solver's ordering (see `storedRank`).
    var rank: Int { Int(storedRank) }

    /// A priority of 1...1000; traps outside that range.
    public init(_ value: Int) {
        precondition((1...1000).contains(value), "priority \(value) is outside 1...1000")
        storedRank = Int32(value * 2)
    }

    private init(rank: Int32) {
        storedRank = rank
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
    public static let aboveAllPreferences = Priority(rank: 1999)

    /// True for `.required` only.
    public var isRequired: Bool { storedRank == 2000 }

    /// Orders by rank: weaker first, `aboveAllPreferences` just below required.
    public static func < (a: Priority, b: Priority) -> Bool { a.storedRank < b.storedRank }

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
