import Cells

extension Grid {
    /// Copies every cell of `other` over this grid with its top-left corner at
    /// (x, y), clipped to this grid: a pane drawn on its own, put over a frame.
    /// A wide character cut at either seam loses its lone half (a blank).
    public mutating func overlay(_ other: Grid, atX x: Int, y: Int) {
        let target = CellRect(x: x, y: y, width: other.width, height: other.height).intersection(bounds)
        guard !target.isEmpty else { return }
        for row in target.y..<target.maxY {
            let source = (row - y) * other.width + (target.x - x)
            let destination = row * width + target.x
            cells.replaceSubrange(destination..<(destination + target.width), with: other.cells[source..<(source + target.width)])
            repairWideCharacters(row: row, around: [target.x, target.maxX])
            if target.x == 0, cells[destination].isContinuation {  // its head was left of the grid
                cells[destination].isContinuation = false
                cells[destination].grapheme = " "
            }
        }
    }
}
