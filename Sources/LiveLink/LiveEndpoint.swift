import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One end of the live link: a socket listening in the live directory, and a
/// connection to every running endpoint of the other role, whichever started first
/// (the later one connects to those already there; the earlier one accepts).
///
/// Not thread-safe: its owner polls `descriptors` and calls `service()` from one
/// loop. Every call returns at once (the sockets are non-blocking): a peer that
/// stops reading or sends garbage costs a warning and its connection, never a hang.
///
/// A connection is taken only from a process of the same user (the kernel's
/// SO_PEERCRED, not anything the peer says), and only after the peer's `hello`
/// names the other role. Two connections to one peer (both started at once and
/// each connected to the other) are cut to the one the designer made.
public final class LiveEndpoint {
    /// A peer that said hello, by connection.
    public struct Peer: Hashable, Sendable {
        /// The connection's number in this endpoint.
        public let id: Int
        /// Who the peer said it is.
        public let hello: LiveHello
    }

    /// What `service()` found.
    public enum Event: Hashable, Sendable {
        /// A peer said hello: messages may go to it.
        case connected(Peer)
        /// A message from a peer.
        case message(Peer, LiveMessage)
        /// A peer is gone (it closed the connection, crashed, or was given up on).
        case disconnected(Peer)
        /// Something a person should know: a message dropped, a peer refused.
        case warning(String)
    }

    /// This endpoint's role.
    public let role: LiveRole
    /// The directory it listens in.
    public let directory: LiveDirectory
    /// What it says to every peer.
    public let hello: LiveHello
    /// The path of its listening socket.
    public let socketPath: String
    /// The one user whose processes may connect.
    private let allowedUser: uid_t
    private var listener: Int32
    private var connections: [Connection] = []
    private var nextConnection = 0
    private var queuedEvents: [Event] = []

    /// Connections kept at once; more are refused.
    static let connectionLimit = 64
    /// Bytes read from one connection per `service()`.
    static let readLimit = 4 << 20
    /// Bytes waiting to be sent to one peer before it is given up on.
    static let outputLimit = 64 << 20
    /// Malformed messages one peer may send before it is given up on.
    static let droppedLimit = 100

    private static let serials = Atomic<Int>(0)

    /// Listens in `directory` (prepared first) and connects to every endpoint of the
    /// other role there, removing the sockets of endpoints that are gone.
    /// `allowedUser` is for tests: only this user's processes are taken.
    public init(role: LiveRole, directory: LiveDirectory, allowedUser: uid_t = geteuid()) throws(LiveDirectoryError) {
        try directory.prepare()
        self.role = role
        self.directory = directory
        self.allowedUser = allowedUser
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        hello = LiveHello(role: role, processID: UInt32(bitPattern: getpid()), instance: UInt64.random(in: 1...UInt64.max))
        socketPath = directory.socketPath(role: role, processID: getpid(), serial: serial)
        do {
            listener = try UnixSocket.listen(at: socketPath)
        } catch {
            throw .cannotCreate(socketPath, "\(error)")
        }
        removeSocketsOfEndedProcesses()
        connectToPeers()
    }

    deinit { stop() }

    /// Closes every connection and the listening socket, and removes the socket's file.
    public func stop() {
        guard listener >= 0 else { return }
        for connection in connections { connection.close() }
        connections = []
        close(listener)
        listener = -1
        unlink(socketPath)
    }

    /// What to poll for reading: the listening socket and every connection.
    public var descriptors: [Int32] {
        (listener >= 0 ? [listener] : []) + connections.map(\.descriptor)
    }

    /// Connections with bytes still to send (poll them for writing too).
    public var descriptorsWithOutput: [Int32] {
        connections.filter { $0.hasOutput }.map(\.descriptor)
    }

    /// The peers that said hello.
    public var peers: [Peer] {
        connections.compactMap { connection in connection.peer.map { Peer(id: connection.id, hello: $0) } }
    }

    /// Accepts waiting connections, reads what arrived, sends what waits; returns what happened.
    public func service() -> [Event] {
        var events = queuedEvents
        queuedEvents = []
        acceptWaiting(&events)
        for connection in connections where !connection.isClosed { read(connection, &events) }
        for connection in connections where !connection.isClosed && connection.hasOutput { flush(connection, &events) }
        connections.removeAll { $0.isClosed }
        return events
    }

    /// Queues `message` for a peer and sends what its socket takes now; false when
    /// there is no such peer (any more).
    @discardableResult
    public func send(_ message: LiveMessage, to peer: Int) -> Bool {
        guard let connection = connections.first(where: { $0.id == peer && !$0.isClosed && $0.peer != nil }) else {
            return false
        }
        connection.queue(LiveWire.encode(message))
        flush(connection, &queuedEvents)
        return !connection.isClosed
    }

    /// Bytes queued for a peer that its socket has not taken yet.
    public func pendingOutput(of peer: Int) -> Int {
        connections.first { $0.id == peer }?.pendingBytes ?? 0
    }

    /// Connects to every endpoint of the other role not connected yet (new ones are
    /// normally the ones that connect; this is for an endpoint that wants to look again).
    public func connectToPeers() {
        let connected = Set(connections.compactMap(\.path))
        for path in directory.sockets(of: role.other) where !connected.contains(path) {
            guard connections.count < Self.connectionLimit else { return }
            do {
                let descriptor = try UnixSocket.connect(to: path)
                adopt(descriptor, path: path, events: &queuedEvents)
            } catch .refused {
                unlink(path)  // Nobody listens: its process ended without removing it.
            } catch {
                continue  // Gone already, or busy: it will connect to us if it is alive.
            }
        }
    }

