
/// Renders a grid as an SVG picture: what a terminal would show.
///
/// - Every cell is `cellWidth` × `cellHeight` user units; the picture starts
///   with the theme's background.
/// - Backgrounds are rectangles, one per run of equal colour in a row.
/// - Box-drawing characters (U+2500–U+257F) and block elements are drawn as
///   lines and rectangles rather than font glyphs, so borders join across
///   cells and rows as a person sees them on a terminal; double lines turn
///   corners as two nested lines, rounded corners are curves.
/// - Text is monospace, in runs of equal style, each run stretched to exactly
///   its cells (so columns line up whatever the font); wide characters are
///   centred on their two cells. Bold, italic, underline and strike-through map
///   to SVG; dim mixes the foreground half-way to the background; reverse swaps them.
/// - Colours go through a `ColorMapper`, so the picture can show a 256- or
///   16-colour terminal too.
public struct SVGRenderer: Sendable {
    /// Turns the grid's colours into what a terminal of the chosen depth would show.
    public var mapper: ColorMapper
    /// Width of one cell, in SVG user units.
    public var cellWidth: Int = 10
    /// Height of one cell (one row), in SVG user units.
    public var cellHeight: Int = 20
    /// The text's font size, in SVG user units.
    public var fontSize: Int = 16
    /// The CSS font-family list for text, monospace fonts first.
    public var fontFamily = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"

    /// A renderer showing a terminal with `depth` colours (true colour by default) whose palette looks like `theme`.
    public init(depth: ColorDepth = .trueColor, theme: TerminalTheme = .xterm) {
        mapper = ColorMapper(depth: depth, theme: theme)
    }

