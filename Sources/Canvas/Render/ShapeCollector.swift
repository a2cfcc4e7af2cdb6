/// Collects the strokes and rectangles of box-drawing and block characters,
/// grouped by how they are painted, and merges strokes that continue each
/// other (a row of ─ becomes one line).
struct ShapeCollector {
    private struct StrokeStyle: Hashable {
        var color: String
        var width: Double
        var dashes: [Double]?
    }

    private struct BlockStyle: Hashable {
        var color: String
        var opacity: Double
    }

    private var strokeStyles: [StrokeStyle] = []
    private var strokesByStyle: [StrokeStyle: [StrokePath]] = [:]
    private var blockStyles: [BlockStyle] = []
    private var blocksByStyle: [BlockStyle: [(x: Double, y: Double, w: Double, h: Double)]] = [:]

    mutating func add(_ stroke: GlyphStroke, color: String) {
        let style = StrokeStyle(color: color, width: stroke.width, dashes: stroke.dashes)
        if strokesByStyle[style] == nil { strokeStyles.append(style) }
        strokesByStyle[style, default: []].append(stroke.path)
    }

    mutating func add(_ block: BlockGlyph, x0: Double, y0: Double, w: Double, h: Double, color: String) {
        let style = BlockStyle(color: color, opacity: block.opacity)
        if blocksByStyle[style] == nil { blockStyles.append(style) }
        let rect = (x: x0 + block.left * w, y: y0 + block.top * h, w: block.width * w, h: block.height * h)
        var list = blocksByStyle[style, default: []]
        // Side by side with the previous one, same height: widen it.
        if let last = list.last, last.y == rect.y, last.h == rect.h, last.x + last.w == rect.x {
            list[list.count - 1].w += rect.w
        } else {
            list.append(rect)
        }
        blocksByStyle[style] = list
    }

    /// One `<rect>` per merged block.
    var rectangles: String {
        var output = ""
        for style in blockStyles {
            let opacity = style.opacity < 1 ? " fill-opacity=\"\(svgNumber(style.opacity))\"" : ""
            for rect in blocksByStyle[style] ?? [] {
                output += "<rect x=\"\(svgNumber(rect.x))\" y=\"\(svgNumber(rect.y))\" width=\"\(svgNumber(rect.w))\" "
                    + "height=\"\(svgNumber(rect.h))\" fill=\"\(style.color)\"\(opacity)/>\n"
            }
        }
        return output
    }

    /// One `<path>` per stroke style.
    var paths: String {
        var output = ""
        for style in strokeStyles {
            let data = merged(strokesByStyle[style] ?? []).map(pathData).joined(separator: " ")
            var attributes = "stroke=\"\(style.color)\" stroke-width=\"\(svgNumber(style.width))\""
            if let dashes = style.dashes {
                attributes += " stroke-dasharray=\"\(dashes.map(svgNumber).joined(separator: " "))\" stroke-linecap=\"butt\""
            }
            output += "<path \(attributes) d=\"\(data)\"/>\n"
        }
        return output
    }

    /// Horizontal strokes on one line that touch or overlap become one, and so
    /// do vertical ones; other paths stay as they are, after them.
    private func merged(_ paths: [StrokePath]) -> [StrokePath] {
        var horizontals: [Span] = [], verticals: [Span] = []
        var others: [StrokePath] = []
        for path in paths {
            switch path {
            case .horizontal(let y, let from, let to): horizontals.append(Span(line: y, from: min(from, to), to: max(from, to)))
            case .vertical(let x, let from, let to): verticals.append(Span(line: x, from: min(from, to), to: max(from, to)))
            default: others.append(path)
            }
        }
        return joined(horizontals).map { .horizontal(y: $0.line, from: $0.from, to: $0.to) }
            + joined(verticals).map { .vertical(x: $0.line, from: $0.from, to: $0.to) }
            + others
    }

    /// A stretch of a straight line: `line` is its y (horizontal) or x (vertical).
    private struct Span {
        var line: Double
        var from: Double
        var to: Double
    }

    /// Spans sorted, with those on one line that touch or overlap joined.
    private func joined(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        for span in spans.sorted(by: { ($0.line, $0.from, $0.to) < ($1.line, $1.from, $1.to) }) {
            if let last = result.last, last.line == span.line, span.from <= last.to {
                result[result.count - 1].to = max(last.to, span.to)
            } else {
                result.append(span)
            }
        }
        return result
    }

    private func pathData(_ path: StrokePath) -> String {
        switch path {
        case .horizontal(let y, let from, let to):
            "M\(svgNumber(from)) \(svgNumber(y))H\(svgNumber(to))"
        case .vertical(let x, let from, let to):
            "M\(svgNumber(x)) \(svgNumber(from))V\(svgNumber(to))"
        case .line(let x1, let y1, let x2, let y2):
            "M\(svgNumber(x1)) \(svgNumber(y1))L\(svgNumber(x2)) \(svgNumber(y2))"
        case .curve(let x1, let y1, let cx, let cy, let x2, let y2):
            "M\(svgNumber(x1)) \(svgNumber(y1))Q\(svgNumber(cx)) \(svgNumber(cy)) \(svgNumber(x2)) \(svgNumber(y2))"
        }
    }
}
