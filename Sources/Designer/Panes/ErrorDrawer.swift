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
    static func lines(of error: Diagnostic) -> [StyledLine] {
        var lines = [StyledLine([
            Span(" " + error.location.description + ": ", PaneStyles.error), Span(error.message),
        ], hangingIndent: 3)]
        if let excerpt = error.excerpt {
            let gutter = "   \(error.location.line) │ "
            let source = excerpt.replacing("\t", with: " ")
            lines.append(StyledLine([Span(gutter, PaneStyles.muted), Span(source)], hangingIndent: gutter.count))
            let before = source.prefix(max(0, error.location.column - 1))
            let underline = max(1, min(error.length, source.count - before.count))
            let pad = String(repeating: " ", count: gutter.count - 2) + "│ " + String(repeating: " ", count: cellWidth(of: before))
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
            for line in Self.lines(of: error) {
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
