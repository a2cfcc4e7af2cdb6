import TextMetrics

/// One thing a renderer draws: a grapheme one or two cells wide, at column `x`,
/// with the cell's colours and attributes.
struct DisplayCell {
    var x: Int
    var grapheme: Character
    var width: Int
    var cell: Cell
}

extension Grid {
    /// Row `y` as a renderer should draw it, every column accounted for once:
    /// a wide character with its continuation is one entry two cells wide. A grid
    /// written without `write` may break the wide-character rules; such cells
    /// come out as spaces (a wide character without its continuation, a
    /// continuation without its wide character, a zero-width grapheme) so that
    /// columns always line up.
    func displayRow(_ y: Int) -> [DisplayCell] {
        var row: [DisplayCell] = []
        row.reserveCapacity(width)
        var x = 0
        while x < width {
            let cell = self[x, y]
            let graphemeWidth = cell.isContinuation ? 0 : cellWidth(of: cell.grapheme)
            if graphemeWidth == 2, x + 1 < width, self[x + 1, y].isContinuation {
                row.append(DisplayCell(x: x, grapheme: cell.grapheme, width: 2, cell: cell))
                x += 2
            } else {
                let grapheme: Character = graphemeWidth == 1 ? cell.grapheme : " "
                row.append(DisplayCell(x: x, grapheme: grapheme, width: 1, cell: cell))
                x += 1
            }
        }
        return row
    }
}

extension CellAttributes {
    /// Attributes that show on a blank cell: a space only looks different with these.
    static let visibleOnBlank: CellAttributes = [.reverse, .underline, .strikethrough]
}

extension DisplayCell {
    /// A space whose look depends only on its background.
    var isPlainBlank: Bool {
        grapheme == " " && cell.attributes.isDisjoint(with: .visibleOnBlank)
    }
}
