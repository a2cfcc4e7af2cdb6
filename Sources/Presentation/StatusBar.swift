import Canvas
import TextMetrics

/// One piece of a status line: its text, its look, and how much it matters
/// when the row is too narrow for every piece.
public struct StatusSegment: Sendable {
    /// The text, with the blanks around it.
    public var text: String
    /// How its cells look.
    public var style: CellStyle
    /// Lower goes first when the row is short.
    public var importance: Int
    /// Right-aligned pieces (key hints) sit at the end of the row.
    public var alignsRight: Bool
    /// Used in turn instead of dropping the piece, each time it is the weakest.
    public var shorter: [(text: String, importance: Int)]

    /// A piece of `text` in `style`; `shorter` forms, with their own importance,
    /// are tried before the piece is dropped.
    public init(
        _ text: String, style: CellStyle, importance: Int, alignsRight: Bool = false,
        shorter: [(text: String, importance: Int)] = []
    ) {
        self.text = text
        self.style = style
        self.importance = importance
        self.alignsRight = alignsRight
        self.shorter = shorter
    }

    /// `✖ 2` for errors and `⚠ 1` for warnings: what a user must see at any
    /// width but the narrowest (conflicts count as errors, ambiguity as a
    /// warning, as `casement check` counts them).
    public static func problems(errors: Int, warnings: Int, importance: Int = 85) -> [StatusSegment] {
        var list: [StatusSegment] = []
        if errors > 0 { list.append(StatusSegment(" ✖ \(errors) ", style: PaneStyles.statusBad, importance: importance)) }
        if warnings > 0 { list.append(StatusSegment(" ⚠ \(warnings) ", style: PaneStyles.statusNote, importance: importance)) }
        return list
    }
}

/// A one-row bar of segments: the left-aligned ones in order, the
/// right-aligned ones at the end. When the row is too narrow, the least
/// important segment takes its shorter form or goes, until the rest fits.
public struct StatusBar: Sendable {
    /// The pieces, in the order they are shown.
    public var segments: [StatusSegment]
    /// What the rest of the row looks like.
    public var fill: CellStyle

    /// A bar of `segments` on a ground of `fill`.
    public init(_ segments: [StatusSegment], fill: CellStyle = PaneStyles.statusBar) {
        self.segments = segments
        self.fill = fill
    }

    /// The segments that fit in `width` cells, shortened and dropped by importance.
    public func fitted(width: Int) -> [StatusSegment] {
        var segments = self.segments
        // Which of `self.segments` each one still is.
        var origins = Array(segments.indices)
        func used() -> Int { segments.reduce(0) { $0 + cellWidth(of: $1.text) } }
        while segments.count > 1, used() > width {
            let weakest = segments.indices.min { segments[$0].importance < segments[$1].importance }!
            if !segments[weakest].shorter.isEmpty {
                let shorter = segments[weakest].shorter.removeFirst()
                segments[weakest].text = shorter.text
                segments[weakest].importance = shorter.importance
            } else {
                segments.remove(at: weakest)
                origins.remove(at: weakest)
            }
        }
        // Dropping a long segment may have left room for a longer form of a
        // right-aligned one (the key hints) again.
        for position in segments.indices where segments[position].alignsRight {
            let original = self.segments[origins[position]]
            let room = width - (used() - cellWidth(of: segments[position].text))
            let forms = [original.text] + original.shorter.map(\.text)
            if let longest = forms.first(where: { cellWidth(of: $0) <= room }) { segments[position].text = longest }
        }
        return segments
    }

    /// The bar drawn into a `width` × 1 grid.
    public func render(width: Int) -> Grid {
        var grid = Grid(width: width, height: 1)
        guard width > 0 else { return grid }
        let segments = fitted(width: width)
        var line = StyledLine(fill: fill)
        for segment in segments where !segment.alignsRight { line.append(segment.text, segment.style) }
        grid.write(line, x: 0, y: 0, width: width)
        let right = StyledLine(segments.filter(\.alignsRight).map { Span($0.text, $0.style) })
        if !right.spans.isEmpty {
            grid.write(right, x: max(0, width - right.cellCount), y: 0, width: min(width, right.cellCount))
        }
        return grid
    }
}
