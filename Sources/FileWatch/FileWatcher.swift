#if canImport(Glibc)
import Glibc
#endif

/// Watches a set of files and reports settled changes to them.
///
/// Built for a single-threaded event loop: poll(2) `fileDescriptor` (when not
/// nil) together with your other inputs, wake up no later than
/// `timeUntilNextDeadline(now:)`, then call `collectChanges(now:)`. Nothing here
/// blocks except `waitForChanges(timeout:)`, a convenience for tests and tools.
public final class FileWatcher {
    /// The clock reading that deadlines and `now:` arguments use.
    public typealias Instant = ContinuousClock.Instant

    /// How a watcher finds changes and how long it waits for them to settle.
    public struct Options: Sendable {
        /// Which mechanism to find changes with.
        public enum Backend: Sendable, Hashable {
            /// inotify where the kernel offers it, polling otherwise.
            case automatic
            /// inotify or an error.
            case inotify
            /// Polling only.
            case polling
        }

        /// The mechanism asked for; `mechanism` tells which one the watcher got.
        public var backend: Backend
        /// How long the watched files must stay quiet before a change is reported.
        /// A save that inotify sees finish (the file closed after writing, or
        /// renamed into place) is reported at once instead, unless another was
        /// reported less than this long ago: a burst still ends in one final
        /// report of the last content, this long after it.
        public var debounce: Duration
        /// A file written without pause is still reported this often.
        public var maximumDelay: Duration
        /// How often polling compares file states.
        public var pollInterval: Duration
        /// Whether a save inotify sees finish is reported at once (the leading
        /// edge, see `debounce`). Off: every change waits out the debounce, for
        /// tools that close a file between the steps of one write.
        public var reportsFinishedSavesAtOnce: Bool

        /// Options with the defaults a live-reload loop wants: inotify when offered, 15 ms debounce,
        /// a report at least every 250 ms while writing goes on, polling every 50 ms.
        public init(
            backend: Backend = .automatic,
            debounce: Duration = .milliseconds(15),
            maximumDelay: Duration = .milliseconds(250),
            pollInterval: Duration = .milliseconds(50),
            reportsFinishedSavesAtOnce: Bool = true
        ) {
            self.backend = backend
            self.debounce = debounce
            self.maximumDelay = maximumDelay
            self.pollInterval = pollInterval
            self.reportsFinishedSavesAtOnce = reportsFinishedSavesAtOnce
        }
    }

    /// How changes are found.
    public enum Mechanism: Sendable, Hashable {
        case inotify
        case polling
    }

    /// The mechanism in use: inotify, or polling when inotify was not asked for or not available.
    public let mechanism: Mechanism
    /// The options the watcher was made with.
    public let options: Options

    private let inotify: InotifySource?
    private var polling: PollingSource
    private var debouncer: Debouncer
    /// Watched keys (absolute, normalized) and the spellings callers gave them.
    private var spellings: [String: [String]] = [:]
    /// The state last reported (or first seen) per key.
    private var reported: [String: FileSnapshot] = [:]

    /// A watcher with no files yet. Throws only when `.inotify` was demanded and the kernel refuses it.
    public init(options: Options = Options()) throws(FileWatchError) {
        self.options = options
        switch options.backend {
        case .polling:
            inotify = nil
        case .automatic:
            inotify = InotifySource()
        case .inotify:
            guard let source = InotifySource() else { throw FileWatchError.inotifyUnavailable(errno: errno) }
            inotify = source
        }
        mechanism = inotify == nil ? .polling : .inotify
        polling = PollingSource(interval: options.pollInterval)
        debouncer = Debouncer(quiet: options.debounce, maximumDelay: options.maximumDelay)
    }

    /// Poll this for readability; nil when polling (then only deadlines matter).
    public var fileDescriptor: Int32? { inotify?.descriptor }

    /// The watched paths as the caller spelled them, sorted.
    public var watchedFiles: [String] { spellings.values.joined().sorted() }

    /// Paths watched by polling, even with inotify (their directory could not be
    /// watched), sorted. Normalized absolute paths.
    public var polledFiles: [String] { polling.keys }

