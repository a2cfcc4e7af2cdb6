import Foundation
import Testing

/// `casement lsp` as a child process, fed LSP messages as an editor would send them.
final class LanguageServerProcess {
    let process = Process()
    private let input = Pipe()

    init(liveDirectory: String) throws {
        process.executableURL = URL(fileURLWithPath: BuiltProducts.casement)
        process.arguments = ["lsp", "--debounce", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["CASEMENT_LIVE_DIR"] = liveDirectory
        process.environment = environment
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Processes started later (tmux) must not hold the input open: its end ends the server.
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": [String: Any]()]])
        send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
    }

    deinit {
        // The end of its input ends the server (a signal might be blocked: the child
        // inherits the test runner's mask); a server that hangs is killed.
        try? input.fileHandleForWriting.close()
        let end = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < end { usleep(10_000) }
        if process.isRunning { crash() }
    }

    func send(_ message: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: message)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func open(_ path: String, _ text: String) {
        send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": "file://" + path, "languageId": "casement", "version": 1, "text": text],
        ]])
    }

    private var version = 1

    func change(_ path: String, to text: String) {
        version += 1
        send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": "file://" + path, "version": version], "contentChanges": [["text": text]],
        ]])
    }

    func save(_ path: String) {
        send(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": "file://" + path]]])
    }

    func close(_ path: String) {
        send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": "file://" + path]]])
    }

    /// Ends it as a crash would: no goodbye, no socket removed.
    func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

private let spec = """
    use "look.cas"
    screen root {
      box card .card "Card" { top == 1; left == 2; size == $size }
    }
    """

private let style = """
    box
      border single
      size 30 5
    .card
      text "as saved"
    """

/// The live preview tried as a user would: the designer in tmux, an editor's
/// language server typing without saving, the pane following.
@Suite(.serialized, .enabled(if: tmuxPath != nil, "tmux is not installed: the end-to-end tests drive casement in tmux"))
struct SlowLivePreviewEndToEndTests {
    final class Scenario {
        let directory: String
        var live: String { directory + "/live" }
        var sheet: String { directory + "/look.cas" }
        private var sessions: [TmuxSession] = []

        init() throws {
            directory = try temporaryDirectory()
            try spec.write(toFile: directory + "/demo.layout", atomically: true, encoding: .utf8)
            try style.write(toFile: sheet, atomically: true, encoding: .utf8)
        }

        deinit {
            for session in sessions { session.tmux(["kill-server"]) }
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// A designer on demo.layout in a tmux session of its own.
        func designer(_ arguments: String = "") throws -> TmuxSession {
            let command = "CASEMENT_LIVE_DIR='\(live)' '\(BuiltProducts.casement)' open demo.layout \(arguments); exec sleep 600"
            let session = try TmuxSession(command: command, width: 100, height: 20, directory: directory)
            sessions.append(session)
            session.waitFor(text: "demo.layout")
            return session
        }

        func typed(_ words: String) -> String { style.replacing("as saved", with: words) }
    }

    @Test("typing shows up unsaved; errors keep the last good layout; save, close and a crash go back to the disk copy")
    func typingReachesTheDesigner() throws {
        let scenario = try Scenario()
        let tmux = try scenario.designer()
        tmux.waitFor(text: "as saved")
        let editor = try LanguageServerProcess(liveDirectory: scenario.live)
        editor.open(scenario.sheet, style)
        editor.change(scenario.sheet, to: scenario.typed("typed, not saved"))
        var screen = tmux.waitFor { $0.containsText("typed, not saved") && $0.containsText("(unsaved)") }
        #expect(screen.containsText("● live: look.cas (unsaved)"), "\(screen.joinedText)")
        #expect(try String(contentsOfFile: scenario.sheet, encoding: .utf8) == style, "nothing was written")

        // Keystroke after keystroke, each one shown.
        for word in ["t", "ty", "typ", "typo"] { editor.change(scenario.sheet, to: scenario.typed(word)) }
        tmux.waitFor(text: "│typo ")

        // An error while typing: the drawer, and the last good layout stays.
        editor.change(scenario.sheet, to: scenario.typed("typo") + "\n  size 30 5x\n")
        screen = tmux.waitFor { $0.containsText("last good layout") && $0.containsText("^") }
        #expect(screen.containsText("look.cas:6:11: unknown unit 'x'"), "\(screen.joinedText)")
        #expect(screen.containsText("│typo "))

        // Fixed, and saved: the disk copy takes over and the note goes.
        try saveByRename(scenario.typed("saved now"), to: scenario.sheet)
        editor.change(scenario.sheet, to: scenario.typed("saved now"))
        editor.save(scenario.sheet)
        screen = tmux.waitFor { $0.containsText("saved now") && !$0.containsText("(unsaved)") }
        #expect(!screen.containsText("last good layout"), "\(screen.joinedText)")
        #expect(!screen.containsText("(unsaved)"), "\(screen.joinedText)")

        // Changed, then closed without saving: back to the disk copy.
        editor.change(scenario.sheet, to: scenario.typed("never saved"))
        tmux.waitFor(text: "never saved")
        editor.close(scenario.sheet)
        screen = tmux.waitFor { $0.containsText("saved now") && !$0.containsText("(unsaved)") }
        #expect(screen.containsText("saved now"), "\(screen.joinedText)")

        // The editor crashes with unsaved text: the disk copy again.
        editor.open(scenario.sheet, scenario.typed("saved now"))
        editor.change(scenario.sheet, to: scenario.typed("about to crash"))
        tmux.waitFor(text: "about to crash")
        editor.crash()
        screen = tmux.waitFor { $0.containsText("saved now") && !$0.containsText("(unsaved)") }
        #expect(screen.containsText("saved now"), "\(screen.joinedText)")

        // A new editor, started after the designer, after the crash's stale socket.
        let restarted = try LanguageServerProcess(liveDirectory: scenario.live)
        restarted.open(scenario.sheet, scenario.typed("restarted editor"))
        screen = tmux.waitFor { $0.containsText("restarted editor") && $0.containsText("(unsaved)") }
        #expect(screen.containsText("restarted editor"), "\(screen.joinedText)")
    }

    @Test("a designer started after the editor shows its unsaved text at once; --no-live shows the files as saved")
    func designersStartedLater() throws {
        let scenario = try Scenario()
        let editor = try LanguageServerProcess(liveDirectory: scenario.live)
        editor.open(scenario.sheet, style)
        editor.change(scenario.sheet, to: scenario.typed("typed before the designer"))
        let first = try scenario.designer()
        let second = try scenario.designer()
        let off = try scenario.designer("--no-live")
        for designer in [first, second] {
            let screen = designer.waitFor { $0.containsText("typed before the designer") && $0.containsText("(unsaved)") }
            #expect(screen.containsText("● live: look.cas (unsaved)"), "\(screen.joinedText)")
        }
        // Both follow the next keystroke; the one with --no-live never does.
        editor.change(scenario.sheet, to: scenario.typed("and after"))
        first.waitFor(text: "and after")
        second.waitFor(text: "and after")
        let screen = off.capture()
        #expect(screen.containsText("as saved") && !screen.containsText("(unsaved)"), "\(screen.joinedText)")
        // Two designers and one editor: one socket each, in a private directory.
        let sockets = try FileManager.default.contentsOfDirectory(atPath: scenario.live)
        #expect(sockets.count == 3, "\(sockets)")
        var info = stat()
        #expect(stat(scenario.live, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test("garbage and a bad message on the designer's socket: a warning in the status line, and the designer goes on")
    func hostileMessages() throws {
        let scenario = try Scenario()
        let tmux = try scenario.designer()
        tmux.waitFor(text: "as saved")
        let socket = try #require(try FileManager.default.contentsOfDirectory(atPath: scenario.live).first { $0.hasPrefix("d") })
        let path = scenario.live + "/" + socket
        try Self.connectAndSend(Array("GET / HTTP/1.1\r\n\r\n".utf8), to: path)
        var screen = tmux.waitFor(text: "live: gave up on a peer: not a Casement live-preview frame")
        // A well-formed hello, then a buffer whose path is not absolute.
        var hello = Array("CSLV".utf8) + [1, 1, 0, 0, 0, 13, 2, 0, 0, 0, 7]
        hello += [UInt8](repeating: 0, count: 7) + [9]
        let badPath = Array("look.cas".utf8)
        var payload: [UInt8] = [0, 0, 0, UInt8(badPath.count)] + badPath + [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0x41]
        payload = Array("CSLV".utf8) + [1, 3, 0, 0, 0, UInt8(payload.count)] + payload
        try Self.connectAndSend(hello + payload, to: path)
        screen = tmux.waitFor(text: "live: dropped a message from editor 7: bad field: a path that is not absolute")
        // Still alive and following a real editor.
        let editor = try LanguageServerProcess(liveDirectory: scenario.live)
        editor.open(scenario.sheet, scenario.typed("still alive"))
        screen = tmux.waitFor(text: "still alive")
        #expect(screen.containsText("● live: look.cas (unsaved)"), "\(screen.joinedText)")
    }

    /// Connects to a Unix socket, writes `bytes`, and leaves the connection open a moment.
    static func connectAndSend(_ bytes: [UInt8], to path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw TmuxError.failed("connect: \(errno)") }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        usleep(200_000)
    }
}
