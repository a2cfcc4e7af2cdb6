import Cells

/// A width × height block of cells in row-major order.
public struct Grid: Hashable, Sendable {
    /// Columns, in cells (never negative).
    public let width: Int
    /// Rows, in cells (never negative).
    public let height: Int
    /// `width * height` cells, row by row: the cell at (x, y) is `cells[y * width + x]`.
    public var cells: [Cell]

    /// A grid of `width` × `height` cells (negative sizes count as 0), every cell `cell`.
    public init(width: Int, height: Int, filling cell: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    /// The whole grid as a rectangle at (0, 0).
    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y` (0-based); both must lie inside the grid.
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }
}
