import TerminalUI

/// A selection in a list of rows with a viewport: moving the selection scrolls
/// the viewport just enough to keep it visible.
struct RowCursor: Hashable, Sendable {
    /// The selected row (nil: none, or no rows).
    var selected: Int?
    /// The first row shown.
    var top = 0

    /// Clamps to `count` rows and a viewport of `visible` rows, then scrolls
    /// the selection into view.
    mutating func clamp(count: Int, visible: Int) {
        clampRange(count: count, visible: visible)
        if let row = selected {
            if row < top { top = row }
            if visible > 0, row >= top + visible { top = row - visible + 1 }
        }
    }

    /// Clamps the selection and the viewport to the rows, leaving the viewport
    /// where it is otherwise (the wheel may scroll the selection out of view).
    mutating func clampRange(count: Int, visible: Int) {
        if count == 0 {
            selected = nil
            top = 0
            return
        }
        if let row = selected { selected = min(max(0, row), count - 1) }
        top = min(max(0, top), max(0, count - max(1, visible)))
    }

    /// The viewport changed from `old` rows to `new` (a resize): a selection
    /// that was in view stays in view (the wheel may have scrolled it out on
    /// purpose; then the viewport stays where it was).
    mutating func keepSelectionInView(count: Int, from old: Int, to new: Int) {
        guard let row = selected, old == 0 || (top..<(top + old)).contains(row) else { return }
        clamp(count: count, visible: new)
    }

    /// Moves the selection for a navigation key; returns whether the key was one.
    mutating func move(for key: Key, count: Int, visible: Int) -> Bool {
        guard count > 0 else { return false }
        let page = max(1, visible - 1)
        let current = selected ?? -1
        switch key {
        case .up: selected = max(0, current - 1)
        case .down: selected = min(count - 1, current + 1)
        case .pageUp: selected = max(0, current - page)
        case .pageDown: selected = min(count - 1, max(0, current) + page)
        case .home: selected = 0
        case .end: selected = count - 1
        default: return false
        }
        clamp(count: count, visible: visible)
        return true
    }

    /// Scrolls the viewport by `rows` without moving the selection.
    mutating func scroll(by rows: Int, count: Int, visible: Int) {
        top = min(max(0, top + rows), max(0, count - max(1, visible)))
    }
}
