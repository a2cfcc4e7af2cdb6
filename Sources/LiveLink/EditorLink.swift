import Cells
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The editor's end of the live link, in a language server: every change to a
/// buffer goes at once to the designers that show its file (while a designer is
/// still taking an earlier text, later ones are coalesced to the latest), and the
/// size each designer lays its spec out at is known here.
///
///     let link = try EditorLink(directory: .standard())
///     link.onSizesChanged = { server.layoutSizesChanged() }
///     link.bufferChanged(path: "/p/styles/boxes.cas", text: newText)   // any thread; returns at once
///     link.size(ofSpec: "/p/demo/boxes.layout")                        // a designer's size, or nil
///     link.stop()
///
/// A thread of its own owns the sockets; the calls above only leave a note for it.
public final class EditorLink: @unchecked Sendable {
    /// The latest thing that happened to a buffer.
    private enum Entry {
        case text(LiveBuffer)
        case saved
        case closed
    }

    /// What a designer shows, and when it said so (the latest designer on a spec gives its size).
    private struct Designer {
        var showing: LiveShowing
        var files: Set<String>
        var order: UInt64
    }

    /// What the callers' threads and the link's thread share.
    private struct Shared {
        var entries: [String: Entry] = [:]
        /// Real paths changed since the link's thread last looked, in order.
        var changed: [String] = []
        var designers: [Int: Designer] = [:]
        var realPaths: [String: String] = [:]
        var revision: UInt64 = 0
        var stopping = false
        var onSizesChanged: (@Sendable () -> Void)?
    }

    private let shared = Mutex(Shared())
    private let endpoint: LiveEndpoint
    private let log: @Sendable (String) -> Void
    private let wake: (read: Int32, write: Int32)
    private var thread: pthread_t?
    /// The link thread's own: files each designer still has to be sent.
    private var owed: [Int: Set<String>] = [:]
    private var showings: UInt64 = 0

    /// Joins the live directory (listens, connects to the designers already running)
    /// and starts the link's thread. `log` hears warnings (a dropped message, a peer refused).
    public init(
        directory: LiveDirectory, allowedUser: UInt32? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(LiveDirectoryError) {
        if let allowedUser {
            endpoint = try LiveEndpoint(role: .editor, directory: directory, allowedUser: allowedUser)
        } else {
            endpoint = try LiveEndpoint(role: .editor, directory: directory)
        }
        self.log = log
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            endpoint.stop()
            throw .cannotCreate("pipe", String(cString: strerror(errno)))
        }
        pipeEnds.forEach(UnixSocket.setNonBlockingAndCloseOnExec)
        wake = (pipeEnds[0], pipeEnds[1])
        let retained = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        guard pthread_create(&handle, nil, { raw in
            let link = Unmanaged<EditorLink>.fromOpaque(raw!).takeRetainedValue()
            link.run()
            return nil
        }, retained) == 0 else {
            Unmanaged<EditorLink>.fromOpaque(retained).release()
            endpoint.stop()
            throw .cannotCreate("thread", "pthread_create failed")
        }
        thread = handle
    }

    /// Called (on the link's thread) when a designer's size for a spec changes,
    /// comes or goes.
    public var onSizesChanged: (@Sendable () -> Void)? {
        get { shared.withLock { $0.onSizesChanged } }
        set { shared.withLock { $0.onSizesChanged = newValue } }
    }

    /// The socket designers connect to.
    public var socketPath: String { endpoint.socketPath }

    /// Stops the link's thread, closes every connection and removes the socket.
    public func stop() {
        let running = shared.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard running, let thread else { return }
        poke()
        pthread_join(thread, nil)
        close(wake.read)
        close(wake.write)
    }

    // MARK: From the editor (any thread)

    /// A buffer was opened or changed: `text` is all of it now.
    public func bufferChanged(path: String, text: String) {
        record(path) { state, real in
            state.revision += 1
            return .text(LiveBuffer(path: real, revision: state.revision, text: text))
        }
    }

    /// A buffer was saved: the file on disk holds its text.
    public func bufferSaved(path: String) {
        record(path) { _, _ in .saved }
    }

    /// A buffer was closed: the file on disk counts again.
    public func bufferClosed(path: String) {
        record(path) { _, _ in .closed }
    }

