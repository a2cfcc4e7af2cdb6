import Cells
import TextMetrics

/// The grid being painted, with the owner of each cell and the theme used to
/// blend translucent colours.
struct PaintSurface {
    var grid: Grid
    var owners: [Int]
    let theme: TerminalTheme

    init(grid: Grid, theme: TerminalTheme) {
        self.grid = grid
        self.owners = Array(repeating: -1, count: grid.cells.count)
        self.theme = theme
    }

    /// Paints one view clipped to `clip`.
    mutating func paint(_ node: PaintNode, index: Int, clip: CellRect) {
        let style = node.style
        let frame = node.frame.clampedForPainting
        let visible = frame.intersection(clip)
        claim(visible, for: index)
        fill(visible, with: style.backgroundColor)
        if style.border.takesRing {
            drawRing(frame, clip: clip, glyphs: BorderGlyphs.of(style.border), color: style.effectiveBorderColor)
            drawTitle(of: style, frame: frame, clip: clip, highlight: nil)
        }
        drawText(of: style, frame: frame, clip: clip)
    }

    /// Draws a highlight outline on the view's outer ring, in its own border style
    /// (single when it has none), with its title.
    mutating func outline(_ node: PaintNode, clip: CellRect, color: Color) {
        let frame = node.frame.clampedForPainting
        let glyphs = BorderGlyphs.of(node.style.border) ?? BorderGlyphs.of(.single)
        drawRing(frame, clip: clip, glyphs: glyphs, color: color, attributes: .bold)
        drawTitle(of: node.style, frame: frame, clip: clip, highlight: color)
    }

