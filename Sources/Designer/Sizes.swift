import LayoutEngine
import TerminalUI

// The terminal library and the layout engine each have a `TerminalSize`; the
// designer names them by role.

/// The terminal's size: every pane.
public typealias ScreenSize = TerminalUI.TerminalSize

/// The size a spec is laid out for: the canvas.
public typealias LayoutSize = LayoutEngine.TerminalSize
