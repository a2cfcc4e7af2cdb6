/// Why a terminal session could not start.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Only one session may drive the terminal at a time (ncurses is process-global).
    case sessionAlreadyActive
    /// ncurses could not set up the terminal: unknown TERM, or not a terminal.
    case cannotStartTerminal(terminalType: String?)
    /// A system call failed while setting up (`errno` says why).
    case systemCallFailed(name: String, errno: Int32)

    /// A one-line message for the user, naming what failed.
    public var description: String {
        switch self {
        case .sessionAlreadyActive:
            "a terminal session is already running"
        case .cannotStartTerminal(let type):
            "cannot start the terminal '\(type ?? "$TERM unset")': unknown type or not a terminal"
        case .systemCallFailed(let name, let errno):
            "\(name) failed (errno \(errno))"
        }
    }
}