    /// Blank cells and no owner, as on a fresh grid.
    mutating func clear(_ rect: CellRect) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                grid[x, y] = .blank
                owners[y * grid.width + x] = -1
            }
        }
    }

    private mutating func claim(_ rect: CellRect, for node: Int) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { owners[y * grid.width + x] = node }
        }
    }

    /// An opaque colour replaces what is beneath with blanks; a translucent one
    /// tints it, text included; nil or alpha 0 leaves it as it is.
    private mutating func fill(_ rect: CellRect, with color: Color?) {
        guard let color else { return }
        if case .rgb(_, _, _, let alpha) = color, alpha < 255 {
            guard alpha > 0 else { return }
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    var cell = grid[x, y]
                    cell.background = theme.composite(color, over: theme.rgb(of: cell.background, isForeground: false))
                    cell.foreground = theme.composite(color, over: theme.rgb(of: cell.foreground, isForeground: true))
                    grid[x, y] = cell
                }
            }
            return
        }
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { grid.place(Cell(" ", background: color), x: x, y: y) }
        }
    }

    /// Writes a grapheme over the current background, blending a translucent
    /// foreground over it. Returns the columns advanced.
    @discardableResult
    private mutating func ink(
        _ grapheme: Character, x: Int, y: Int, color: Color?, attributes: CellAttributes, clip: CellRect
    ) -> Int {
        let sampleX = clip.contains(x: x, y: y) ? x : x + 1
        let background = grid.contains(x: sampleX, y: y) ? grid[sampleX, y].background : nil
        let foreground = theme.composite(color, over: theme.rgb(of: background, isForeground: false))
        return grid.write(grapheme, x: x, y: y, foreground: foreground, background: background,
                          attributes: attributes, clip: clip)
    }

    /// The ring of cells just inside the frame. A frame one cell tall is drawn as
    /// a horizontal rule, one cell wide as a vertical rule. Only the visible part
    /// is visited, so huge frames cost what is on screen.
    private mutating func drawRing(
        _ frame: CellRect, clip: CellRect, glyphs: BorderGlyphs?, color: Color?, attributes: CellAttributes = []
    ) {
        guard let glyphs else { return }
        let visible = frame.intersection(clip)
        guard !visible.isEmpty else { return }
        func glyph(x: Int, y: Int) -> Character? {
            let top = y == frame.y, bottom = y == frame.maxY - 1
            let left = x == frame.x, right = x == frame.maxX - 1
            if frame.height == 1 { return glyphs.top }
            if frame.width == 1 { return glyphs.left }
            switch (top, bottom, left, right) {
            case (true, _, true, _): return glyphs.topLeft
            case (true, _, _, true): return glyphs.topRight
            case (_, true, true, _): return glyphs.bottomLeft
            case (_, true, _, true): return glyphs.bottomRight
            case (true, _, _, _): return glyphs.top
            case (_, true, _, _): return glyphs.bottom
            case (_, _, true, _): return glyphs.left
            case (_, _, _, true): return glyphs.right
            default: return nil
            }
        }
        for y in visible.y..<visible.maxY {
            let isEdgeRow = y == frame.y || y == frame.maxY - 1
            // Inner rows only touch the two side columns.
            let columns = isEdgeRow ? Array(visible.x..<visible.maxX)
                : [frame.x, frame.maxX - 1].filter { $0 >= visible.x && $0 < visible.maxX }
            for x in columns {
                if let character = glyph(x: x, y: y) {
                    ink(character, x: x, y: y, color: color, attributes: attributes, clip: clip)
                }
            }
        }
    }

    /// The title on the top edge, between the corners. On a block border the
    /// title is drawn reversed, so it reads as a cut-out of the solid bar.
    private mutating func drawTitle(of style: ComputedStyle, frame: CellRect, clip: CellRect, highlight: Color?) {
        guard let title = style.title,
              let placement = TitlePlacement(title: title, span: frame.width - 2, alignment: style.titleAlign)
        else { return }
        let y = frame.y, spanStart = frame.x + 1
        guard y >= clip.y, y < clip.maxY else { return }
        let reversed: CellAttributes = style.border == .block ? .reverse : []
        let edgeColor = highlight ?? style.effectiveBorderColor
        let textColor = highlight ?? (style.border == .block ? edgeColor : style.foregroundColor)
        var textAttributes = style.cellAttributes.union(reversed)
        if highlight != nil { textAttributes.insert(.bold) }
        let textStart = spanStart + placement.textOffset
        if placement.padded {
            ink(" ", x: textStart - 1, y: y, color: edgeColor, attributes: reversed, clip: clip)
            ink(" ", x: textStart + placement.textWidth, y: y, color: edgeColor, attributes: reversed, clip: clip)
        }
        var x = textStart
        for grapheme in placement.text {
            x += ink(grapheme, x: x, y: y, color: textColor, attributes: textAttributes, clip: clip)
        }
    }

    /// Whether a background hides everything beneath it.
    private static func isOpaque(_ color: Color?) -> Bool {
        switch color {
        case nil: false
        case .rgb(_, _, _, let alpha)?: alpha == 255
        case .ansi?, .indexed?: true
        }
    }

    /// Blanks the glyphs in `area`, keeping the colours beneath.
    private mutating func eraseGlyphs(in area: CellRect) {
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { grid.place(Cell(" ", background: grid[x, y].background), x: x, y: y) }
        }
    }

    /// The view's text, wrapped to the content box (inside border and padding),
    /// aligned per line, from the top; lines below the box are cut.
    private mutating func drawText(of style: ComputedStyle, frame: CellRect, clip: CellRect) {
        guard let text = style.text, !text.isEmpty else { return }
        let content = frame.contentBox(for: style)
        let area = content.intersection(clip)
        guard !content.isEmpty, !area.isEmpty else { return }
        let lines = wrap(text, width: content.width, maxLines: area.maxY - content.y)
        let offsets = lines.map { line in
            let slack = max(0, content.width - line.width)
            return switch style.textAlign {
            case .left: 0
            case .center: slack / 2
            case .right: slack
            }
        }
        // Over a see-through background the text owns the block its lines span:
        // glyphs of views beneath would otherwise mix into its shorter lines.
        if !Self.isOpaque(style.backgroundColor), let block = textBlock(lines, offsets: offsets, in: content) {
            eraseGlyphs(in: block.intersection(area))
        }
        let attributes = style.cellAttributes
        for (row, line) in lines.enumerated() where content.y + row >= area.y {
            var x = content.x + offsets[row]
            for grapheme in line.text {
                if x >= area.maxX { break }
                x += ink(grapheme, x: x, y: content.y + row, color: style.foregroundColor,
                         attributes: attributes, clip: area)
            }
        }
    }

    /// The rectangle the wrapped lines cover: their rows, from the leftmost
    /// line's start to the rightmost line's end.
    private func textBlock(_ lines: [TextLine], offsets: [Int], in content: CellRect) -> CellRect? {
        guard let left = offsets.min(),
              let right = zip(lines, offsets).map({ $0.width + $1 }).max(), right > left
        else { return nil }
        return CellRect(x: content.x + left, y: content.y, width: right - left, height: lines.count)
    }

}
