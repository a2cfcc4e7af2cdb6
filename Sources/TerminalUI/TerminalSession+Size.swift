import CNcurses
import Cells
#if canImport(Glibc)
import Glibc
#endif

// The screen's size: read from the terminal, forced (tests), or taken from
// ncurses after it resized by itself. Every change re-lays the panes out.
extension TerminalSession {
    /// Reads the terminal's size (TIOCGWINSZ) and resizes to it. Returns the new
    /// size when it changed.
    @discardableResult
    public func updateSize() -> TerminalSize? {
        var window = winsize()
        guard ioctl(options.outputDescriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return resize(to: TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row)))
    }

    /// Resizes ncurses' screen and re-lays the panes out with the same requests
    /// (all redrawn whole next time). Returns the new size when it changed.
    @discardableResult
    public func resize(to newSize: TerminalSize) -> TerminalSize? {
        guard isActive, newSize.width > 0, newSize.height > 0 else { return nil }
        if newSize != Self.cursesScreenSize {
            resize_term(Int32(newSize.height), Int32(newSize.width))
            // What the terminal shows after a resize is anyone's guess: repaint all.
            clearok(casement_curscr(), true)
        }
        return adoptScreenSize()
    }

    /// Takes ncurses' idea of the screen size (after it resized by itself).
    func adoptScreenSize() -> TerminalSize? {
        let current = Self.cursesScreenSize
        guard current != size else { return nil }
        size = current
        let previous = layout
        layout = previous.resized(to: current)
        panes.rebuild(for: layout, previous: previous, all: true, screen: size)
        return current
    }

    /// The screen size ncurses works with (COLS × LINES).
    static var cursesScreenSize: TerminalSize {
        TerminalSize(width: Int(casement_cols()), height: Int(casement_lines()))
    }
}
