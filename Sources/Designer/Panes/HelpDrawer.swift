import Canvas
import Presentation

/// The keys, shown in the drawer's place by `?`.
enum HelpDrawer {
    static func lines() -> [StyledLine] {
        var lines = [StyledLine(" Keys (? or Esc to close)", PaneStyles.focusedHeading, fill: PaneStyles.focusedHeading)]
        let width = KeyBindings.help.map { $0.keys.count }.max() ?? 0
        for (keys, action) in KeyBindings.help {
            let padded = keys + String(repeating: " ", count: width - keys.count)
            lines.append(StyledLine([Span("  " + padded + "  ", PaneStyles.strong), Span(action)], hangingIndent: width + 4))
        }
        return lines
    }

    /// The lines wrapped to `width`.
    static func rows(width: Int) -> [StyledLine] {
        lines().flatMap { $0.wrapped(toWidth: width) }
    }

    static func render(width: Int, height: Int) -> Grid {
        var grid = Grid(width: width, height: height)
        for (y, line) in rows(width: width).prefix(height).enumerated() { grid.write(line, x: 0, y: y, width: width) }
        return grid
    }
}
