// `import CasementApp` brings the DSL, the engine's types, the terminal's keys
// and sizes, and the canvas's cells and colours along with the runtime.
@_exported import Casement
@_exported import struct Canvas.Grid
@_exported import struct Canvas.Cell
@_exported import struct Canvas.CellAttributes
@_exported import enum TerminalUI.Key
@_exported import enum Stylesheet.Color
@_exported import enum Stylesheet.HorizontalAlignment
@_exported import struct Stylesheet.ComputedStyle

import LayoutEngine
import TerminalUI

/// Inside the runtime a size is the layout's; the terminal's own type (the same
/// two numbers) is converted where the two meet.
typealias TerminalSize = LayoutEngine.TerminalSize

extension LayoutEngine.TerminalSize {
    init(_ terminal: TerminalUI.TerminalSize) {
        self.init(width: terminal.width, height: terminal.height)
    }
}
