import Cells

/// The designer's end of the live link. It tells every editor's language server
/// what the designer shows (the spec, every file it reads, the size it lays out
/// at), and hands back the unsaved text of those files as the editors send it.
/// When two editors change one file, the change that arrived last wins; when
/// one saves or closes it (or goes away), the other's text counts again, or the
/// disk copy when no editor has one.
///
///     let link = try DesignerLink(directory: .standard())
///     link.show(spec: "demo/boxes.layout", files: session.watchedFiles, size: session.size)
///     // poll link.descriptors with the rest, then:
///     let update = link.service()      // texts: [(path, text or nil for the disk copy)], warnings
///
/// Paths go in and come out as the designer spells them; on the wire they are
/// real paths. Not thread-safe: call it from the designer's loop.
public final class DesignerLink {
    /// What arrived since the last `service()`.
    public struct Update: Sendable {
        /// Files whose text changed, as the designer spells them: the unsaved text,
        /// or nil when the disk copy counts again.
        public var texts: [(path: String, text: String?)] = []
        /// Messages dropped, peers refused or given up on: for the status line.
        public var warnings: [String] = []

        /// Nothing to do.
        public var isEmpty: Bool { texts.isEmpty && warnings.isEmpty }
    }

    /// A text one editor sent for one file.
    private struct Held {
        var text: String
        var revision: UInt64
        /// When it arrived, counted across editors: the latest wins.
        var arrival: UInt64
    }

    private let endpoint: LiveEndpoint
    private var showing: LiveShowing?
    /// The files as last given to `show`, and the real path of each.
    private var shownFiles: [String] = []
    private var spec = ""
    private var realPaths: [String: String] = [:]
    /// Real path to the designer's spellings of it.
    private var spellings: [String: [String]] = [:]
    /// Real path to each editor's latest text (by connection).
    private var held: [String: [Int: Held]] = [:]
    /// The latest revision each editor sent for a file, kept after a close.
    private var revisions: [Int: [String: UInt64]] = [:]
    /// Real path to the text last reported (absent: the disk copy).
    private var reported: [String: String] = [:]
    private var arrivals: UInt64 = 0
    /// Spellings shown for the first time whose file has unsaved text already.
    private var newlyShown: [String] = []

    /// Joins the live directory: listens there and connects to the editors already running.
    public init(directory: LiveDirectory, allowedUser: UInt32? = nil) throws(LiveDirectoryError) {
        if let allowedUser {
            endpoint = try LiveEndpoint(role: .designer, directory: directory, allowedUser: allowedUser)
        } else {
            endpoint = try LiveEndpoint(role: .designer, directory: directory)
        }
    }

    /// The socket editors connect to.
    public var socketPath: String { endpoint.socketPath }

    /// What to poll for reading, with the designer's other descriptors.
    public var descriptors: [Int32] { endpoint.descriptors }

    /// Whether bytes wait to be sent (the loop should come back soon).
    public var hasPendingOutput: Bool { !endpoint.descriptorsWithOutput.isEmpty }

    /// The editors connected now.
    public var editorCount: Int { endpoint.peers.count }

    /// Leaves the live directory: connections closed, the socket removed.
    public func stop() { endpoint.stop() }

    /// Says what the designer shows now; editors hear of it only when it changed.
    public func show(spec specPath: String, files: [String], size: TerminalSize) {
        if files != shownFiles || specPath != spec {
            let known = spellings
            shownFiles = files
            spec = specPath
            realPaths = [:]
            spellings = [:]
            for file in [specPath] + files where realPaths[file] == nil {
                let real = RealPath.resolve(file)
                realPaths[file] = real
                spellings[real, default: []].append(file)
                if reported[real] != nil, known[real]?.contains(file) != true { newlyShown.append(file) }
            }
        }
        var reals: [String] = []
        var seen: Set<String> = []
        for file in files { if let real = realPaths[file], seen.insert(real).inserted { reals.append(real) } }
        let now = LiveShowing(spec: realPaths[specPath] ?? specPath, files: reals, size: size)
        guard now != showing else { return }
        showing = now
        for peer in endpoint.peers { endpoint.send(.showing(now), to: peer.id) }
    }

    /// Takes in what arrived: new editors are told what is shown, texts are kept,
    /// and the files whose text changed are returned.
    public func service() -> Update {
        var update = Update()
        var touched: Set<String> = []
        for event in endpoint.service() {
            switch event {
            case .connected(let peer):
                if let showing { endpoint.send(.showing(showing), to: peer.id) }
            case .message(let peer, let message):
                take(message, from: peer, touched: &touched, warnings: &update.warnings)
            case .disconnected(let peer):
                for (real, texts) in held where texts[peer.id] != nil {
                    held[real]?[peer.id] = nil
                    touched.insert(real)
                }
                revisions[peer.id] = nil
            case .warning(let warning):
                update.warnings.append(warning)
            }
        }
        for real in touched.sorted() {
            let latest = held[real]?.values.max { $0.arrival < $1.arrival }?.text
            guard latest != reported[real] else { continue }
            reported[real] = latest
            if latest == nil { held[real] = nil }
            for spelling in spellings[real] ?? [] { update.texts.append((spelling, latest)) }
        }
        for spelling in newlyShown where !update.texts.contains(where: { $0.path == spelling }) {
            if let real = realPaths[spelling] { update.texts.append((spelling, reported[real])) }
        }
        newlyShown = []
        return update
    }

    private func take(_ message: LiveMessage, from peer: LiveEndpoint.Peer, touched: inout Set<String>, warnings: inout [String]) {
        let name = "\(peer.hello.role) \(peer.hello.processID)"
        switch message {
        case .buffer(let buffer):
            // Only files on show are kept: the rest would be memory for nothing.
            guard spellings[buffer.path] != nil else { return }
            let last = revisions[peer.id]?[buffer.path] ?? 0
            guard buffer.revision > last else {
                warnings.append("live: dropped a message from \(name): revision \(buffer.revision) after \(last)")
                return
            }
            revisions[peer.id, default: [:]][buffer.path] = buffer.revision
            arrivals += 1
            held[buffer.path, default: [:]][peer.id] = Held(text: buffer.text, revision: buffer.revision, arrival: arrivals)
            touched.insert(buffer.path)
        case .saved(let path), .closed(let path):
            guard held[path]?[peer.id] != nil else { return }
            held[path]?[peer.id] = nil
            touched.insert(path)
        case .hello, .showing:
            warnings.append("live: dropped a message from \(name): a designer does not take that kind")
        }
    }
}
