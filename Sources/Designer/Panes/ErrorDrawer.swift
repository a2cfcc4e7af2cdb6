import Canvas
import Diagnostics
import TextMetrics

/// The error drawer: the errors in the files, each with file:line:col, the line
/// with a caret under the spot, and the hint.
public struct ErrorDrawer: Hashable, Sendable {
    public enum Situation: Hashable, Sendable {
        /// A reload found new errors; the layout on screen is the last good one.
        case keptLastLayout
        /// The files have errors and the layout shows what could be applied (the
        /// first load of a broken spec, or errors that were already there).
        case appliedWithErrors
    }

    public var situation: Situation
    public var errors: [Diagnostic]

    public init(situation: Situation, errors: [Diagnostic]) {
        self.situation = situation
        self.errors = errors
    }

    /// The title line, then one group of lines per error.
    func title() -> StyledLine {
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        let text = switch situation {
        case .keptLastLayout: " ✖ \(count) — the last good layout stays on screen; fix and save to reload"
        case .appliedWithErrors: " ✖ \(count) in the files — showing what could be applied"
        }
        return StyledLine(text, PaneStyles.drawerTitle, fill: PaneStyles.drawerTitle)
    }

    /// One error: its location and message, the source line with a caret, the hint.
    /// The source line is never wrapped (the caret must sit under it): a line wider
    /// than `width` is cut, from the start too when the caret is far to the right.
    static func lines(of error: Diagnostic, width: Int = .max) -> [StyledLine] {
        var lines = [StyledLine([
            Span(" " + error.location.description + ": ", PaneStyles.error), Span(error.message),
        ], hangingIndent: 3)]
        if let excerpt = error.excerpt {
            let gutter = "   \(error.location.line) │ "
            var source = Array(excerpt.replacing("\t", with: " "))
            var caret = min(max(0, error.location.column - 1), source.count)
            let spanned = source[caret...].prefix(max(1, error.length))
            let underline = max(1, cellWidth(of: String(spanned)))
            let room = width == .max ? Int.max : width - cellWidth(of: gutter)
            var cutStart = false, cutEnd = false
            if room > 8, cellWidth(of: String(source)) > room {
                if cellWidth(of: String(source[..<caret])) + underline + 4 > room {
                    // Drop the start until the caret sits in the middle.
                    var excess = cellWidth(of: String(source[..<caret])) - room / 2
                    var dropped = 0
                    while excess > 0, dropped < caret {
                        excess -= cellWidth(of: source[dropped])
                        dropped += 1
                    }
                    source.removeFirst(dropped)
                    caret -= dropped
                    cutStart = true
                }
                while cellWidth(of: String(source)) + (cutStart ? 1 : 0) + 1 > room, source.count > caret + 1 {
                    source.removeLast()
                    cutEnd = true
                }
            }
            let shown = (cutStart ? "…" : "") + String(source) + (cutEnd ? "…" : "")
            lines.append(StyledLine([Span(gutter, PaneStyles.muted), Span(shown)]))
            let before = (cutStart ? 1 : 0) + cellWidth(of: String(source[..<caret]))
            let pad = String(repeating: " ", count: gutter.count - 2) + "│ " + String(repeating: " ", count: before)
            lines.append(StyledLine([
                Span(pad, PaneStyles.muted), Span("^" + String(repeating: "~", count: underline - 1), PaneStyles.error),
            ]))
        }
        if let hint = error.hint {
            lines.append(StyledLine([Span("   hint: ", PaneStyles.hint), Span(hint, PaneStyles.hint)], hangingIndent: 9))
        }
        return lines
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
    func requestedHeight(width: Int, limit: Int) -> Int {
        min(limit, rows(width: width).count)
    }

    /// The drawer drawn into a `width` × `height` grid; when it does not fit, the
    /// last row says how many errors are left out.
    func render(width: Int, height: Int) -> Grid {
        var grid = Grid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        var rows = rows(width: width)
        if rows.count > height, height >= 2 {
            let left = errors.count - max(0, rows[height - 1].error)
            rows = Array(rows.prefix(height - 1))
            rows.append((StyledLine(" … \(left) more: the inspector lists every diagnostic (i)", PaneStyles.muted), -1))
        }
        for (y, row) in rows.prefix(height).enumerated() { grid.write(row.line, x: 0, y: y, width: width) }
        return grid
    }
}
