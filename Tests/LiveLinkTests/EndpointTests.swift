import Foundation
import Testing

@testable import LiveLink

@Suite struct EndpointTests {
    @Test func whicheverStartsSecondConnectsAndBothHearHello() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let editor = try LiveEndpoint(role: .editor, directory: temporary.directory)
        let designerLog = EventLog(), editorLog = EventLog()
        #expect(designerLog.pump(designer) { !EventLog.connected(in: $0).isEmpty })
        #expect(editorLog.pump(editor, with: [designer]) { !EventLog.connected(in: $0).isEmpty })
        #expect(designerLog.connected.map(\.hello) == [editor.hello])
        #expect(editorLog.connected.map(\.hello) == [designer.hello])
        // And the other way round: the editor first.
        let second = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let secondLog = EventLog()
        #expect(editorLog.pump(editor) { EventLog.connected(in: $0).count == 2 })
        #expect(secondLog.pump(second, with: [editor]) { !EventLog.connected(in: $0).isEmpty })
        #expect(editor.peers.count == 2)
    }

    @Test func messagesArriveInOrderAndAStoppedPeerIsReportedGone() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let editor = try LiveEndpoint(role: .editor, directory: temporary.directory)
        let designerLog = EventLog(), editorLog = EventLog()
        #expect(editorLog.pump(editor, with: [designer]) { !EventLog.connected(in: $0).isEmpty })
        let peer = try #require(editorLog.connected.first)
        let texts = (1...50).map { "box\n  size \($0) 3\n" }
        for (index, text) in texts.enumerated() {
            #expect(editor.send(.buffer(LiveBuffer(path: "/a.cas", revision: UInt64(index + 1), text: text)), to: peer.id))
        }
        #expect(designerLog.pump(designer) { events in events.filter { if case .message = $0 { true } else { false } }.count == 50 })
        #expect(designerLog.messages.map { if case .buffer(let buffer) = $0 { buffer.text } else { "" } } == texts)
        editor.stop()
        #expect(designerLog.pump(designer) { _ in !designerLog.disconnected.isEmpty })
        #expect(designer.peers.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: editor.socketPath), "a stopped endpoint removes its socket")
    }

    @Test func aRestartedPeerIsConnectedAgain() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let log = EventLog()
        for round in 1...3 {
            let editor = try LiveEndpoint(role: .editor, directory: temporary.directory)
            #expect(log.pump(designer) { EventLog.connected(in: $0).count == round })
            editor.stop()
            #expect(log.pump(designer) { _ in log.disconnected.count == round })
        }
        #expect(log.warnings.isEmpty, "\(log.warnings)")
    }

    @Test func socketsLeftByEndedProcessesAreRemoved() throws {
        let temporary = TemporaryLiveDirectory()
        try temporary.directory.prepare()
        // A designer that crashed: its socket file is there, nobody listens.
        let crashedDesigner = temporary.directory.socketPath(role: .designer, processID: getpid(), serial: 999_999)
        close(try UnixSocket.listen(at: crashedDesigner))
        // An editor whose process is gone (no such pid): removed without connecting.
        let endedEditor = temporary.directory.socketPath(role: .editor, processID: 2_000_000_000, serial: 1)
        close(try UnixSocket.listen(at: endedEditor))
        #expect(FileManager.default.fileExists(atPath: crashedDesigner))
        let editor = try LiveEndpoint(role: .editor, directory: temporary.directory)
        #expect(!FileManager.default.fileExists(atPath: crashedDesigner), "connecting was refused: stale")
        #expect(!FileManager.default.fileExists(atPath: endedEditor), "its process is gone")
        #expect(temporary.directory.sockets(of: .editor) == [editor.socketPath])
    }

    @Test func aPeerOfAnotherUserIsRefusedByItsCredentials() throws {
        let temporary = TemporaryLiveDirectory()
        // Only user `other` may connect; this process (another user) tries.
        let other = geteuid() &+ 1
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory, allowedUser: other)
        _ = try LiveEndpoint(role: .editor, directory: temporary.directory)
        let log = EventLog()
        #expect(log.pump(designer) { _ in !log.warnings.isEmpty })
        #expect(log.warnings == ["live: refused a connection from user \(geteuid())"])
        #expect(log.connected.isEmpty)
        #expect(designer.peers.isEmpty)
    }

    /// A real process of another user (nobody), connecting from outside: refused by
    /// what the kernel says about it, whatever it would have sent.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/perl"), "needs root, setpriv and perl to run a process as nobody"))
    func aProcessOfAnotherUserIsRefused() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        // Open the way as a careless user might have: only the credentials stand in the way.
        chmod(temporary.root, 0o755)
        chmod(temporary.directory.path, 0o755)
        chmod(designer.socketPath, 0o777)
        let hello = LiveWire.encode(.hello(LiveHello(role: .editor, processID: 1, instance: 1))).map { String(format: "\\x%02x", $0) }.joined()
        let script = "use IO::Socket::UNIX; my $s = IO::Socket::UNIX->new(Peer => '\(designer.socketPath)') or die \"connect: $!\"; print $s \"\(hello)\"; sleep 1;"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/perl", "-e", script]
        try process.run()
        let log = EventLog()
        #expect(log.pump(designer) { _ in !log.warnings.isEmpty })
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the process as nobody could not connect")
        #expect(log.warnings == ["live: refused a connection from user 65534"])
        #expect(log.connected.isEmpty)
    }

    @Test func garbageOrTheWrongHelloCostsAWarningAndTheConnectionNeverAHang() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let log = EventLog()
        let cases: [([UInt8], String)] = [
            (Array("GET / HTTP/1.1\r\n\r\n".utf8), "not a Casement live-preview frame"),
            (LiveWire.encode(.hello(LiveHello(role: .designer, processID: 1, instance: 1))), "it did not start with an editor's hello"),
            (LiveWire.encode(.saved(path: "/a")), "it did not start with an editor's hello"),
            (LiveWire.magic + [1, 3, 0xFF, 0xFF, 0xFF, 0xFF], "a message of 4294967295 bytes"),
        ]
        for (bytes, reason) in cases {
            let client = try RawClient(connectingTo: designer.socketPath)
            client.send(bytes)
            let before = log.warnings.count
            #expect(log.pump(designer) { _ in log.warnings.count > before })
            #expect(log.warnings.last?.contains(reason) == true, "\(log.warnings)")
            #expect(eventually { client.isClosedByPeer }, "the designer hangs up")
        }
        // Half a header, then silence: service() returns at once, every time.
        let slow = try RawClient(connectingTo: designer.socketPath)
        slow.send(Array(LiveWire.magic.prefix(3)))
        let start = ContinuousClock.now
        for _ in 0..<100 { _ = designer.service() }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(log.connected.isEmpty)
    }

    @Test func aMalformedMessageAfterHelloIsDroppedAndTheConnectionKept() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let client = try RawClient(connectingTo: designer.socketPath)
        client.send(LiveWire.encode(.hello(LiveHello(role: .editor, processID: 9, instance: 9))))
        client.send(WireTests.frame(kind: 5, payload: WireTests.string(Array("relative".utf8))))
        client.send(LiveWire.encode(.closed(path: "/ok")))
        let log = EventLog()
        #expect(log.pump(designer) { _ in log.messages == [.closed(path: "/ok")] })
        #expect(log.warnings == ["live: dropped a message from editor 9: bad field: a path that is not absolute"])
        #expect(designer.peers.count == 1)
        // A peer that keeps sending garbage is given up on.
        for _ in 0...LiveEndpoint.droppedLimit { client.send(WireTests.frame(kind: 77, payload: [])) }
        #expect(log.pump(designer) { _ in !log.disconnected.isEmpty })
        #expect(log.warnings.last == "live: gave up on editor 9: too many malformed messages")
    }

    @Test func twoConnectionsBetweenOnePairAreCutToTheDesignersOwn() throws {
        let temporary = TemporaryLiveDirectory()
        let designer = try LiveEndpoint(role: .designer, directory: temporary.directory)
        let editor = try LiveEndpoint(role: .editor, directory: temporary.directory)  // connects to the designer
        designer.connectToPeers()  // and the designer to the editor: both started at once
        let designerLog = EventLog(), editorLog = EventLog()
        #expect(eventually({
            designerLog.events += designer.service()
            editorLog.events += editor.service()
        }) { designer.peers.count == 1 && editor.peers.count == 1 && designerLog.connected.count >= 1 })
        // Settled: one connection each, and it carries messages.
        for _ in 0..<20 {
            designerLog.events += designer.service()
            editorLog.events += editor.service()
        }
        #expect(designer.peers.count == 1)
        #expect(editor.peers.count == 1)
        let peer = try #require(editor.peers.first)
        #expect(editor.send(.closed(path: "/x"), to: peer.id))
        #expect(designerLog.pump(designer) { _ in designerLog.messages == [.closed(path: "/x")] })
    }
}
