// What `import Casement` gives an app, by name: the DSL of this module, and
// the few types of the modules below it that its API speaks in (sizes and
// frames, view kinds and priorities, diagnostics, what a layout reports and
// renders). The engine itself — `LayoutSession`, the spec's parser and syntax,
// the solver — stays out of sight: a program builds views and reads a
// `Layout`. (Members and extensions of these types come along with them.)

// Cells: where things are and how they look.
@_exported import struct Cells.TerminalSize
@_exported import struct Cells.ViewFrame
@_exported import typealias Cells.CellRect
@_exported import struct Cells.ComputedStyle
@_exported import struct Cells.ContentPriorities
@_exported import enum Cells.BorderStyle
@_exported import enum Cells.Color
@_exported import enum Cells.HorizontalAlignment

// Diagnostics: what went wrong, and where.
@_exported import struct Diagnostics.Diagnostic
@_exported import struct Diagnostics.DiagnosticCode
@_exported import struct Diagnostics.SourceLocation

// The layout language's vocabulary.
@_exported import enum LayoutSpec.ViewKind
@_exported import enum LayoutSpec.Attribute
@_exported import enum LayoutSpec.Axis
@_exported import enum LayoutSpec.Relation
@_exported import struct LayoutSpec.LayoutPriority

// What a layout reports.
@_exported import struct LayoutEngine.ViewLayout
@_exported import struct LayoutEngine.ExactFrame
@_exported import struct LayoutEngine.ReloadReport
@_exported import struct LayoutEngine.ConstraintCounts
@_exported import struct LayoutEngine.FrameChange
@_exported import struct LayoutEngine.StageTimings

// How it renders.
@_exported import enum Canvas.ColorDepth
@_exported import enum LayoutPainting.RenderFormat
