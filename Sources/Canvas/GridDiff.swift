/// A horizontal run of cells that changed between two frames: the unit of a
/// minimal redraw. A run never starts on the right half of a wide character.
public struct CellRun: Hashable, Sendable {
    /// The 0-based column of the run's first cell.
    public var x: Int
    /// The 0-based row of the run.
    public var y: Int
    /// The new cells, left to right from `x`.
    public var cells: [Cell]

    /// A run of `cells` starting at column `x` of row `y`.
    public init(x: Int, y: Int, cells: [Cell]) {
        self.x = x
        self.y = y
        self.cells = cells
    }
}

extension Grid {
    /// The runs of cells that differ from `previous`; every row when there is no
    /// previous frame or its size differs. Empty when nothing changed.
    public func changedRuns(since previous: Grid?) -> [CellRun] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).map { y in
                CellRun(x: 0, y: y, cells: Array(cells[(y * width)..<((y + 1) * width)]))
            }
        }
        var runs: [CellRun] = []
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width {
                guard cells[row + x] != previous.cells[row + x] else { x += 1; continue }
                var start = x
                // Redraw a wide character whole when only its right half changed.
                if cells[row + start].isContinuation && start > 0 { start -= 1 }
                var end = x + 1
                while end < width, cells[row + end] != previous.cells[row + end] { end += 1 }
                // Keep a wide character's right half with its left half.
                if end < width, cells[row + end].isContinuation { end += 1 }
                if let last = runs.last, last.y == y, last.x + last.cells.count >= start {
                    let from = last.x + last.cells.count
                    runs[runs.count - 1].cells.append(contentsOf: cells[(row + from)..<(row + end)])
                } else {
                    runs.append(CellRun(x: start, y: y, cells: Array(cells[(row + start)..<(row + end)])))
                }
                x = end
            }
        }
        return runs
    }
}
