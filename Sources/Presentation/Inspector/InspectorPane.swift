import Canvas

/// How far each part of the inspector is scrolled, in rows.
public struct InspectorViewport: Hashable, Sendable {
    /// The first tree row shown.
    public var treeTop = 0
    /// The first details row shown (after wrapping).
    public var detailsTop = 0

    /// A viewport scrolled to tree row `treeTop` and details row `detailsTop` (0-based).
    public init(treeTop: Int = 0, detailsTop: Int = 0) {
        self.treeTop = treeTop
        self.detailsTop = detailsTop
    }
}

/// The inspector fitted into a pane: a separator column on the left, the
/// tree's header, a window of the tree (at most two fifths of the height, and
/// no more than it needs), then a window of the details. Long details lines
/// wrap; tree rows are cut with `…`. `▲`/`▼` in the separator column say that
/// a part has more above or below.
public struct InspectorPane: Sendable {
    /// The pane's cells.
    public var grid: Grid
    /// What a click on each row selects.
    public var targets: [InspectorTarget?]
    /// The viewport as shown: clamped, and moved to keep the focus in view when asked.
    public var viewport: InspectorViewport
    /// Rows given to the tree, for scrolling by pages.
    public var treeRows: Int
    /// Rows given to the details, for scrolling by pages.
    public var detailsRows: Int

    /// `content` fitted into `width` × `height` cells, scrolled as `requested`
    /// says; with `followFocus`, scrolled further to keep the selected view and
    /// the focused constraint in view.
    public init(_ content: InspectorContent, width: Int, height: Int, viewport requested: InspectorViewport, followFocus: Bool) {
        grid = Grid(width: width, height: height)
        targets = Array(repeating: nil, count: max(0, height))
        viewport = requested
        treeRows = 0
        detailsRows = 0
        guard width >= 2, height >= 1 else { return }
        let textWidth = width - 1
        for y in 0..<height { grid.write("│", x: 0, y: y, foreground: PaneStyles.separator.foreground) }

        grid.write(content.treeHeader, x: 1, y: 0, width: textWidth)
        let body = height - 1
        treeRows = min(content.tree.count, max(1, body * 2 / 5))
        if body - treeRows < 3 { treeRows = max(0, min(content.tree.count, body - 3)) }
        detailsRows = body - treeRows

        // The tree: keep the selected row in view.
        var top = viewport.treeTop
        if followFocus, let selected = content.selectedTreeRow {
            if selected < top { top = selected }
            if selected >= top + treeRows { top = selected - treeRows + 1 }
        }
        top = min(max(0, top), max(0, content.tree.count - treeRows))
        viewport.treeTop = top
        for row in 0..<treeRows {
            let item = content.tree[top + row]
            grid.write(item.line, x: 1, y: 1 + row, width: textWidth)
            targets[1 + row] = item.target
        }
        if treeRows > 0 {
            if top > 0 { grid.write("▲", x: 0, y: 1, foreground: PaneStyles.heading.foreground) }
            if top + treeRows < content.tree.count {
                grid.write("▼", x: 0, y: treeRows, foreground: PaneStyles.heading.foreground)
            }
        }

        // The details, wrapped: keep the focused constraint in view.
        var rows: [(line: StyledLine, logical: Int)] = []
        for (index, item) in content.details.enumerated() {
            for line in item.line.wrapped(toWidth: textWidth) { rows.append((line, index)) }
        }
        var detailsTop = viewport.detailsTop
        if followFocus, let focused = content.focusedDetails, detailsRows > 0 {
            let first = rows.firstIndex { $0.logical == focused.lowerBound } ?? 0
            let last = rows.lastIndex { $0.logical == focused.upperBound - 1 } ?? first
            if last >= detailsTop + detailsRows { detailsTop = last - detailsRows + 1 }
            if first < detailsTop { detailsTop = first }
        }
        detailsTop = min(max(0, detailsTop), max(0, rows.count - detailsRows))
        viewport.detailsTop = detailsTop
        let start = 1 + treeRows
        for row in 0..<detailsRows where detailsTop + row < rows.count {
            let item = rows[detailsTop + row]
            grid.write(item.line, x: 1, y: start + row, width: textWidth)
            targets[start + row] = content.details[item.logical].target
        }
        if detailsRows > 0 {
            if detailsTop > 0 { grid.write("▲", x: 0, y: start, foreground: PaneStyles.heading.foreground) }
            if detailsTop + detailsRows < rows.count {
                grid.write("▼", x: 0, y: start + detailsRows - 1, foreground: PaneStyles.heading.foreground)
            }
        }
    }

    /// Whether a pane row belongs to the tree (for the wheel).
    public func isTreeRow(_ y: Int) -> Bool { y >= 1 && y <= treeRows }
}
