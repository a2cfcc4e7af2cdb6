import Testing
import Canvas
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Set in a child copy of this test binary: "mode:/dev/pts/N".
private let probeVariable = "CASEMENT_TERMINAL_PROBE"

/// The last-resort restore cannot be tested in this process (it ends it), so a
/// child copy of the test binary runs `restoreProbe` on a pseudo-terminal and
/// dies in the way asked; the parent checks the terminal came back.
@Suite struct SlowTerminalRestoreTests {
    @Test func aTrapRestoresTheTerminal() throws {
        let result = try runProbe("trap")
        #expect(result.signal == SIGILL || result.signal == SIGTRAP)
        try checkRestored(result)
    }

    @Test func aSecondInterruptRestoresAndKills() throws {
        let result = try runProbe("interrupt-twice")
        #expect(result.signal == SIGINT)
        try checkRestored(result)
    }

    @Test func exitWithoutEndingRestores() throws {
        let result = try runProbe("exit")
        #expect(result.signal == nil && result.exitCode == 3)
        try checkRestored(result)
    }

    @Test func anUncaughtErrorRestores() throws {
        let result = try runProbe("abort")
        #expect(result.signal == SIGABRT)
        try checkRestored(result)
    }

    private func checkRestored(_ result: ProbeResult) throws {
        let drawn = try #require(result.output.lastRange(of: "probe drawing"))
        let after = Array(result.output[drawn.upperBound...])
        #expect(after.contains("\u{1B}[?1049l"), "left the alternate screen")
        #expect(after.contains("\u{1B}[?25h"), "showed the cursor")
        #expect(after.contains("\u{1B}[?1000l"), "turned the mouse off")
        #expect(result.modesAfter.c_lflag == result.modesBefore.c_lflag)
        #expect(result.modesAfter.c_iflag == result.modesBefore.c_iflag)
        #expect(result.modesAfter.c_oflag == result.modesBefore.c_oflag)
    }

    /// The child's side: start a session on the given terminal, draw, then die.
    @Test(.enabled(if: getenv(probeVariable) != nil)) func restoreProbe() throws {
        let setting = String(cString: getenv(probeVariable))
        let parts = setting.split(separator: ":", maxSplits: 1).map(String.init)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let terminal = open(parts[1], O_RDWR | O_NOCTTY)
        let session = try TerminalSession(options: .init(
            inputDescriptor: terminal, outputDescriptor: terminal, terminalType: "xterm-256color"))
        var grid = Grid(width: session.frame(of: .canvas).width, height: 2)
        for (index, character) in "probe drawing".enumerated() {
            grid[index, 0] = Cell(character, foreground: .ansi(1))
        }
        session.draw(grid, in: .canvas)
        session.present()
        switch parts[0] {
        case "trap":
            let values: [Int] = []
            _ = values[Int(getpid()) % 7 + 1]  // out of range: a Swift trap
        case "interrupt-twice":
            raise(SIGINT)
            raise(SIGINT)
        case "exit":
            exit(3)
        case "abort":
            abort()
        default:
            break
        }
        Issue.record("the probe survived '\(parts[0])'")
    }
}

private struct ProbeResult {
    var output: [UInt8]
    var signal: Int32?
    var exitCode: Int32?
    var modesBefore: termios
    var modesAfter: termios
}

private func runProbe(_ mode: String) throws -> ProbeResult {
    let pty = PseudoTerminal(width: 40, height: 10)
    let before = pty.modes
    let arguments = ["/proc/self/exe", "--testing-library", "swift-testing", "--filter", "restoreProbe"]
    var environment: [String] = []
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        if !text.hasPrefix(probeVariable + "=") && !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
        index += 1
    }
    environment += ["\(probeVariable)=\(mode):\(pty.path)", "SWIFT_BACKTRACE=enable=no"]

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    try #require(posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, envp) == 0)

    // Keep reading so the child never blocks on a full terminal.
    var output: [UInt8] = []
    var status: Int32 = 0
    let end = ContinuousClock.now + .seconds(60)
    while true {
        output += pty.output(quiet: .milliseconds(20))
        if waitpid(pid, &status, WNOHANG) == pid { break }
        if ContinuousClock.now > end {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            Issue.record("the probe hung")
            break
        }
    }
    output += pty.output(quiet: .milliseconds(20))
    let signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
    return ProbeResult(
        output: output,
        signal: signalled ? status & 0x7F : nil,
        exitCode: signalled ? nil : (status >> 8) & 0xFF,
        modesBefore: before,
        modesAfter: pty.modes)
}

extension Array where Element == UInt8 {
    func lastRange(of text: String) -> Range<Int>? {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return nil }
        for start in stride(from: count - needle.count, through: 0, by: -1)
        where self[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
