import Cells

/// The session's ncurses windows, one per pane role (nil before the first
/// layout and after the session ends). Rebuilding only replaces the windows
/// whose rectangle changed, so the others keep what they show.
struct PaneWindows {
    private var windows: [PaneWindow?] = Array(repeating: nil, count: PaneRole.allCases.count)

    subscript(role: PaneRole) -> PaneWindow? { windows[role.rawValue] }

    /// Every pane that has a window object, in role order.
    var all: [PaneWindow] { windows.compactMap { $0 } }

    /// New windows for the roles whose rectangle differs between `previous` and
    /// `layout` (every role when `all` is set), clipped to a `screen`-sized
    /// terminal. A new window starts blank, so its next draw is whole.
    mutating func rebuild(for layout: PaneLayout, previous: PaneLayout?, all: Bool, screen: TerminalSize) {
        let screenRect = CellRect(x: 0, y: 0, width: screen.width, height: screen.height)
        let changed = PaneRole.allCases.filter { all || previous?[$0] != layout[$0] || windows[$0.rawValue] == nil }
        // Delete before creating, so old and new windows never overlap.
        for role in changed { windows[role.rawValue] = nil }
        for role in changed {
            windows[role.rawValue] = PaneWindow(frame: Self.normalized(layout[role].intersection(screenRect)))
        }
    }

    /// Deletes every window (before ncurses ends).
    mutating func removeAll() {
        windows = Array(repeating: nil, count: PaneRole.allCases.count)
    }

    /// An empty rectangle at the origin, whatever its position was.
    private static func normalized(_ rect: CellRect) -> CellRect {
        rect.isEmpty ? CellRect(x: 0, y: 0, width: 0, height: 0) : rect
    }
}
