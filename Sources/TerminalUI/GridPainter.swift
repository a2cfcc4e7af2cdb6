import Canvas
import CNcurses

/// Copies runs of grid cells into an ncurses window, one `mvwadd_wchnstr` per
/// run: wide characters once, their right halves left to ncurses.
struct GridPainter {
    var strikethrough: StrikethroughRendering

    /// Draws `run` (cut from `grid`) into `window`, clipped to the window's
    /// `width` × `height`. `pair` gives the colour pair for a cell.
    func draw(
        _ run: CellRun,
        of grid: Grid,
        into window: UnsafeMutablePointer<WINDOW>,
        width: Int,
        height: Int,
        pair: (Cell) -> Int32
    ) {
        guard run.y >= 0, run.y < height, run.x >= 0, run.x < width else { return }
        var cells: [cchar_t] = []
        cells.reserveCapacity(run.cells.count)

        func append(_ glyph: CellGlyph, for cell: Cell) {
            var character = cchar_t()
            _ = glyph.text.withUnsafeBufferPointer { text in
                casement_setcchar(&character, text.baseAddress, cell.attributes.ncursesAttributes, pair(cell))
            }
            cells.append(character)
        }
        func blank(for cell: Cell) -> CellGlyph {
            .blank(strike: cell.attributes.contains(.strikethrough), strikethrough: strikethrough)
        }

        // Column and index advance together, so column == run.x + index.
        var column = run.x
        var index = 0
        while index < run.cells.count && column < width {
            let cell = run.cells[index]
            if cell.isContinuation {
                // A right half whose left half is not drawn wide: fill the column.
                append(blank(for: cell), for: cell)
                column += 1
                index += 1
                continue
            }
            let isWide = column + 1 < grid.width && grid[column + 1, run.y].isContinuation
            guard isWide else {
                append(CellGlyph(cell, columns: 1, strikethrough: strikethrough), for: cell)
                column += 1
                index += 1
                continue
            }
            if column + 1 >= width {
                // Cut by the window's edge: never half a character.
                append(blank(for: cell), for: cell)
                column += 1
                index += 1
                continue
            }
            let glyph = CellGlyph(cell, columns: 2, strikethrough: strikethrough)
            append(glyph, for: cell)
            if glyph.columns == 1 {
                // ncurses thinks the character is narrow: fill the right half.
                let right = grid[column + 1, run.y]
                append(blank(for: right), for: right)
            }
            column += 2
            index += 2
        }
        guard !cells.isEmpty else { return }
        _ = mvwadd_wchnstr(window, Int32(run.y), Int32(run.x), cells, Int32(cells.count))
    }
}
