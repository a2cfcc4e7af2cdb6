import Canvas
import Diagnostics
import TextMetrics

/// The error drawer: the errors in the files, each with file:line:col, the line
/// with a caret under the spot, and the hint.
public struct ErrorDrawer: Hashable, Sendable {
    /// Which layout the screen shows while the files have errors.
    public enum Situation: Hashable, Sendable {
        /// A reload found new errors; the layout on screen is the last good one.
        case keptLastLayout
        /// The files have errors and the layout shows what could be applied (the
        /// first load of a broken spec, or errors that were already there).
        case appliedWithErrors
    }

    /// Whether the last good layout was kept or what could be applied is shown.
    public var situation: Situation
    /// The errors to list, in the order they are shown.
    public var errors: [Diagnostic]
    /// The key that opens the inspector, named where the drawer has no room left.
    public var inspectorKey: String

    /// A drawer listing `errors` under a title that says which layout is shown.
    public init(situation: Situation, errors: [Diagnostic], inspectorKey: String = "i") {
        self.situation = situation
        self.errors = errors
        self.inspectorKey = inspectorKey
    }

    /// The title line, then one group of lines per error. The count is true:
    /// a note that closes a capped list adds the errors it stands for.
    public func title() -> StyledLine {
        let total = errors.errorCount
        let count = total == 1 ? "1 error" : "\(total) errors"
        let text = switch situation {
        case .keptLastLayout: " ✖ \(count) — the last good layout stays on screen; fix and save to reload"
        case .appliedWithErrors: " ✖ \(count) in the files — showing what could be applied"
        }
        return StyledLine(text, PaneStyles.drawerTitle, fill: PaneStyles.drawerTitle)
    }

    /// One error: its location and message, the source line with a caret, the hint.
    /// The source line is never wrapped (the caret must sit under it): a line wider
    /// than `width` is cut, from the start too when the caret is far to the right.
    public static func lines(of error: Diagnostic, width: Int = .max) -> [StyledLine] {
        var lines = [StyledLine([
            Span(" " + error.location.description + ": ", PaneStyles.error), Span(error.message),
        ], hangingIndent: 3)]
        if let excerpt = error.excerpt {
            lines += excerptLines(excerpt, of: error, width: width)
        }
        if let hint = error.hint {
            lines.append(StyledLine([Span("   hint: ", PaneStyles.hint), Span(hint, PaneStyles.hint)], hangingIndent: 9))
        }
        return lines
    }

    /// The source line and the caret line under it, cut to `width`. Every step
    /// keeps running sums of cell widths, so the cost is linear in the excerpt
    /// (which `Diagnostic` already cuts to a window around the column).
    private static func excerptLines(_ excerpt: String, of error: Diagnostic, width: Int) -> [StyledLine] {
        let gutter = "   \(error.location.line) │ "
        let source = Array(excerpt.replacing("\t", with: " "))
        let cells = source.map { cellWidth(of: $0) }
        let caret = min(max(0, error.caretColumn - 1), source.count)
        let room = width == .max ? Int.max : width - cellWidth(of: gutter)
        // A span wider than half the room is underlined in part: the caret line never wraps.
        var underline = max(1, min(cells[caret...].prefix(max(1, error.length)).reduce(0, +), max(1, room / 2)))
        var first = 0, end = source.count
        var total = cells.reduce(0, +)
        let beforeCaret = cells[..<caret].reduce(0, +)
        var cutStart = false, cutEnd = false
        if room > 8, total > room {
            if beforeCaret + underline + 4 > room {
                // Drop the start until the caret sits in the middle.
                var excess = beforeCaret - room / 2
                while excess > 0, first < caret {
                    excess -= cells[first]
                    total -= cells[first]
                    first += 1
                }
                cutStart = true
            }
            while total + (cutStart ? 1 : 0) + 1 > room, end > caret + 1 {
                end -= 1
                total -= cells[end]
                cutEnd = true
            }
        }
        underline = max(1, min(underline, cells[caret..<end].reduce(0, +)))
        let shown = (cutStart ? "…" : "") + String(source[first..<end]) + (cutEnd ? "…" : "")
        let before = (cutStart ? 1 : 0) + cells[first..<caret].reduce(0, +)
        let pad = String(repeating: " ", count: gutter.count - 2) + "│ " + String(repeating: " ", count: before)
        return [
            StyledLine([Span(gutter, PaneStyles.muted), Span(shown)]),
            StyledLine([
                Span(pad, PaneStyles.muted), Span("^" + String(repeating: "~", count: underline - 1), PaneStyles.error),
            ]),
        ]
    }

    /// Every row at `width`: the title's, then each error's, with the error each belongs to (-1: the title).
    private func rows(width: Int) -> [(line: StyledLine, error: Int)] {
        // The title is one row, cut to fit.
        var rows = [(line: title(), error: -1)]
        for (index, error) in errors.enumerated() {
            for line in Self.lines(of: error, width: width) {
                rows += line.wrapped(toWidth: width).map { (line: $0, error: index) }
            }
        }
        return rows
    }

    /// Rows the drawer asks for: all its lines wrapped to `width`, at most `limit`.
    public func requestedHeight(width: Int, limit: Int) -> Int {
        min(limit, rows(width: width).count)
    }

    /// The drawer drawn into a `width` × `height` grid; when it does not fit, the
    /// last row says how many errors are left out.
    public func render(width: Int, height: Int) -> Grid {
        var grid = Grid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        var rows = rows(width: width)
        if rows.count > height, height >= 2 {
            let left = errors.count - max(0, rows[height - 1].error)
            rows = Array(rows.prefix(height - 1))
            rows.append((StyledLine(" … \(left) more: the inspector lists every diagnostic (\(inspectorKey))", PaneStyles.muted), -1))
        }
        for (y, row) in rows.prefix(height).enumerated() { grid.write(row.line, x: 0, y: y, width: width) }
        return grid
    }
}
