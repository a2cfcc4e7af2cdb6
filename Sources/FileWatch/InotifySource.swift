#if canImport(Glibc)
import Glibc
#endif

/// Watches the directories that hold the watched files (never the files
/// themselves), so editors that save by writing a temporary file and renaming it
/// over the original, and files deleted and created again, are all seen. A file
/// whose directory does not exist yet is watched through its nearest existing
/// ancestor until the directory appears.
final class InotifySource {
    let descriptor: Int32

    /// Why a directory entry matters: it is a watched file (or a link's target),
    /// or it leads towards the directory of a file that does not exist yet.
    private struct Interest: Hashable {
        var key: String
        var isAncestor: Bool
    }

    private struct Watch {
        var descriptor: Int32
        var device: UInt64
        var inode: UInt64
    }

    private static let mask: UInt32 = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE
            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    private var keys: [String] = []
    private var interests: [String: [String: [Interest]]] = [:]
    private var plans: [String: [PlanEntry]] = [:]
    private var watches: [String: Watch] = [:]
    private var directoriesOfWatch: [Int32: [String]] = [:]
    /// Keys whose directory inotify refused to watch (no permission, watch limit).
    private(set) var unwatchable: Set<String> = []

    /// nil when the kernel offers no inotify (or the instance limit is reached).
    init?() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Watches the directories of `keys` (absolute, normalized paths). Returns the
    /// keys whose watching changed, which the caller re-checks.
    func watch(_ keys: Set<String>) -> Set<String> {
        self.keys = keys.sorted()
        return rebuild()
    }

    /// What one drain of the queue found.
    struct Activity {
        /// Keys whose files (or the directories leading to them) changed.
        var touched: Set<String> = []
        /// Keys whose file a writer finished: closed after writing, or renamed
        /// into place. An editor's save is over when this happens.
        var finished: Set<String> = []
    }

    /// Reads every queued event without blocking.
    func drain() -> Activity {
        var activity = Activity()
        var mustRebuild = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                forEachEvent(in: UnsafeRawBufferPointer(rebasing: bytes[0..<count])) { watch, mask, name in
                    if handle(watch: watch, mask: mask, name: name, activity: &activity) { mustRebuild = true }
                }
            }
        }
        if mustRebuild { activity.touched.formUnion(rebuild()) }
        return activity
    }

    // MARK: - Events

    private func forEachEvent(in bytes: UnsafeRawBufferPointer, _ body: (Int32, UInt32, String) -> Void) {
        let headerSize = 16  // wd, mask, cookie, len
        var offset = 0
        while offset + headerSize <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + length, bytes.count)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            body(watch, mask, String(decoding: nameBytes, as: UTF8.self))
            offset = nameStart + length
        }
    }

    /// Returns whether the watches must be rebuilt.
    private func handle(watch: Int32, mask: UInt32, name: String, activity: inout Activity) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every file must be checked again.
            activity.touched.formUnion(keys)
            return true
        }
        guard let directories = directoriesOfWatch[watch] else { return false }
        let lostDirectory = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
        if mask & lostDirectory != 0 {
            for directory in directories {
                for interest in (interests[directory] ?? [:]).values.joined() { activity.touched.insert(interest.key) }
            }
            if mask & UInt32(IN_IGNORED) != 0 { forget(watch: watch) }
            return true
        }
        var mustRebuild = false
        let finishes = mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0
        for directory in directories {
            for interest in interests[directory]?[name] ?? [] {
                activity.touched.insert(interest.key)
                if finishes && !interest.isAncestor { activity.finished.insert(interest.key) }
                // A directory on the way appeared, or a link may now point elsewhere.
                if interest.isAncestor || (plans[interest.key]?.count ?? 0) > 1 { mustRebuild = true }
            }
        }
        return mustRebuild
    }

    private func forget(watch: Int32) {
        for directory in directoriesOfWatch[watch] ?? [] where watches[directory]?.descriptor == watch {
            watches[directory] = nil
        }
        directoriesOfWatch[watch] = nil
    }

    // MARK: - Planning

    private struct PlanEntry: Hashable {
        var directory: String
        var name: String
        var isAncestor: Bool
    }

    /// The directory entries whose events matter for `key`.
    private func plan(for key: String) -> [PlanEntry] {
        let parent = WatchPath.parent(of: key)
        var entries: [PlanEntry]
        if WatchPath.isDirectory(parent) {
            entries = [PlanEntry(directory: parent, name: WatchPath.name(of: key), isAncestor: false)]
        } else {
            var child = parent
            var directory = WatchPath.parent(of: parent)
            while directory != "/" && !WatchPath.isDirectory(directory) {
                child = directory
                directory = WatchPath.parent(of: directory)
            }
            entries = [PlanEntry(directory: directory, name: WatchPath.name(of: child), isAncestor: true)]
        }
        if let target = WatchPath.resolvedLinkTarget(of: key) {
            let targetParent = WatchPath.parent(of: target)
            let entry = PlanEntry(directory: targetParent, name: WatchPath.name(of: target), isAncestor: false)
            if entry != entries[0] && WatchPath.isDirectory(targetParent) { entries.append(entry) }
        }
        return entries
    }

    /// Recomputes which directories to watch; returns the keys whose plan changed.
    private func rebuild() -> Set<String> {
        var newInterests: [String: [String: [Interest]]] = [:]
        var newPlans: [String: [PlanEntry]] = [:]
        for key in keys {
            let entries = plan(for: key)
            newPlans[key] = entries
            for entry in entries {
                newInterests[entry.directory, default: [:]][entry.name, default: []]
                    .append(Interest(key: key, isAncestor: entry.isAncestor))
            }
        }
        var changed = Set(keys.filter { newPlans[$0] != plans[$0] })
        interests = newInterests
        plans = newPlans

        // Drop watches no longer needed, or whose directory was replaced.
        for (directory, watch) in watches.sorted(by: { $0.key < $1.key }) {
            let identity = Self.identity(of: directory)
            let replaced = identity == nil || identity! != (watch.device, watch.inode)
            guard newInterests[directory] == nil || replaced else { continue }
            release(directory: directory, watch: watch)
            if replaced { changed.formUnion(keys(interestedIn: directory)) }
        }

        unwatchable = []
        for directory in newInterests.keys.sorted() where watches[directory] == nil {
            let watch = inotify_add_watch(descriptor, directory, Self.mask)
            guard watch >= 0, let identity = Self.identity(of: directory) else {
                if watch >= 0 { inotify_rm_watch(descriptor, watch) }
                unwatchable.formUnion(keys(interestedIn: directory))
                continue
            }
            watches[directory] = Watch(descriptor: watch, device: identity.0, inode: identity.1)
            directoriesOfWatch[watch, default: []].append(directory)
        }
        return changed
    }

    private func keys(interestedIn directory: String) -> [String] {
        (interests[directory] ?? [:]).values.joined().map(\.key)
    }

    private func release(directory: String, watch: Watch) {
        watches[directory] = nil
        var sharing = directoriesOfWatch[watch.descriptor] ?? []
        sharing.removeAll { $0 == directory }
        if sharing.isEmpty {
            directoriesOfWatch[watch.descriptor] = nil
            inotify_rm_watch(descriptor, watch.descriptor)
        } else {
            directoriesOfWatch[watch.descriptor] = sharing
        }
    }

    private static func identity(of directory: String) -> (UInt64, UInt64)? {
        var info = stat()
        guard stat(directory, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
