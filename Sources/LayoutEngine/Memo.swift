import Synchronization

/// A value a read works out on first use and keeps, so that reads can stay
/// non-`mutating` while their answers are cached.
///
/// Sessions are values and copies share their memos. That is sound because a
/// memo is shared only by copies whose state is the same: every mutation that
/// changes what a memo answers first gives its copy a memo of its own (a fresh
/// one, or `copy()` when it updates the kept value). The lock makes a lazy fill
/// from two threads reading two copies at once safe.
final class Memo<Value: Sendable>: Sendable {
    private let storage: Mutex<Value?>

    init(_ value: Value? = nil) {
        storage = Mutex(value)
    }

    /// The kept value, if it was worked out.
    var value: Value? { storage.withLock { $0 } }

    /// The kept value, or `make()`'s, kept. `make` runs outside the lock, so it
    /// may read other memos.
    func value(orMake make: () -> Value) -> Value {
        if let kept = value { return kept }
        let made = make()
        storage.withLock { $0 = made }
        return made
    }

    /// Reads from the kept value (nil when none is kept).
    func read<T>(_ body: (Value) -> T) -> T? {
        value.map(body)
    }

    /// Changes the kept value in place, if one is kept. Callers own the memo
    /// alone (see `copy()`).
    func update(_ body: (inout Value) -> Void) {
        storage.withLock { kept in
            guard var value = kept else { return }
            kept = nil
            body(&value)
            kept = value
        }
    }

    /// A memo of its own with the same kept value.
    func copy() -> Memo { Memo(value) }
}
