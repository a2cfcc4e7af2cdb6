import Canvas
import Casement

/// A scroll bar's geometry along one axis: where the thumb sits in a track of
/// `length` cells for a viewport of `visible` over `total`, scrolled to `offset`.
struct ScrollBar: Hashable, Sendable {
    var total: Int
    var visible: Int
    var offset: Int

    /// Whether there is anything to scroll (the bar is drawn only then).
    var isNeeded: Bool { total > visible && visible > 0 }

    /// The thumb's first cell and length in a track of `length` cells.
    func thumb(length: Int) -> (start: Int, length: Int) {
        guard isNeeded, length > 0 else { return (0, length) }
        let size = min(length, max(1, length * visible / total))
        let room = length - size
        let start = room * min(max(0, offset), total - visible) / max(1, total - visible)
        return (start, size)
    }

    /// The offset a click on cell `cell` of a track of `track` cells asks for:
    /// the first cell is the start, the last the end, the rest in proportion.
    func offset(atCell cell: Int, track: Int) -> Int {
        guard track > 1, total > visible else { return 0 }
        return (total - visible) * min(max(0, cell), track - 1) / (track - 1)
    }

    /// Draws a vertical bar in column `x` of the canvas (rows 0..<length):
    /// `┃` for the thumb over a dim `│` track, in the bar's style view look.
    static func drawVertical(_ bar: ScrollBar, x: Int, length: Int, in canvas: inout ContentCanvas, look: CellStyle) {
        guard bar.isNeeded else { return }
        let thumb = bar.thumb(length: length)
        var track = look
        track.attributes.insert(.dim)
        for row in 0..<length {
            let inThumb = row >= thumb.start && row < thumb.start + thumb.length
            canvas.write(inThumb ? "┃" : "│", x: x, y: row, style: inThumb ? look : track)
        }
    }

    /// Draws a horizontal bar on row `y` (columns 0..<length): `━` over a dim `─`.
    static func drawHorizontal(_ bar: ScrollBar, y: Int, length: Int, in canvas: inout ContentCanvas, look: CellStyle) {
        guard bar.isNeeded else { return }
        let thumb = bar.thumb(length: length)
        var track = look
        track.attributes.insert(.dim)
        for column in 0..<length {
            let inThumb = column >= thumb.start && column < thumb.start + thumb.length
            canvas.write(inThumb ? "━" : "─", x: column, y: y, style: inThumb ? look : track)
        }
    }
}

extension Widget {
    /// The look of a `scrollbar` style view: its computed colours, or the
    /// widget's text look when the stylesheets give it none.
    func scrollBarLook(_ styleView: View?, fallback: CellStyle) -> CellStyle {
        guard let style = styleView.flatMap(style(of:)) else { return fallback }
        let look = CellStyle(style)
        return look.isPlain ? fallback : look
    }
}
