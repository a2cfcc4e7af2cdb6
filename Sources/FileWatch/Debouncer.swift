/// Holds back changed paths until the watched files have been quiet for a while,
/// so a burst of saves ends in one report. A steady stream of writes is still
/// reported every `maximumDelay`, so it cannot hold a reload back forever.
///
/// A save known to be finished is the leading edge: it is due at once, unless
/// a leading edge was due less than `quiet` ago. Activity after a leading edge
/// waits out the quiet period as usual (the trailing edge), so a burst gives an
/// immediate report of the first finished save and one more of the last content.
struct Debouncer: Sendable {
    typealias Instant = ContinuousClock.Instant

    var quiet: Duration
    var maximumDelay: Duration
    private(set) var pending: Set<String> = []
    private var firstEvent: Instant?
    private var quietUntil: Instant?
    /// When the last leading edge fell due.
    private var leadingEdge: Instant?
    /// The pending paths include a finished save due at once.
    private var dueNow = false

    init(quiet: Duration, maximumDelay: Duration) {
        self.quiet = quiet
        self.maximumDelay = maximumDelay
    }

    /// Records activity on `keys` seen at `time`; `quietFor` overrides the quiet
    /// period (a polling source needs one whole quiet poll); `finished` says a
    /// writer finished one of them (see the type's note on leading edges).
    mutating func note<S: Sequence<String>>(_ keys: S, at time: Instant, quietFor: Duration? = nil, finished: Bool = false) {
        var any = false
        for key in keys {
            pending.insert(key)
            any = true
        }
        guard any else { return }
        if firstEvent == nil { firstEvent = time }
        if finished, leadingEdge.map({ time >= $0 + quiet }) ?? true {
            leadingEdge = time
            dueNow = true
        }
        let until = time + (quietFor ?? quiet)
        if let current = quietUntil, current > until { return }
        quietUntil = until
    }

    /// When the pending paths settle; nil when nothing is pending.
    var deadline: Instant? {
        guard let firstEvent, let quietUntil, !pending.isEmpty else { return nil }
        if dueNow, let leadingEdge { return leadingEdge }
        let cap = firstEvent + max(maximumDelay, quiet)
        return min(quietUntil, cap)
    }

    /// The settled paths, sorted, once `now` has reached the deadline; empty before.
    mutating func takeSettled(now: Instant) -> [String] {
        guard let deadline, now >= deadline else { return [] }
        let settled = pending.sorted()
        pending.removeAll()
        firstEvent = nil
        quietUntil = nil
        dueNow = false
        return settled
    }

    /// Drops pending paths that are no longer watched.
    mutating func keep(only keys: Set<String>) {
        pending.formIntersection(keys)
        if pending.isEmpty {
            firstEvent = nil
            quietUntil = nil
            dueNow = false
        }
    }
}