    /// The size the most recent designer showing `spec` lays it out at; nil when none shows it.
    public func size(ofSpec spec: String) -> TerminalSize? {
        let real = realPath(of: spec)
        return shared.withLock { state in
            state.designers.values.filter { $0.showing.spec == real }.max { $0.order < $1.order }?.showing.size
        }
    }

    /// How many designers are connected.
    public var designerCount: Int { shared.withLock { $0.designers.count } }

    private func record(_ path: String, _ entry: (inout Shared, String) -> Entry) {
        let real = realPath(of: path)
        shared.withLock { state in
            state.entries[real] = entry(&state, real)
            state.changed.append(real)
        }
        poke()
    }

    private func realPath(of path: String) -> String {
        if let known = shared.withLock({ $0.realPaths[path] }) { return known }
        let real = RealPath.resolve(path)
        shared.withLock { $0.realPaths[path] = real }
        return real
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: The link's thread

    private func run() {
        while !shared.withLock({ $0.stopping }) {
            waitForSomething()
            drainWake()
            let sizesBefore = sizes()
            for event in endpoint.service() { take(event) }
            let changed = shared.withLock { state -> [String] in
                defer { state.changed = [] }
                return state.changed
            }
            if !changed.isEmpty {
                let designers = shared.withLock { $0.designers }
                for (id, designer) in designers {
                    for path in changed where designer.files.contains(path) { owed[id, default: []].insert(path) }
                }
            }
            sendOwed()
            if sizes() != sizesBefore, let callback = shared.withLock({ $0.onSizesChanged }) { callback() }
        }
        endpoint.stop()
    }

    private func waitForSomething() {
        let writing = Set(endpoint.descriptorsWithOutput)
        var entries = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        entries += endpoint.descriptors.map {
            pollfd(fd: $0, events: Int16(POLLIN) | (writing.contains($0) ? Int16(POLLOUT) : 0), revents: 0)
        }
        _ = poll(&entries, nfds_t(entries.count), -1)
    }

    private func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wake.read, &bytes, bytes.count) > 0 {}
    }

    private func take(_ event: LiveEndpoint.Event) {
        switch event {
        case .connected:
            break  // A designer says what it shows first.
        case .message(let peer, .showing(let showing)):
            showings += 1
            let files = Set(showing.files)
            let before = shared.withLock { state -> Set<String> in
                defer { state.designers[peer.id] = Designer(showing: showing, files: files, order: showings) }
                return state.designers[peer.id]?.files ?? []
            }
            // Files it had not shown yet: send the unsaved text of those open here.
            let entries = shared.withLock { $0.entries }
            for file in files.subtracting(before) {
                if case .text = entries[file] { owed[peer.id, default: []].insert(file) }
            }
        case .message(let peer, _):
            log("live: dropped a message from \(peer.hello.role) \(peer.hello.processID): an editor does not take that kind")
        case .disconnected(let peer):
            shared.withLock { _ = $0.designers.removeValue(forKey: peer.id) }
            owed[peer.id] = nil
        case .warning(let warning):
            log(warning)
        }
    }

    /// Sends each designer what it is owed, once it has taken what it was sent before:
    /// texts that changed meanwhile go as their latest.
    private func sendOwed() {
        guard !owed.isEmpty else { return }
        let entries = shared.withLock { $0.entries }
        for (id, paths) in owed where endpoint.pendingOutput(of: id) == 0 {
            for path in paths.sorted() {
                switch entries[path] {
                case .text(let buffer): endpoint.send(.buffer(buffer), to: id)
                case .saved: endpoint.send(.saved(path: path), to: id)
                case .closed, nil: endpoint.send(.closed(path: path), to: id)
                }
            }
            owed[id] = nil
        }
    }

    /// Each spec's size as the designers give it.
    private func sizes() -> [String: TerminalSize] {
        shared.withLock { state in
            var result: [String: (TerminalSize, UInt64)] = [:]
            for designer in state.designers.values where (result[designer.showing.spec]?.1 ?? 0) < designer.order {
                result[designer.showing.spec] = (designer.showing.size, designer.order)
            }
            return result.mapValues(\.0)
        }
    }
}
