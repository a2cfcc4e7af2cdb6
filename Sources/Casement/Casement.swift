// `import Casement` gives an app everything it needs: the engine's types
// (`TerminalSize`, `ViewFrame`, `ViewKind`, `LayoutPriority`, `Diagnostic`,
// `ReloadReport`, …) come along with the DSL.
@_exported import Cells
@_exported import Diagnostics
@_exported import LayoutEngine
@_exported import LayoutSpec
@_exported import enum Canvas.ColorDepth
@_exported import enum LayoutPainting.RenderFormat
