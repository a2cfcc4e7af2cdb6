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

    let horizontal = axisStrokes(
        before: glyph.left, after: glyph.right, crossBefore: glyph.up, crossAfter: glyph.down,
        start: x0, center: cx, end: x0 + w, metrics: metrics
    ) { offset, from, to in .horizontal(y: cy + offset, from: from, to: to) }
    let vertical = axisStrokes(
        before: glyph.up, after: glyph.down, crossBefore: glyph.left, crossAfter: glyph.right,
        start: y0, center: cy, end: y0 + h, metrics: metrics
    ) { offset, from, to in .vertical(x: cx + offset, from: from, to: to) }
    return horizontal + vertical
}

/// The strokes of the two arms on one axis (left and right, or up and down),
/// given the arms across it. `path` makes a stroke at `offset` from the axis'
/// centre line between two positions along it.
private func axisStrokes(
    before: BoxLine, after: BoxLine, crossBefore: BoxLine, crossAfter: BoxLine,
    start: Double, center c: Double, end: Double, metrics: StrokeMetrics,
    path: (_ offset: Double, _ from: Double, _ to: Double) -> StrokePath
) -> [GlyphStroke] {
    let d = metrics.doubleOffset
    func width(_ line: BoxLine) -> Double { line == .heavy ? metrics.heavy : metrics.light }
    // Straight through: one stroke from edge to edge.
    if before != .none, before == after, before != .double {
        return [GlyphStroke(path: path(0, start, end), width: width(before))]
    }
    // How far past the centre (towards `end`) each stroke of the `after` arm
    // starts; the `before` arm mirrors it. A line of a double arm stops at the
    // near line of a double arm across it (inner corner) or reaches the far one
    // (outer corner); a single line reaches the far line of a double corner and
    // stops at the near line of a double pair.
    func shift(_ primary: BoxLine, _ secondary: BoxLine) -> Double {
        primary == .double ? d : secondary == .double ? -d : 0
    }
    let crossDoubles = [crossBefore, crossAfter].filter { $0 == .double }.count
    let singleShift = crossDoubles == 2 ? d : crossDoubles == 1 ? -d : 0
    var result: [GlyphStroke] = []
    if after == .double {
        result.append(GlyphStroke(path: path(-d, c + shift(crossBefore, crossAfter), end), width: metrics.light))
        result.append(GlyphStroke(path: path(d, c + shift(crossAfter, crossBefore), end), width: metrics.light))
    } else if after != .none {
        result.append(GlyphStroke(path: path(0, c + singleShift, end), width: width(after)))
    }
    if before == .double {
        result.append(GlyphStroke(path: path(-d, start, c - shift(crossBefore, crossAfter)), width: metrics.light))
        result.append(GlyphStroke(path: path(d, start, c - shift(crossAfter, crossBefore)), width: metrics.light))
    } else if before != .none {
        result.append(GlyphStroke(path: path(0, start, c - singleShift), width: width(before)))
    }
    return result
}