    /// Replaces the watch set. Files may not exist yet: their creation is seen.
    /// Newly watched files are not reported until they change; pending changes
    /// of files no longer watched are dropped.
    public func setWatchedFiles<S: Sequence<String>>(_ paths: S, now: Instant = .now) {
        let directory = WatchPath.currentDirectory()
        var newSpellings: [String: [String]] = [:]
        for path in paths where !path.isEmpty {
            let key = WatchPath.normalized(path, relativeTo: directory)
            if !(newSpellings[key]?.contains(path) ?? false) { newSpellings[key, default: []].append(path) }
        }
        for key in newSpellings.keys { newSpellings[key]?.sort() }
        // The usual case after a reload: the import graph did not change.
        guard newSpellings != spellings else { return }
        let keys = Set(newSpellings.keys)
        let previousKeys = Set(spellings.keys)
        for key in keys.sorted() where spellings[key] == nil {
            reported[key] = .take(key)
        }
        for key in spellings.keys where !keys.contains(key) {
            reported[key] = nil
        }
        spellings = newSpellings
        debouncer.keep(only: keys)

        if let inotify {
            // A file whose watch moved may have changed while unwatched; files
            // just added start from their current state.
            let rechecks = inotify.watch(keys).filter { previousKeys.contains($0) }
            debouncer.note(rechecks.sorted(), at: now)
            polling.setKeys(inotify.unwatchable, now: now)
        } else {
            polling.setKeys(keys, now: now)
        }
    }

    /// Reads what the kernel queued (without blocking), polls when a poll is due,
    /// and returns the changes that have settled by `now`, sorted by path.
    public func collectChanges(now: Instant = .now) -> [FileChange] {
        if let inotify {
            let activity = inotify.drain()
            let finished = options.reportsFinishedSavesAtOnce && activity.finished.contains { spellings[$0] != nil }
            debouncer.note(activity.touched.sorted().filter { spellings[$0] != nil }, at: now, finished: finished)
            polling.setKeys(inotify.unwatchable, now: now)
        }
        let polled = polling.pollIfDue(now: now)
        debouncer.note(polled, at: now, quietFor: max(options.debounce, options.pollInterval))
        return report(debouncer.takeSettled(now: now))
    }

    /// How long until `collectChanges` may have something to say without new
    /// events: the debounce deadline or the next poll. nil: only events will.
    public func timeUntilNextDeadline(now: Instant = .now) -> Duration? {
        let deadlines = [debouncer.deadline, polling.nextPoll].compactMap { $0 }
        guard let next = deadlines.min() else { return nil }
        return max(.zero, now.duration(to: next))
    }

    /// Blocks until changes settle or `timeout` passes; returns them (or nothing).
    public func waitForChanges(timeout: Duration) -> [FileChange] {
        let end = Instant.now + timeout
        while true {
            let now = Instant.now
            let changes = collectChanges(now: now)
            if !changes.isEmpty { return changes }
            guard now < end else { return [] }
            var wait = now.duration(to: end)
            if let deadline = timeUntilNextDeadline(now: now) { wait = min(wait, deadline) }
            sleepOrWait(for: wait)
        }
    }

    private func sleepOrWait(for duration: Duration) {
        let milliseconds = Int32(clamping: duration.wholeMillisecondsRoundedUp)
        if let descriptor = fileDescriptor {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, milliseconds)
        } else {
            _ = poll(nil, 0, milliseconds)
        }
    }

    /// Turns settled keys into changes reflecting the files' state now.
    private func report(_ keys: [String]) -> [FileChange] {
        var changes: [FileChange] = []
        for key in keys {
            guard let names = spellings[key] else { continue }
            let now = FileSnapshot.take(key)
            let before = reported[key] ?? .missing
            reported[key] = now
            // Created and deleted again within one burst: nothing to tell.
            if !now.exists && !before.exists { continue }
            for name in names {
                changes.append(now.exists ? .modified(path: name) : .removed(path: name))
            }
        }
        return changes.sorted { $0.path < $1.path }
    }
}

/// Why a watcher could not start.
public enum FileWatchError: Error, Hashable, Sendable {
    /// inotify was asked for but the kernel refused (`errno` says why).
    case inotifyUnavailable(errno: Int32)
}

extension Duration {
    /// Whole milliseconds, rounded up so a timer never fires early.
    var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
    }
}
