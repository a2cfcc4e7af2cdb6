import Canvas

/// The panes' own colours (the designer's and dev mode's alike). ANSI colours
/// only, so the panes follow the user's terminal theme (light or dark) at every
/// colour depth.
public enum PaneStyles {
    /// A section's heading.
    public static let heading = CellStyle(foreground: .ansi(14), attributes: .bold)
    /// The header of the section that has the keyboard focus.
    public static let focusedHeading = CellStyle(foreground: .ansi(0), background: .ansi(14), attributes: .bold)
    /// Labels beside values (`frame`, `parent`).
    public static let dim = CellStyle(attributes: .dim)
    /// Notes and placeholders (`none`, `3 more at their defaults`).
    public static let muted = CellStyle(foreground: .ansi(8))
    /// Names that carry the line (a property, a key).
    public static let strong = CellStyle(attributes: .bold)
    /// A view's id.
    public static let identifier = CellStyle(foreground: .ansi(15), attributes: .bold)
    /// A view's kind.
    public static let kind = CellStyle(foreground: .ansi(12))
    /// `file:line:col`.
    public static let location = CellStyle(foreground: .ansi(8))
    /// A constraint that holds.
    public static let good = CellStyle(foreground: .ansi(10))
    /// Warnings, ambiguity, unsatisfied preferences.
    public static let warning = CellStyle(foreground: .ansi(11))
    /// Errors and conflicts.
    public static let error = CellStyle(foreground: .ansi(9), attributes: .bold)
    /// A constraint broken to resolve a conflict.
    public static let broken = CellStyle(foreground: .ansi(13), attributes: .bold)
    /// A diagnostic's hint.
    public static let hint = CellStyle(foreground: .ansi(6))
    /// A declaration another one beat: struck through.
    public static let overridden = CellStyle(foreground: .ansi(8), attributes: .strikethrough)
    /// The column between a pane and what is left of it.
    public static let separator = CellStyle(foreground: .ansi(8))

    /// The row under the keyboard cursor.
    public static let cursor: CellAttributes = .reverse
    /// The selected row of a list that does not have the focus.
    public static let inactiveCursor: CellAttributes = .underline

    /// The error drawer's title band.
    public static let drawerTitle = CellStyle(foreground: .ansi(15), background: .ansi(1), attributes: .bold)
    /// The status line's ground.
    public static let statusBar = CellStyle(foreground: .ansi(0), background: .ansi(7))
    /// A good outcome on the status line (`✓ reloaded`).
    public static let statusGood = CellStyle(foreground: .ansi(0), background: .ansi(2))
    /// Errors on the status line (`✖ 2`).
    public static let statusBad = CellStyle(foreground: .ansi(15), background: .ansi(1), attributes: .bold)
    /// Warnings and notes on the status line (`⚠ 1`).
    public static let statusNote = CellStyle(foreground: .ansi(0), background: .ansi(3))
}
