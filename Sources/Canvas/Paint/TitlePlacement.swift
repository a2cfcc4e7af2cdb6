import Cells
import TextMetrics

/// Where a title sits on a top border whose inner span (between the corners)
/// is `span` cells: as " Title " with one cell of border before it (left),
/// after it (right) or centred, dropping that margin, then the spaces, then
/// truncating with "…" when the span is too narrow.
struct TitlePlacement: Hashable {
    /// The text to draw, possibly truncated.
    var text: String
    var textWidth: Int
    /// Offset of the text from the start of the span.
    var textOffset: Int
    /// Whether a space is drawn on each side of the text.
    var padded: Bool

    init?(title: String, span: Int, alignment: HorizontalAlignment) {
        // A title is one line: newlines and tabs become spaces.
        let line = String(title.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let width = cellWidth(of: line)
        guard span > 0, width > 0 else { return nil }
        let margin: Int
        if width + 4 <= span {
            (text, padded, margin) = (line, true, 1)
        } else if width + 2 <= span {
            (text, padded, margin) = (line, true, 0)
        } else if width <= span {
            (text, padded, margin) = (line, false, 0)
        } else if span >= 4 {
            (text, padded, margin) = (truncate(line, toWidth: span - 2), true, 0)
        } else {
            (text, padded, margin) = (truncate(line, toWidth: span), false, 0)
        }
        textWidth = cellWidth(of: text)
        let boxWidth = textWidth + (padded ? 2 : 0)
        let boxOffset = switch alignment {
        case .left: margin
        case .center: (span - boxWidth) / 2
        case .right: span - boxWidth - margin
        }
        textOffset = boxOffset + (padded ? 1 : 0)
    }
}
