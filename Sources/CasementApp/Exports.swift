// `import CasementApp` brings the DSL, the engine's types, the terminal's keys
// and sizes, and the canvas's cells and colours along with the runtime.
@_exported import Casement
@_exported import struct Canvas.Grid
@_exported import struct Canvas.Cell
@_exported import struct Canvas.CellAttributes
@_exported import struct Canvas.CellStyle
@_exported import enum TerminalUI.Key
@_exported import enum Cells.Color
@_exported import enum Cells.HorizontalAlignment
@_exported import struct Cells.ComputedStyle
