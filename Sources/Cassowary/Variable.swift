import Synchronization

private let nextVariableID = Atomic<Int>(0)

/// An unknown the solver finds a value for, such as one edge of a box.
///
/// A variable is a small value with an identity: two `Variable("x")` are two
/// different variables. The name is only for people (debug output, conflict
/// reports). Values are read from the solver: `solver.value(of: x)`.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Unique in the process; never used to order anything.
    @usableFromInline let id: Int
    public let name: String

    /// A new variable, different from every other; `name` is only for people.
    public init(_ name: String = "") {
        id = nextVariableID.add(1, ordering: .relaxed).newValue
        self.name = name
    }

    /// Same identity, whatever the names.
    public static func == (a: Variable, b: Variable) -> Bool { a.id == b.id }
    /// Hashes the identity only.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The name, or `v` and the id for an unnamed variable.
    public var description: String { name.isEmpty ? "v\(id)" : name }
}
