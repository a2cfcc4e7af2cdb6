/// Finds changes by comparing `stat` snapshots at a fixed interval: the fallback
/// where inotify is unavailable, forced, or cannot watch a directory.
struct PollingSource: Sendable {
    typealias Instant = ContinuousClock.Instant

    var interval: Duration
    private var snapshots: [String: FileSnapshot] = [:]
    private(set) var nextPoll: Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    var keys: [String] { snapshots.keys.sorted() }

    /// Polls exactly `keys` from now on. New keys start from their current state,
    /// so watching a file does not report it.
    mutating func setKeys(_ keys: Set<String>, now: Instant) {
        for key in snapshots.keys where !keys.contains(key) {
            snapshots[key] = nil
        }
        for key in keys.sorted() where snapshots[key] == nil {
            snapshots[key] = .take(key)
        }
        if snapshots.isEmpty {
            nextPoll = nil
        } else if nextPoll == nil {
            nextPoll = now + interval
        }
    }

    /// The keys whose snapshot changed, sorted, when a poll is due; empty otherwise.
    mutating func pollIfDue(now: Instant) -> [String] {
        guard let due = nextPoll, now >= due else { return [] }
        var changed: [String] = []
        for key in snapshots.keys.sorted() {
            let current = FileSnapshot.take(key)
            if current != snapshots[key] {
                snapshots[key] = current
                changed.append(key)
            }
        }
        // Schedule from now, not from the missed deadline: a loop that was busy
        // should not poll several times in a row to catch up.
        nextPoll = now + interval
        return changed
    }
}
