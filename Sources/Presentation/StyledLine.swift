import Canvas
import Cells
import TextMetrics

/// A run of text in one style.
public struct Span: Hashable, Sendable {
    /// The text, newlines shown as ↵ and tabs as one blank, so every character fits a cell.
    public var text: String
    /// How the run's cells look.
    public var style: CellStyle

    /// A run of `text` in `style`; newlines and tabs become visible marks.
    public init(_ text: String, _ style: CellStyle = .plain) {
        self.text = Self.printable(text)
        self.style = style
    }

    /// Text from the user's files may hold newlines and tabs: pane rows show them
    /// as visible marks instead of dropping them (a cell cannot hold a control).
    static func printable(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        var result = ""
        for character in text {
            if character.isNewline {
                result += "↵"
            } else if character == "\t" {
                result += " "
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// One logical line of a pane: spans, plus what the rest of its row looks like.
public struct StyledLine: Hashable, Sendable {
    /// The line's runs of text, left to right.
    public var spans: [Span]
    /// Fills the row after the text (a cursor bar, a header band); nil leaves it blank.
    public var fill: CellStyle?
    /// Continuation rows of a wrapped line start this many cells in.
    public var hangingIndent: Int

    /// A line of `spans`; wrapped rows after the first start `hangingIndent` cells in.
    public init(_ spans: [Span] = [], fill: CellStyle? = nil, hangingIndent: Int = 2) {
        self.spans = spans
        self.fill = fill
        self.hangingIndent = hangingIndent
    }

    /// A line of one run of `text` in `style`.
    public init(_ text: String, _ style: CellStyle = .plain, fill: CellStyle? = nil) {
        self.init([Span(text, style)], fill: fill)
    }

    /// The text without styles, for tests and plain output.
    public var text: String { spans.map(\.text).joined() }

    /// The line's width in cells before wrapping.
    public var cellCount: Int { spans.reduce(0) { $0 + cellWidth(of: $1.text) } }

    /// Adds a run of `text` in `style` at the end.
    public mutating func append(_ text: String, _ style: CellStyle = .plain) {
        spans.append(Span(text, style))
    }

    /// The line with every span's style given more attributes (a cursor row).
    public func adding(_ attributes: CellAttributes) -> StyledLine {
        var copy = self
        copy.spans = spans.map { Span($0.text, $0.style.adding(attributes)) }
        copy.fill = (fill ?? .plain).adding(attributes)
        return copy
    }

    /// The line cut into rows of at most `width` cells, breaking after spaces when
    /// it can (a long word is broken anywhere); continuation rows are indented by
    /// `hangingIndent`. Always at least one row.
    public func wrapped(toWidth width: Int) -> [StyledLine] {
        let width = max(1, width)
        guard cellCount > width else { return [self] }
        let indent = min(hangingIndent, width / 2)
        var rows: [StyledLine] = []
        var pieces: [(Character, CellStyle, Int)] = []
        for span in spans {
            for character in span.text { pieces.append((character, span.style, cellWidth(of: character))) }
        }
        var start = 0
        while start < pieces.count {
            let room = rows.isEmpty ? width : width - indent
            var used = 0, end = start, lastBreak: Int?, seenText = false
            while end < pieces.count, used + pieces[end].2 <= room || end == start {
                used += pieces[end].2
                // A break after leading blanks only would leave an empty row.
                if pieces[end].0 == " " { if seenText { lastBreak = end + 1 } } else { seenText = true }
                end += 1
            }
            if end < pieces.count, let lastBreak, lastBreak > start, lastBreak < end { end = lastBreak }
            var row = StyledLine(fill: fill, hangingIndent: hangingIndent)
            if !rows.isEmpty { row.append(String(repeating: " ", count: indent), pieces[start].1) }
            for piece in pieces[start..<end] {
                if let last = row.spans.last, last.style == piece.1 {
                    row.spans[row.spans.count - 1].text.append(piece.0)
                } else {
                    row.spans.append(Span(String(piece.0), piece.1))
                }
            }
            rows.append(row)
            start = end
            // A space at the start of a continuation row would only shift it.
            while start < pieces.count, pieces[start].0 == " " { start += 1 }
        }
        return rows.isEmpty ? [self] : rows
    }
}

extension Grid {
    /// Writes `line` on row `y` from column `x`, at most `width` cells; a line
    /// that does not fit ends in `…`. The rest of the row up to `width` takes the
    /// line's fill.
    public mutating func write(_ line: StyledLine, x: Int, y: Int, width: Int) {
        guard width > 0, y >= 0, y < height else { return }
        let clip = CellRect(x: x, y: y, width: width, height: 1)
        let fits = line.cellCount <= width
        var column = x
        let limit = x + width - (fits ? 0 : 1)
        outer: for span in line.spans {
            for character in span.text {
                let cells = cellWidth(of: character)
                if column + cells > limit { break outer }
                column += write(
                    character, x: column, y: y, foreground: span.style.foreground,
                    background: span.style.background, attributes: span.style.attributes, clip: clip)
            }
        }
        if !fits {
            let style = line.spans.last?.style ?? .plain
            column += write(
                "…", x: column, y: y, foreground: style.foreground, background: style.background,
                attributes: style.attributes, clip: clip)
        }
        if let fill = line.fill {
            while column < x + width {
                column += write(
                    " ", x: column, y: y, foreground: fill.foreground, background: fill.background,
                    attributes: fill.attributes, clip: clip)
            }
        }
    }
}
