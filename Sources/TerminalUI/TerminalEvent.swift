import Cells

/// What the event loop saw.
public enum TerminalEvent: Hashable, Sendable {
    /// A key, mouse click or wheel turn.
    case key(Key)
    /// The terminal changed size; the session already knows the new size.
    case resize(TerminalSize)
    /// One of the extra descriptors given to the loop is readable (for example
    /// a `FileWatcher`'s), or was closed.
    case readable(Int32)
    /// A quit signal arrived (Ctrl-C, kill, hang-up): end the session and exit.
    /// A second one before the loop reports the first restores the terminal
    /// and kills the process at once.
    case signal(TerminalSignal)
    /// The timeout passed with nothing else to report.
    case timeout
}
