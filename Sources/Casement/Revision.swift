import Synchronization

/// Counts every change to any view or rule made in code, so a `Layout` knows
/// whether it must write its spec again before it answers.
enum Revision {
    private static let counter = Atomic<Int>(0)

    /// The count now.
    static var current: Int { counter.load(ordering: .relaxed) }

    private static let ids = Atomic<Int>(0)

    /// A fresh number for an anonymous view's generated id.
    static func nextID() -> Int { ids.add(1, ordering: .relaxed).newValue }

    /// Records a change.
    static func bump() { counter.add(1, ordering: .relaxed) }
}
