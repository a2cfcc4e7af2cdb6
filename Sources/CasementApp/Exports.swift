// `import CasementApp` brings, by name, what `import Casement` brings (the DSL
// and the types its API speaks in), the runtime of this module, and what the
// runtime's API speaks in besides: the terminal's keys, and the canvas's grid
// and cells (what `app.screen` and a pilot's snapshot are). The terminal
// session, the painter and the file watcher stay inside.
@_exported import Casement
@_exported import struct Canvas.Grid
@_exported import struct Canvas.Cell
@_exported import struct Canvas.CellAttributes
@_exported import struct Canvas.CellStyle
@_exported import enum TerminalUI.Key
