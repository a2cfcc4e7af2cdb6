import LayoutEngine

/// A rectangle of cells in absolute terminal coordinates (x grows right, y down):
/// the engine's frame type, so a solved frame paints without conversion.
public typealias CellRect = ViewFrame

extension ViewFrame {
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles; empty (zero-sized) when they do not meet.
    public func intersection(_ other: ViewFrame) -> ViewFrame {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return ViewFrame(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

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
