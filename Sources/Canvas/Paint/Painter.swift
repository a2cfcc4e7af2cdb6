import Cells


/// Paints a solved view tree into a cell grid.
///
/// Each view, in `paintOrder`: its background, its border ring with the title on
/// the top edge, then its text, wrapped and aligned inside border and padding.
/// Highlights are drawn last, over everything, so a selected view's outline is
/// never hidden by its children.
public struct Painter: Sendable {
    /// Used to blend translucent colours over the terminal's own colours.
    public var theme: TerminalTheme
    /// Outline colour of the selected view.
    public var selectedColor: Color
    /// Outline colour of views related to the selected constraint.
    public var relatedColor: Color

    /// A painter with the terminal's look and the outline colours (bright yellow and bright cyan by default).
    public init(theme: TerminalTheme = .xterm, selectedColor: Color = .ansi(11), relatedColor: Color = .ansi(14)) {
        self.theme = theme
        self.selectedColor = selectedColor
        self.relatedColor = relatedColor
    }

    /// Paints the nodes onto a blank grid of `width` × `height` cells.
    public func paint(_ nodes: [PaintNode], width: Int, height: Int) -> Painting {
        paint(nodes, onto: Grid(width: width, height: height))
    }

    /// Paints `count` nodes, made one at a time by `node` (called with
    /// `0..<count`, in any order and more than once), onto a blank grid: the
    /// same painting as `paint(_:width:height:)` of the array of them, without
    /// holding that array. A node copies its view's style, so the array of a
    /// 10,000-view layout took 2.8 MB at the peak of `casement render`.
    public func paint(count: Int, width: Int, height: Int, node: (Int) -> PaintNode) -> Painting {
        var surface = PaintSurface(grid: Grid(width: width, height: height), theme: theme)
        paint(count: count, on: &surface, within: surface.grid.bounds, node: node)
        return Painting(grid: surface.grid, owners: surface.owners)
    }

    /// Paints over an existing grid (what is already there shows through
    /// transparent backgrounds).
    public func paint(_ nodes: [PaintNode], onto grid: Grid) -> Painting {
        var surface = PaintSurface(grid: grid, theme: theme)
        paint(nodes, on: &surface, within: grid.bounds)
        return Painting(grid: surface.grid, owners: surface.owners)
    }

    /// Repaints only `region` of `previous`, a painting of the same views on a
    /// blank grid: the result equals `paint(nodes, width:height:)` as long as
    /// every cell that differs lies in `region` (for a view that moved or
    /// changed style: the union of its old and new frames). Views outside the
    /// region cost nothing, which keeps small edits cheap on large screens.
    public func repaint(_ nodes: [PaintNode], in region: CellRect, over previous: Painting) -> Painting {
        let bounds = previous.grid.bounds
        let area = region.clampedForPainting.intersection(bounds)
        guard !area.isEmpty else { return previous }
        // Paint a little wider than the region, so a wide character that
        // straddles the region's edge is drawn whole, as a full paint draws it.
        let margin = CellRect(x: area.x - 2, y: area.y, width: area.width + 4, height: area.height).intersection(bounds)
        var surface = PaintSurface(grid: previous.grid, theme: theme)
        surface.owners = previous.owners
        surface.clear(margin)
        paint(nodes, on: &surface, within: margin)
        // Copy back one column more on each side: drawing over half of a wide
        // character blanks its other half, which may lie just outside the region.
        let copied = CellRect(x: area.x - 1, y: area.y, width: area.width + 2, height: area.height).intersection(bounds)
        var result = previous
        for y in copied.y..<copied.maxY {
            let columns = (y * bounds.width + copied.x)..<(y * bounds.width + copied.maxX)
            result.grid.cells.replaceSubrange(columns, with: surface.grid.cells[columns])
            result.owners.replaceSubrange(columns, with: surface.owners[columns])
            result.grid.repairWideCharacters(row: y, around: [copied.x, copied.maxX])
        }
        return result
    }

    private func paint(_ nodes: [PaintNode], on surface: inout PaintSurface, within bounds: CellRect) {
        paint(count: nodes.count, on: &surface, within: bounds) { nodes[$0] }
    }

    private func paint(
        count: Int, on surface: inout PaintSurface, within bounds: CellRect, node: (Int) -> PaintNode
    ) {
        let order = paintOrder(count: count, within: bounds, node: node)
        var highlighted: [(node: PaintNode, clip: CellRect)] = []
        for (index, clip) in order {
            let made = node(index)
            surface.paint(made, index: index, clip: clip)
            if made.highlight != .none { highlighted.append((made, clip)) }
        }
        for highlight in [Highlight.related, .selected] {
            let color = highlight == .selected ? selectedColor : relatedColor
            for (made, clip) in highlighted where made.highlight == highlight {
                surface.outline(made, clip: clip, color: color)
            }
        }
    }
}
