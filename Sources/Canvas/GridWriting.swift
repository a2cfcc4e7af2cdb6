import Cells
import TextMetrics

extension Grid {
    /// Whether (x, y) is a cell of the grid.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// Writes one grapheme at (x, y) with exactly these colours and attributes,
    /// keeping wide characters whole:
    /// - a wide grapheme fills (x, y) and marks (x + 1, y) as its continuation;
    /// - a wide grapheme cut by the clip rectangle or the grid's edge is replaced
    ///   by a space in the half that is inside, never half-drawn;
    /// - overwriting either half of an existing wide character blanks its other half;
    /// - a grapheme of width 0 (a control, a lone mark) writes nothing.
    /// Returns how many columns the grapheme advances (0, 1 or 2).
    @discardableResult
    public mutating func write(
        _ grapheme: Character, x: Int, y: Int,
        foreground: Color? = nil, background: Color? = nil, attributes: CellAttributes = [],
        clip: CellRect? = nil
    ) -> Int {
        let graphemeWidth = min(cellWidth(of: grapheme), 2)
        guard graphemeWidth > 0 else { return 0 }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let cell = Cell(grapheme, foreground: foreground, background: background, attributes: attributes)
        if graphemeWidth == 1 {
            if area.contains(x: x, y: y) { place(cell, x: x, y: y) }
            return 1
        }
        switch (area.contains(x: x, y: y), area.contains(x: x + 1, y: y)) {
        case (true, true):
            placeWide(cell, x: x, y: y)
        case (true, false):
            place(Cell(" ", foreground: foreground, background: background, attributes: attributes), x: x, y: y)
        case (false, true):
            place(Cell(" ", foreground: foreground, background: background, attributes: attributes), x: x + 1, y: y)
        case (false, false):
            break
        }
        return 2
    }

    /// Writes a string from (x, y) to the right, grapheme by grapheme, as `write`
    /// does. Returns the number of columns advanced.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, x: Int, y: Int,
        foreground: Color? = nil, background: Color? = nil, attributes: CellAttributes = [],
        clip: CellRect? = nil
    ) -> Int {
        var column = x
        for grapheme in text {
            column += write(grapheme, x: column, y: y, foreground: foreground, background: background,
                            attributes: attributes, clip: clip)
        }
        return column - x
    }

    /// Puts a one-cell-wide cell at an in-bounds position, blanking the other half
    /// of any wide character it overwrites.
    mutating func place(_ cell: Cell, x: Int, y: Int) {
        detachLeftHalf(x: x, y: y)
        detachRightHalf(x: x, y: y)
        cells[y * width + x] = cell
    }

    /// Puts a wide character at (x, y) and its continuation at (x + 1, y), both in bounds.
    private mutating func placeWide(_ head: Cell, x: Int, y: Int) {
        detachLeftHalf(x: x, y: y)
        detachRightHalf(x: x + 1, y: y)
        var continuation = head
        continuation.grapheme = " "
        continuation.isContinuation = true
        cells[y * width + x] = head
        cells[y * width + x + 1] = continuation
    }

    /// If (x, y) is the right half of a wide character, blank the left half.
    private mutating func detachLeftHalf(x: Int, y: Int) {
        let index = y * width + x
        guard cells[index].isContinuation, x > 0 else { return }
        cells[index - 1].grapheme = " "
    }

    /// If (x, y) is the left half of a wide character, blank the right half.
    private mutating func detachRightHalf(x: Int, y: Int) {
        let index = y * width + x
        guard x + 1 < width, !cells[index].isContinuation, cells[index + 1].isContinuation else { return }
        cells[index + 1].isContinuation = false
        cells[index + 1].grapheme = " "
    }

    /// Where cells were copied in from another grid, a wide character may have
    /// lost a half at the seam: blank any half left alone at the given columns
    /// (each seam is between column `x - 1` and `x`).
    mutating func repairWideCharacters(row y: Int, around seams: [Int]) {
        for seam in seams where seam > 0 && seam <= width {
            let left = y * width + seam - 1
            let leftIsWideHead = !cells[left].isContinuation && cellWidth(of: cells[left].grapheme) == 2
            let rightIsContinuation = seam < width && cells[left + 1].isContinuation
            if leftIsWideHead, !rightIsContinuation { cells[left].grapheme = " " }
            if rightIsContinuation, !leftIsWideHead {
                cells[left + 1].isContinuation = false
                cells[left + 1].grapheme = " "
            }
        }
    }
}
