/// A straight or curved stroke in SVG user units.
enum StrokePath: Equatable {
    case horizontal(y: Double, from: Double, to: Double)
    case vertical(x: Double, from: Double, to: Double)
    case line(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A quadratic curve from (x1, y1) to (x2, y2) pulled towards (cx, cy).
    case curve(x1: Double, y1: Double, cx: Double, cy: Double, x2: Double, y2: Double)
}

/// How thick box-drawing strokes are, relative to the cell.
struct StrokeMetrics {
    var light: Double
    var heavy: Double
    /// Distance of each line of a double stroke from the cell's centre line.
    var doubleOffset: Double

    init(cellWidth: Double) {
        light = cellWidth * 0.12
        heavy = cellWidth * 0.3
        doubleOffset = cellWidth * 0.2
    }
}

/// One stroke of a glyph: its path, width, and dash pattern (nil: solid).
struct GlyphStroke {
    var path: StrokePath
    var width: Double
    var dashes: [Double]?
}

/// The strokes that draw `glyph` in the cell at (x0, y0) of size w × h, so that
/// neighbouring cells' strokes meet edge to edge and corners close: arms run
/// from the centre to the edges, double lines turn corners as two nested
/// lines, rounded corners are curves, dashes repeat a whole number of times
/// per cell (so runs of cells keep one rhythm).
func strokes(for glyph: BoxGlyph, x0: Double, y0: Double, w: Double, h: Double, metrics: StrokeMetrics) -> [GlyphStroke] {
    let cx = x0 + w / 2, cy = y0 + h / 2
    let d = metrics.doubleOffset
    func width(_ line: BoxLine) -> Double { line == .heavy ? metrics.heavy : metrics.light }

    switch glyph.shape {
    case .diagonal(let rising, let falling):
        var result: [GlyphStroke] = []
        if rising { result.append(GlyphStroke(path: .line(x1: x0, y1: y0 + h, x2: x0 + w, y2: y0), width: metrics.light)) }
        if falling { result.append(GlyphStroke(path: .line(x1: x0, y1: y0, x2: x0 + w, y2: y0 + h), width: metrics.light)) }
        return result
    case .dashed(let count):
        if glyph.left != .none {
            let period = w / Double(count)
            return [GlyphStroke(path: .horizontal(y: cy, from: x0, to: x0 + w), width: width(glyph.left),
                                dashes: [period * 0.6, period * 0.4])]
        }
        let period = h / Double(count)
        return [GlyphStroke(path: .vertical(x: cx, from: y0, to: y0 + h), width: width(glyph.up),
                            dashes: [period * 0.6, period * 0.4])]
    case .rounded:
        var ends: [(Double, Double)] = []
        if glyph.up != .none { ends.append((cx, y0)) }
        if glyph.right != .none { ends.append((x0 + w, cy)) }
        if glyph.down != .none { ends.append((cx, y0 + h)) }
        if glyph.left != .none { ends.append((x0, cy)) }
        guard ends.count == 2 else { return [] }
        return [GlyphStroke(path: .curve(x1: ends[0].0, y1: ends[0].1, cx: cx, cy: cy, x2: ends[1].0, y2: ends[1].1),
                            width: metrics.light)]
    case .lines:
        break
    }

    var result: [GlyphStroke] = []
    let (up, right, down, left) = (glyph.up, glyph.right, glyph.down, glyph.left)

    // Horizontal arms.
    if left != .none, left == right, left != .double {
        result.append(GlyphStroke(path: .horizontal(y: cy, from: x0, to: x0 + w), width: width(left)))
    } else {
        let verticalDoubles = [up, down].filter { $0 == .double }.count
        if right == .double {
            let upper = up == .double ? cx + d : down == .double ? cx - d : cx
            let lower = down == .double ? cx + d : up == .double ? cx - d : cx
            result.append(GlyphStroke(path: .horizontal(y: cy - d, from: upper, to: x0 + w), width: metrics.light))
            result.append(GlyphStroke(path: .horizontal(y: cy + d, from: lower, to: x0 + w), width: metrics.light))
        } else if right != .none {
            let start = verticalDoubles == 2 ? cx + d : verticalDoubles == 1 ? cx - d : cx
            result.append(GlyphStroke(path: .horizontal(y: cy, from: start, to: x0 + w), width: width(right)))
        }
        if left == .double {
            let upper = up == .double ? cx - d : down == .double ? cx + d : cx
            let lower = down == .double ? cx - d : up == .double ? cx + d : cx
            result.append(GlyphStroke(path: .horizontal(y: cy - d, from: x0, to: upper), width: metrics.light))
            result.append(GlyphStroke(path: .horizontal(y: cy + d, from: x0, to: lower), width: metrics.light))
        } else if left != .none {
            let end = verticalDoubles == 2 ? cx - d : verticalDoubles == 1 ? cx + d : cx
            result.append(GlyphStroke(path: .horizontal(y: cy, from: x0, to: end), width: width(left)))
        }
    }

    // Vertical arms.
    if up != .none, up == down, up != .double {
        result.append(GlyphStroke(path: .vertical(x: cx, from: y0, to: y0 + h), width: width(up)))
    } else {
        let horizontalDoubles = [left, right].filter { $0 == .double }.count
        if up == .double {
            let leftEnd = left == .double ? cy - d : right == .double ? cy + d : cy
            let rightEnd = right == .double ? cy - d : left == .double ? cy + d : cy
            result.append(GlyphStroke(path: .vertical(x: cx - d, from: y0, to: leftEnd), width: metrics.light))
            result.append(GlyphStroke(path: .vertical(x: cx + d, from: y0, to: rightEnd), width: metrics.light))
        } else if up != .none {
            let end = horizontalDoubles == 2 ? cy - d : horizontalDoubles == 1 ? cy + d : cy
            result.append(GlyphStroke(path: .vertical(x: cx, from: y0, to: end), width: width(up)))
        }
        if down == .double {
            let leftStart = left == .double ? cy + d : right == .double ? cy - d : cy
            let rightStart = right == .double ? cy + d : left == .double ? cy - d : cy
            result.append(GlyphStroke(path: .vertical(x: cx - d, from: leftStart, to: y0 + h), width: metrics.light))
            result.append(GlyphStroke(path: .vertical(x: cx + d, from: rightStart, to: y0 + h), width: metrics.light))
        } else if down != .none {
            let start = horizontalDoubles == 2 ? cy + d : horizontalDoubles == 1 ? cy - d : cy
            result.append(GlyphStroke(path: .vertical(x: cx, from: start, to: y0 + h), width: width(down)))
        }
    }
    return result
}
