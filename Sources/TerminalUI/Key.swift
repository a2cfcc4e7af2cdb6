/// A key or mouse event, decoded from ncurses input.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case enter, tab, backTab, escape, backspace
    /// F1 is `.function(1)`. Terminals report Shift-F1 as F13 and so on.
    case function(Int)
    /// Button 1 pressed at screen coordinates (0-based, x right, y down).
    case mouseClick(x: Int, y: Int)
    /// The terminal changed size. The event loop reports it as
    /// `TerminalEvent.resize` with the new size instead.
    case resize
    case home, end, pageUp, pageDown, insert, delete
    /// A control character typed as Ctrl plus a key: Ctrl-L is `.control("l")`.
    /// Ctrl-C normally arrives as a signal instead (see `TerminalEvent.signal`).
    case control(Character)
    /// The wheel turned at screen coordinates.
    case scrollUp(x: Int, y: Int)
    case scrollDown(x: Int, y: Int)
}
