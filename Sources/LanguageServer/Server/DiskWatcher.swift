import FileWatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's own watcher of the files its analysis reads from disk, for
/// clients that cannot watch files for it (no dynamic registration of
/// `workspace/didChangeWatchedFiles`). A thread of its own waits on a
/// `FileWatcher` (inotify, or polling where there is none) and hands each
/// settled batch of changed paths to `onChange`.
final class DiskWatcher: @unchecked Sendable {
    private let watcher: FileWatcher
    private let onChange: @Sendable ([String]) -> Void
    /// The files to watch, set from the analysis queue and applied by the watching
    /// thread (a `FileWatcher` is used from one thread only).
    private let wanted = Mutex<(paths: Set<String>, changed: Bool, running: Bool)>(([], false, true))
    private var thread: pthread_t?

    /// A started watcher, or nil when no watcher can start.
    init?(onChange: @escaping @Sendable ([String]) -> Void) {
        guard let watcher = try? FileWatcher() else { return nil }
        self.watcher = watcher
        self.onChange = onChange
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            let watcher = Unmanaged<DiskWatcher>.fromOpaque(argument!).takeRetainedValue()
            watcher.loop()
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return nil
        }
        pthread_detach(thread)
        self.thread = thread
    }

    /// Watches exactly these files from now on.
    func watch(_ paths: Set<String>) {
        wanted.withLock { state in
            guard state.paths != paths else { return }
            state.paths = paths
            state.changed = true
        }
    }

    /// Ends the watching thread (within a tenth of a second).
    func stop() { wanted.withLock { $0.running = false } }

    private func loop() {
        while true {
            let (paths, changed, running) = wanted.withLock { state -> (Set<String>, Bool, Bool) in
                defer { state.changed = false }
                return (state.paths, state.changed, state.running)
            }
            guard running else { return }
            if changed { watcher.setWatchedFiles(paths) }
            // A tenth of a second: a new set of files is watched that soon after it is given.
            let changes = watcher.waitForChanges(timeout: .milliseconds(100))
            if !changes.isEmpty { onChange(changes.map(\.path)) }
        }
    }
}
