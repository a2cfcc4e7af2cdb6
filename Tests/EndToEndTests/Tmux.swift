import Foundation
import Testing

/// The `casement` executable built next to this test bundle.
enum BuiltProducts {
    static var directory: URL {
        let bundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        // On some platforms the test binary sits inside the bundle.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("casement").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    static var casement: String { directory.appendingPathComponent("casement").path }
}

/// Where tmux is, if it is installed.
let tmuxPath: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for directory in paths + ["/usr/bin", "/usr/local/bin"] {
        let candidate = directory + "/tmux"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

/// Runs a program to completion; returns its exit status (128 + the signal's
/// number if a signal ended it) and its output. posix_spawn rather than
/// Foundation's Process: the child starts with no signal blocked or ignored
/// (whatever the test runner's threads have), and nothing waits on a run loop.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String], directory: String? = nil)
    -> (status: Int32, stdout: String, stderr: String)
{
    let base = NSTemporaryDirectory() + "casement-e2e-out-" + UUID().uuidString
    let outPath = base + ".out", errPath = base + ".err"
    defer {
        unlink(outPath)
        unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    // Not inside the user's tmux: these sessions are on servers of their own.
    let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { "\($0.key)=\($0.value)" }
    // A shell changes directory first (posix_spawn has no portable chdir).
    let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, command[0], &actions, &attributes, argv, envp) == 0 else { return (-1, "", "spawn failed") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return (code, output, errors)
}

/// One detached tmux session on a private server (its own socket), so tests
/// never touch the user's tmux and can run side by side.
final class TmuxSession {
    let server: String
    let name = "e2e"
    private static let counter = Counter()

    /// Starts `command` (a shell command line) in a `width` × `height` window.
    init(command: String, width: Int, height: Int, directory: String) throws {
        server = "casement-e2e-\(getpid())-\(Self.counter.next())"
        let config = directory + "/tmux.conf"
        // A known terminal type and nothing from the user's configuration.
        try "set -g default-terminal tmux-256color\nset -g status off\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = tmux([
            "-f", config, "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "-c", directory,
            command,
        ])
        guard result.status == 0 else { throw TmuxError.failed("new-session: \(result.stderr)") }
    }

    deinit {
        tmux(["kill-server"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        runProcess(tmuxPath ?? "/usr/bin/tmux", ["-L", server] + arguments)
    }

    /// What the pane shows now, one string per row.
    func capture() -> [String] {
        tmux(["capture-pane", "-p", "-t", name]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Keys as tmux names them (`Tab`, `Enter`, `C-c`, `q`, `BTab`).
    func send(_ keys: String...) {
        tmux(["send-keys", "-t", name] + keys)
    }

    func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// A pane variable: `alternate_on`, `cursor_flag`, `pane_pid`, `pane_dead`…
    func paneValue(_ name: String) -> String {
        tmux(["display-message", "-p", "-t", self.name, "#{\(name)}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `condition` holds or `timeout` passes; returns the
    /// last capture (check it with `condition` again to report a failure).
    @discardableResult
    func waitFor(timeout: Duration = .seconds(15), _ condition: ([String]) -> Bool) -> [String] {
        let end = ContinuousClock.now + timeout
        var screen = capture()
        while !condition(screen), ContinuousClock.now < end {
            usleep(40_000)
            screen = capture()
        }
        return screen
    }

    /// Waits until the pane shows `text`; a timeout is a test failure (with the screen).
    @discardableResult
    func waitFor(
        text: String, timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        let screen = waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
        if !screen.containsText(text) {
            Issue.record("timed out waiting for \"\(text)\":\n\(screen.joinedText)", sourceLocation: sourceLocation)
        }
        return screen
    }
}

enum TmuxError: Error {
    case failed(String)
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

extension [String] {
    func containsText(_ text: String) -> Bool { contains { $0.contains(text) } }

    var joinedText: String { joined(separator: "\n") }
}

/// A fresh directory for one test's files.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "casement-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Saves the way many editors do: write a temporary file, rename it over the original.
func saveByRename(_ text: String, to path: String) throws {
    let temporary = path + ".tmp-save"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, path) == 0 else { throw TmuxError.failed("rename failed") }
}
