import Canvas
import CNcurses
import Cells

/// One pane's ncurses window and the grid it shows, for drawing only what changed.
final class PaneWindow {
    let frame: CellRect
    /// nil when the pane is empty (ncurses cannot make a 0-sized window).
    private(set) var window: UnsafeMutablePointer<WINDOW>?
    /// What the window holds now; nil forces the next draw to be whole.
    var shown: Grid?

    init(frame: CellRect) {
        self.frame = frame
        guard !frame.isEmpty, let window = newwin(Int32(frame.height), Int32(frame.width), Int32(frame.y), Int32(frame.x)) else {
            return
        }
        // Casement never shows a cursor: let ncurses leave it wherever is cheapest.
        leaveok(window, true)
        scrollok(window, false)
        self.window = window
    }

    deinit {
        if let window { delwin(window) }
    }
}
