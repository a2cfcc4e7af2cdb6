import Foundation
import Testing

@testable import LiveLink

/// A fresh live directory under /tmp with a short path, removed with the value.
final class TemporaryLiveDirectory {
    let root: String
    let directory: LiveDirectory

    init() {
        root = "/tmp/cl-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        directory = LiveDirectory(path: root + "/live")
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes a file under the root (directories made), returning its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Calls `step` until `condition` holds or two seconds pass; returns whether it held.
@discardableResult
func eventually(_ step: () -> Void = {}, _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < end {
        step()
        if condition() { return true }
        usleep(2_000)
    }
    step()
    return condition()
}

/// Services an endpoint until `condition` holds for what it reported; every event is kept.
final class EventLog {
    var events: [LiveEndpoint.Event] = []

    /// Services `endpoint` (and `others`, whose events are not kept: the peers must
    /// run too) until `condition` holds for what `endpoint` reported.
    func pump(_ endpoint: LiveEndpoint, with others: [LiveEndpoint] = [], until condition: ([LiveEndpoint.Event]) -> Bool) -> Bool {
        eventually({
            events += endpoint.service()
            for other in others { _ = other.service() }
        }) { condition(events) }
    }

    var warnings: [String] { events.compactMap { if case .warning(let text) = $0 { text } else { nil } } }
    var connected: [LiveEndpoint.Peer] { events.compactMap { if case .connected(let peer) = $0 { peer } else { nil } } }
    var disconnected: [LiveEndpoint.Peer] { events.compactMap { if case .disconnected(let peer) = $0 { peer } else { nil } } }
    var messages: [LiveMessage] { events.compactMap { if case .message(_, let message) = $0 { message } else { nil } } }
}

/// A raw client socket, as a hostile or broken peer would use one.
final class RawClient {
    let descriptor: Int32

    init(connectingTo path: String) throws {
        descriptor = try UnixSocket.connect(to: path)
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) {
        _ = UnixSocket.writeAvailable(descriptor, bytes[...])
    }

    /// Whether the other end has closed the connection (reads what is waiting first).
    var isClosedByPeer: Bool {
        !UnixSocket.readAvailable(descriptor, limit: 1 << 20).isOpen
    }
}
