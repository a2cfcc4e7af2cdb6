import Canvas
import CNcurses
import Cells

// Panes and frames: where the panes are, drawing a grid into one, and sending
// a frame to the terminal.
extension TerminalSession {
    /// Moves the panes to `newLayout` (clipped to the screen). Panes whose
    /// rectangle changed get a new window and are drawn whole next time.
    public func apply(_ newLayout: PaneLayout) {
        guard isActive else { return }
        let all = newLayout.size != layout.size
        let previous = layout
        layout = newLayout
        panes.rebuild(for: newLayout, previous: previous, all: all, screen: size)
    }

    /// The rectangle `role`'s window actually has (empty when it has none).
    public func frame(of role: PaneRole) -> CellRect {
        panes[role]?.frame ?? CellRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Draws `grid` into `role`'s pane from its top-left corner, clipped to the
    /// pane. Only the cells that differ from the grid drawn there last are
    /// touched; a grid of another size, or a new window, is drawn whole.
    public func draw(_ grid: Grid, in role: PaneRole) {
        guard isActive, let pane = panes[role], let window = pane.window else { return }
        var previous = pane.shown
        if let shown = previous, shown.width != grid.width || shown.height != grid.height { previous = nil }
        if previous == nil { werase(window) }
        for run in grid.changedRuns(since: previous) {
            painter.draw(run, of: grid, into: window, width: pane.frame.width, height: pane.frame.height,
                         pair: colorPairs.pair(for:))
        }
        pane.shown = grid
    }

    /// Forgets what `role`'s pane shows, so the next draw is whole.
    public func invalidate(_ role: PaneRole) {
        panes[role]?.shown = nil
    }

    /// Makes the next `present()` repaint the whole screen (after something
    /// else wrote to the terminal, or for Ctrl-L).
    public func repaintEverythingNextTime() {
        guard isActive else { return }
        clearok(casement_curscr(), true)
    }

    /// Sends what changed to the terminal: every pane's window to ncurses'
    /// virtual screen, then one doupdate. Returns the bytes written, 0 when
    /// nothing changed (nil where they cannot be counted).
    @discardableResult
    public func present() -> Int? {
        guard isActive else { return 0 }
        redrawCellsWithRecycledPairs()
        for pane in panes.all {
            if let window = pane.window { wnoutrefresh(window) }
        }
        let before = WrittenBytes.soFar()
        doupdate()
        let after = WrittenBytes.soFar()
        colorPairs.advanceFrame()
        guard let before, let after else {
            totalBytesWritten = nil
            return nil
        }
        let written = after - before
        totalBytesWritten = totalBytesWritten.map { $0 + written }
        return written
    }

    /// `role`'s ncurses window, for reading back what was drawn (tests).
    func window(of role: PaneRole) -> UnsafeMutablePointer<WINDOW>? {
        panes[role]?.window
    }
}
