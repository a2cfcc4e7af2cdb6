import Canvas
import Cells

// A terminal has few colour pairs; `ColorPairs` recycles the least recently
// used one when they run out. Recycling a pair changes the colours of every
// cell already drawn with it, so those cells are drawn again before the frame
// goes out.
extension TerminalSession {
    /// Colour pairs recycled this frame changed the colours of cells drawn
    /// earlier with them: draw those cells again (with pairs of their own).
    /// Redrawing can recycle further pairs; the rounds are bounded.
    func redrawCellsWithRecycledPairs() {
        for _ in 0..<64 {
            let recycled = colorPairs.takeEvicted()
            guard !recycled.isEmpty else { return }
            for pane in panes.all {
                guard let window = pane.window, let grid = pane.shown else { continue }
                for run in colorPairs.runs(in: grid, drawnWith: recycled) {
                    painter.draw(run, of: grid, into: window, width: pane.frame.width, height: pane.frame.height,
                                 pair: colorPairs.pair(for:))
                }
            }
        }
    }

    /// Colour pairs handed out so far (pair 0, the default, not counted).
    public var colorPairsInUse: Int { colorPairs.allocator.allocatedCount }
}

extension ColorPairs {
    /// The runs of `grid`'s cells whose colours map to one of `keys`, each
    /// widened to whole wide characters.
    func runs(in grid: Grid, drawnWith keys: Set<ColorPairKey>) -> [CellRun] {
        var runs: [CellRun] = []
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                guard keys.contains(key(for: grid[x, y])) else { x += 1; continue }
                let start = grid[x, y].isContinuation && x > 0 ? x - 1 : x
                var end = x + 1
                while end < grid.width, keys.contains(key(for: grid[end, y])) { end += 1 }
                if end < grid.width, grid[end, y].isContinuation { end += 1 }
                runs.append(CellRun(x: start, y: y, cells: Array(grid.cells[(y * grid.width + start)..<(y * grid.width + end)])))
                x = end
            }
        }
        return runs
    }
}
