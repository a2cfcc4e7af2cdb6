import Synchronization

/// A lock around state the server's threads share. Foundation's `NSLock` is
/// not in FoundationEssentials, and the `casement` binary links no more of
/// Foundation than that (a process that loads all of Foundation pays about
/// 6 MB of memory for it at start; see docs/cli.md, "Memory").
final class ServerLock: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
