import Canvas
import Stylesheet
import TextMetrics

/// The cells a widget draws into: its view's content box (inside border and
/// padding), with (0, 0) at the box's top-left, clipped to the box and to every
/// ancestor's box. The view's background, border and title are already painted.
public struct ContentCanvas {
    /// The whole frame being drawn (absolute coordinates).
    public internal(set) var grid: Grid
    /// The content box on the screen.
    public internal(set) var area: CellRect
    /// What drawing may touch: the content box within its ancestors' boxes.
    public internal(set) var clip: CellRect
    /// The view's computed style (colours for content come from here).
    public internal(set) var style: ComputedStyle = ComputedStyle()

    init(grid: Grid) {
        self.grid = grid
        area = CellRect(x: 0, y: 0, width: 0, height: 0)
        clip = area
    }

    /// Columns of the content box.
    public var width: Int { area.width }
    /// Rows of the content box.
    public var height: Int { area.height }
    /// The view's text look (foreground, attributes; background nil keeps what is painted).
    public var textStyle: CellStyle {
        var look = CellStyle(style)
        look.background = nil
        return look
    }

    /// Writes `text` from (x, y) of the content box to the right, keeping wide
    /// characters whole and cutting at the box's edge. Returns the columns advanced.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, style look: CellStyle? = nil) -> Int {
        let look = look ?? textStyle
        var column = x
        for grapheme in text {
            let absoluteX = area.x + column, absoluteY = area.y + y
            let background = look.background ?? existingBackground(x: absoluteX, y: absoluteY)
            column += grid.write(grapheme, x: absoluteX, y: absoluteY, foreground: look.foreground ?? style.foregroundColor,
                                 background: background, attributes: look.attributes, clip: clip)
            if column - x > area.width + 2 { break }
        }
        return column - x
    }

    /// Fills a rectangle of the content box with spaces in `look` (a row highlight).
    public mutating func fill(x: Int = 0, y: Int, width: Int? = nil, height: Int = 1, style look: CellStyle) {
        let rect = CellRect(x: area.x + x, y: area.y + y, width: width ?? area.width - x, height: height).intersection(clip)
        guard !rect.isEmpty else { return }
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                let background = look.background ?? existingBackground(x: column, y: row)
                grid.write(" ", x: column, y: row, foreground: look.foreground, background: background,
                           attributes: look.attributes, clip: clip)
            }
        }
    }

    /// The cell at (x, y) of the content box (nil outside the grid).
    public func cell(x: Int, y: Int) -> Cell? {
        let absoluteX = area.x + x, absoluteY = area.y + y
        return grid.contains(x: absoluteX, y: absoluteY) ? grid[absoluteX, absoluteY] : nil
    }

    private func existingBackground(x: Int, y: Int) -> Color? {
        grid.contains(x: x, y: y) ? grid[x, y].background : nil
    }
}

extension String {
    /// The text cut to `width` cells (wide characters kept whole), padded with
    /// spaces on the side `alignment` says.
    func fitted(to width: Int, alignment: HorizontalAlignment = .left) -> String {
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for grapheme in self {
            let next = cellWidth(of: grapheme)
            if used + next > width { break }
            result.append(grapheme)
            used += next
        }
        let slack = width - used
        switch alignment {
        case .left: return result + String(repeating: " ", count: slack)
        case .right: return String(repeating: " ", count: slack) + result
        case .center:
            return String(repeating: " ", count: slack / 2) + result + String(repeating: " ", count: slack - slack / 2)
        }
    }
}
