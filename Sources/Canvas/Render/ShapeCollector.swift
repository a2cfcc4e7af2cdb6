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
        var horizontals: [(y: Double, from: Double, to: Double)] = []
        var verticals: [(x: Double, from: Double, to: Double)] = []
        var others: [StrokePath] = []
        for path in paths {
            switch path {
            case .horizontal(let y, let from, let to): horizontals.append((y, min(from, to), max(from, to)))
            case .vertical(let x, let from, let to): verticals.append((x, min(from, to), max(from, to)))
            default: others.append(path)
            }
        }
        horizontals.sort { ($0.y, $0.from, $0.to) < ($1.y, $1.from, $1.to) }
        verticals.sort { ($0.x, $0.from, $0.to) < ($1.x, $1.from, $1.to) }
        var result: [StrokePath] = []
        var open: (y: Double, from: Double, to: Double)?
        for segment in horizontals {
            if let current = open, current.y == segment.y, segment.from <= current.to {
                open = (current.y, current.from, max(current.to, segment.to))
            } else {
                if let current = open { result.append(.horizontal(y: current.y, from: current.from, to: current.to)) }
                open = segment
            }
        }
        if let current = open { result.append(.horizontal(y: current.y, from: current.from, to: current.to)) }
        var openVertical: (x: Double, from: Double, to: Double)?
        for segment in verticals {
            if let current = openVertical, current.x == segment.x, segment.from <= current.to {
                openVertical = (current.x, current.from, max(current.to, segment.to))
            } else {
                if let current = openVertical { result.append(.vertical(x: current.x, from: current.from, to: current.to)) }
                openVertical = segment
            }
        }
        if let current = openVertical { result.append(.vertical(x: current.x, from: current.from, to: current.to)) }
        return result + others
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
