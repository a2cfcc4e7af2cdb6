import TerminalUI

/// Why `App.run()` returned: `quit()`, or a signal that asks a terminal program
/// to end. A command-line program ends with `exitStatus`, as shells expect:
///
///     let ending = try app.run()
///     exit(ending.exitStatus)     // 0 after quit(), 130 after Ctrl-C, 143 after SIGTERM
public enum AppEnding: Hashable, Sendable, CustomStringConvertible {
    /// `quit()` was called (a key binding, a button, code).
    case quit
    /// Ctrl-C (SIGINT).
    case interrupt
    /// SIGTERM: `kill`, a service manager, a container stopping.
    case terminate
    /// SIGHUP: the terminal went away (its window closed, an ssh connection dropped).
    case hangUp
    /// Ctrl-\ (SIGQUIT).
    case quitSignal

    init(_ signal: TerminalSignal) {
        switch signal {
        case .interrupt: self = .interrupt
        case .terminate: self = .terminate
        case .hangup: self = .hangUp
        case .quit: self = .quitSignal
        }
    }

    /// The POSIX number of the signal that ended the run; nil after `quit()`.
    public var signalNumber: Int32? {
        switch self {
        case .quit: nil
        case .interrupt: TerminalSignal.interrupt.number
        case .terminate: TerminalSignal.terminate.number
        case .hangUp: TerminalSignal.hangup.number
        case .quitSignal: TerminalSignal.quit.number
        }
    }

    /// The status a shell expects the program to exit with: 0 after `quit()`,
    /// 128 plus the signal's number after a signal (130 after Ctrl-C, 143
    /// after SIGTERM, 129 after a hang-up, 131 after Ctrl-\).
    public var exitStatus: Int32 { signalNumber.map { 128 + $0 } ?? 0 }

    /// One word: `quit`, `interrupt`, `terminate`, `hang-up`, `quit signal`.
    public var description: String {
        switch self {
        case .quit: "quit"
        case .interrupt: "interrupt"
        case .terminate: "terminate"
        case .hangUp: "hang-up"
        case .quitSignal: "quit signal"
        }
    }
}