    // MARK: Connections

    private func acceptWaiting(_ events: inout [Event]) {
        guard listener >= 0 else { return }
        while let descriptor = UnixSocket.accept(on: listener) {
            guard connections.count < Self.connectionLimit else {
                close(descriptor)
                events.append(.warning("live: refused a connection: already \(Self.connectionLimit) peers"))
                continue
            }
            adopt(descriptor, path: nil, events: &events)
        }
    }

    /// Takes a new connection if its process is this user's, and says hello.
    private func adopt(_ descriptor: Int32, path: String?, events: inout [Event]) {
        let user = UnixSocket.peerUser(of: descriptor)
        guard user == allowedUser else {
            close(descriptor)
            let who = user.map { "user \($0)" } ?? "an unknown user"
            events.append(.warning("live: refused a connection from \(who)"))
            return
        }
        nextConnection += 1
        let connection = Connection(id: nextConnection, descriptor: descriptor, path: path)
        connection.queue(LiveWire.encode(.hello(hello)))
        connections.append(connection)
        flush(connection, &events)
    }

    private func read(_ connection: Connection, _ events: inout [Event]) {
        let (bytes, isOpen) = UnixSocket.readAvailable(connection.descriptor, limit: Self.readLimit)
        connection.decoder.append(bytes)
        while !connection.isClosed, let frame = connection.decoder.next() {
            switch frame {
            case .message(let message):
                take(message, from: connection, &events)
            case .dropped(let error):
                connection.dropped += 1
                events.append(.warning("live: dropped a message from \(connection.name): \(error)"))
                if connection.dropped > Self.droppedLimit {
                    drop(connection, because: "too many malformed messages", &events)
                }
            case .broken(let error):
                drop(connection, because: error.description, &events)
            }
        }
        if !isOpen, !connection.isClosed { drop(connection, because: nil, &events) }
    }

    private func take(_ message: LiveMessage, from connection: Connection, _ events: inout [Event]) {
        if let peer = connection.peer {
            if case .hello = message {
                events.append(.warning("live: dropped a second hello from \(connection.name)"))
            } else {
                events.append(.message(Peer(id: connection.id, hello: peer), message))
            }
            return
        }
        guard case .hello(let hello) = message, hello.role == role.other else {
            drop(connection, because: "it did not start with \(role.other == .editor ? "an editor's" : "a designer's") hello", &events)
            return
        }
        connection.peer = hello
        if let twin = connections.first(where: { $0 !== connection && !$0.isClosed && $0.peer?.instance == hello.instance }) {
            // Keep the connection the designer made; both ends choose the same one.
            let madeByDesigner = { (candidate: Connection) in (candidate.path != nil) == (self.role == .designer) }
            if madeByDesigner(twin) {
                connection.close()
                return
            }
            drop(twin, because: nil, &events)
        }
        events.append(.connected(Peer(id: connection.id, hello: hello)))
    }

    private func flush(_ connection: Connection, _ events: inout [Event]) {
        guard connection.flush() else {
            drop(connection, because: nil, &events)
            return
        }
        if connection.pendingBytes > Self.outputLimit {
            drop(connection, because: "it stopped reading", &events)
        }
    }

    /// Closes a connection; a peer that had said hello is reported gone, and a
    /// reason (nil: it just went away) is a warning.
    private func drop(_ connection: Connection, because reason: String?, _ events: inout [Event]) {
        guard !connection.isClosed else { return }
        if let reason { events.append(.warning("live: gave up on \(connection.name): \(reason)")) }
        if let peer = connection.peer { events.append(.disconnected(Peer(id: connection.id, hello: peer))) }
        connection.close()
    }

    /// Removes sockets of this role whose process is gone (the other role's are
    /// found out when connecting to them is refused).
    private func removeSocketsOfEndedProcesses() {
        let prefix = directory.path + "/" + LiveDirectory.letter(role)
        for path in directory.sockets(of: role) where path != socketPath {
            let digits = path.dropFirst(prefix.count).prefix { $0 != "." }
            guard let process = Int32(digits), process > 0, kill(process, 0) != 0, errno == ESRCH else { continue }
            unlink(path)
        }
    }
}

/// One connection's socket, bytes read but not yet framed, and bytes not yet sent.
private final class Connection {
    let id: Int
    let descriptor: Int32
    /// The socket connected to (nil for one accepted).
    let path: String?
    var decoder = LiveDecoder()
    var peer: LiveHello?
    var dropped = 0
    private(set) var isClosed = false
    private var output: [UInt8] = []
    private var sent = 0

    init(id: Int, descriptor: Int32, path: String?) {
        self.id = id
        self.descriptor = descriptor
        self.path = path
    }

    var name: String {
        guard let peer else { return "a peer" }
        return "\(peer.role) \(peer.processID)"
    }

    var pendingBytes: Int { output.count - sent }
    var hasOutput: Bool { pendingBytes > 0 }

    func queue(_ frame: [UInt8]) {
        if sent > 0, sent == output.count {
            output.removeAll(keepingCapacity: true)
            sent = 0
        }
        output.append(contentsOf: frame)
    }

    /// Sends what the socket takes now; false when the connection is gone.
    func flush() -> Bool {
        guard hasOutput else { return true }
        guard let written = UnixSocket.writeAvailable(descriptor, output[sent...]) else { return false }
        sent += written
        if sent == output.count {
            output.removeAll(keepingCapacity: output.count <= 1 << 20)
            sent = 0
        } else if sent > 1 << 20, sent > output.count / 2 {
            output.removeSubrange(0..<sent)
            sent = 0
        }
        return true
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}
