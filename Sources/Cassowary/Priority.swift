/// How much a constraint matters, on Auto Layout's scale: 1000 is required,
/// anything lower is a preference. Lower priorities never outweigh higher ones,
/// however many of them are violated.
public struct Priority: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// 1...1000.
    public let value: Int

    public init(_ value: Int) {
        precondition((1...1000).contains(value), "priority \(value) is outside 1...1000")
        self.value = value
    }

    public init(integerLiteral value: Int) { self.init(value) }

    public static let required = Priority(1000)
    public static let high = Priority(750)
    public static let medium = Priority(500)
    public static let low = Priority(250)
    public static let weakest = Priority(1)

    public var isRequired: Bool { value == 1000 }

    public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }

    public var description: String {
        switch value {
        case 1000: "required"
        case 750: "high"
        case 500: "medium"
        case 250: "low"
        default: String(value)
        }
    }
}