    /// The whole grid as one SVG document, `width * cellWidth` by `height * cellHeight` units.
    public func render(_ grid: Grid) -> String {
        var cache = ColorCache(mapper: mapper, grid: grid)
        var backgrounds = ""
        var shapes = ShapeCollector()
        var texts = ""
        let metrics = StrokeMetrics(cellWidth: Double(cellWidth))
        for y in 0..<grid.height {
            let row = grid.displayRow(y).map { ($0, look(of: $0.cell, cache: &cache)) }
            backgrounds += backgroundRects(row, y: y)
            for (entry, look) in row {
                let x0 = Double(entry.x * cellWidth), y0 = Double(y * cellHeight)
                let w = Double(entry.width * cellWidth), h = Double(cellHeight)
                if let glyph = BoxGlyph.table[entry.grapheme] {
                    for stroke in strokes(for: glyph, x0: x0, y0: y0, w: w, h: h, metrics: metrics) {
                        shapes.add(stroke, color: look.foreground.hex)
                    }
                } else if let block = BlockGlyph.table[entry.grapheme] {
                    shapes.add(block, x0: x0, y0: y0, w: w, h: h, color: look.foreground.hex)
                }
            }
            texts += textRuns(row, y: y)
        }
        let width = grid.width * cellWidth, height = grid.height * cellHeight
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
        <rect width="\(width)" height="\(height)" fill="\(mapper.theme.background.hex)"/>
        <g shape-rendering="crispEdges">
        \(backgrounds)\(shapes.rectangles)</g>
        <g fill="none" stroke-linecap="square">
        \(shapes.paths)</g>
        <g font-family="\(xmlEscaped(fontFamily))" font-size="\(fontSize)" xml:space="preserve">
        \(texts)</g>
        </svg>

        """
    }

    /// The colours and text styling a cell shows.
    struct Look: Equatable {
        var foreground: RGB
        var background: RGB
        var bold: Bool
        var italic: Bool
        var underline: Bool
        var strikethrough: Bool

        /// Same text styling; backgrounds are drawn apart from the text.
        func drawsTextLike(_ other: Look) -> Bool {
            var other = other
            other.background = background
            return self == other
        }
    }

    private func look(of cell: Cell, cache: inout ColorCache) -> Look {
        let colors = cache.map(foreground: cell.foreground, background: cell.background)
        var foreground = colors.foreground.map(mapper.rgb(of:)) ?? mapper.theme.foreground
        var background = colors.background.map(mapper.rgb(of:)) ?? mapper.theme.background
        let attributes = cell.attributes
        if attributes.contains(.reverse) { swap(&foreground, &background) }
        if attributes.contains(.dim) { foreground = foreground.blended(over: background, alpha: 128) }
        return Look(foreground: foreground, background: background, bold: attributes.contains(.bold),
                    italic: attributes.contains(.italic), underline: attributes.contains(.underline),
                    strikethrough: attributes.contains(.strikethrough))
    }

    private func backgroundRects(_ row: [(DisplayCell, Look)], y: Int) -> String {
        var output = ""
        var index = 0
        while index < row.count {
            let color = row[index].1.background
            var end = index + 1
            while end < row.count, row[end].1.background == color { end += 1 }
            if color != mapper.theme.background {
                let x = row[index].0.x, last = row[end - 1].0
                let width = last.x + last.width - x
                output += "<rect x=\"\(x * cellWidth)\" y=\"\(y * cellHeight)\" width=\"\(width * cellWidth)\" "
                    + "height=\"\(cellHeight)\" fill=\"\(color.hex)\"/>\n"
            }
            index = end
        }
        return output
    }

    /// Text elements for a row: runs of one-cell graphemes of one style, plain
    /// spaces joining the run around them; wide graphemes alone, centred.
    private func textRuns(_ row: [(DisplayCell, Look)], y: Int) -> String {
        let baseline = y * cellHeight + (cellHeight * 3 + 2) / 4
        var output = ""
        var run: [(DisplayCell, Look)] = []
        // The style of the run's last cell that is not a plain space: kept as the run
        // grows, as scanning back to it for every cell was quadratic in a row of spaces.
        var runStyle: Look?

        func flush() {
            defer {
                run.removeAll(keepingCapacity: true)
                runStyle = nil
            }
            // Plain spaces at either end draw nothing.
            guard let start = run.firstIndex(where: { !$0.0.isPlainBlank }),
                let end = run.lastIndex(where: { !$0.0.isPlainBlank })
            else { return }
            let (first, look) = run[start]
            let text = String(run[start...end].map(\.0.grapheme))
            output += "<text x=\"\(first.x * cellWidth)\" y=\"\(baseline)\" textLength=\"\((end - start + 1) * cellWidth)\" "
                + "lengthAdjust=\"spacingAndGlyphs\"\(textStyle(look))>\(xmlEscaped(text))</text>\n"
        }

        for (entry, look) in row {
            let isShape = BoxGlyph.table[entry.grapheme] != nil || BlockGlyph.table[entry.grapheme] != nil
            if isShape || entry.width == 2 {
                flush()
                if entry.width == 2, !isShape {
                    let center = entry.x * cellWidth + cellWidth
                    output += "<text x=\"\(center)\" y=\"\(baseline)\" text-anchor=\"middle\"\(textStyle(look))>"
                        + "\(xmlEscaped(String(entry.grapheme)))</text>\n"
                }
                continue
            }
            if !entry.isPlainBlank, let current = runStyle, !current.drawsTextLike(look) {
                flush()
            }
            if entry.isPlainBlank, let current = run.last?.1 {
                run.append((entry, current))   // a plain space takes the run's style
            } else {
                run.append((entry, look))
                if !entry.isPlainBlank { runStyle = look }
            }
        }
        flush()
        return output
    }

    private func textStyle(_ look: Look) -> String {
        var style = " fill=\"\(look.foreground.hex)\""
        if look.bold { style += " font-weight=\"bold\"" }
        if look.italic { style += " font-style=\"italic\"" }
        let decorations = [look.underline ? "underline" : nil, look.strikethrough ? "line-through" : nil].compactMap { $0 }
        if !decorations.isEmpty { style += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
        return style
    }
}
