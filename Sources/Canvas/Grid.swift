import Cells

/// A width × height block of cells in row-major order.
public struct Grid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var cells: [Cell]

    public init(width: Int, height: Int, filling cell: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }
}
