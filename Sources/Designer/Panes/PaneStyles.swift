import Canvas
import Stylesheet

/// The designer's own colours. ANSI colours only, so the panes follow the
/// user's terminal theme (light or dark) at every colour depth.
enum PaneStyles {
    static let heading = TextStyle(foreground: .ansi(14), attributes: .bold)
    /// The header of the section that has the keyboard focus.
    static let focusedHeading = TextStyle(foreground: .ansi(0), background: .ansi(14), attributes: .bold)
    static let dim = TextStyle(attributes: .dim)
    static let muted = TextStyle(foreground: .ansi(8))
    static let strong = TextStyle(attributes: .bold)
    static let identifier = TextStyle(foreground: .ansi(15), attributes: .bold)
    static let kind = TextStyle(foreground: .ansi(12))
    static let location = TextStyle(foreground: .ansi(8))
    static let good = TextStyle(foreground: .ansi(10))
    static let warning = TextStyle(foreground: .ansi(11))
    static let error = TextStyle(foreground: .ansi(9), attributes: .bold)
    static let broken = TextStyle(foreground: .ansi(13), attributes: .bold)
    static let hint = TextStyle(foreground: .ansi(6))
    static let overridden = TextStyle(foreground: .ansi(8), attributes: .strikethrough)
    static let separator = TextStyle(foreground: .ansi(8))

    /// The row under the keyboard cursor.
    static let cursor: CellAttributes = .reverse
    /// The selected row of a list that does not have the focus.
    static let inactiveCursor: CellAttributes = .underline

    static let drawerTitle = TextStyle(foreground: .ansi(15), background: .ansi(1), attributes: .bold)
    static let statusBar = TextStyle(foreground: .ansi(0), background: .ansi(7))
    static let statusGood = TextStyle(foreground: .ansi(0), background: .ansi(2))
    static let statusBad = TextStyle(foreground: .ansi(15), background: .ansi(1), attributes: .bold)
    static let statusNote = TextStyle(foreground: .ansi(0), background: .ansi(3))
}
