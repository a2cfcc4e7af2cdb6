import Stylesheet

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

    public init(theme: TerminalTheme = .xterm, selectedColor: Color = .ansi(11), relatedColor: Color = .ansi(14)) {
        self.theme = theme
        self.selectedColor = selectedColor
        self.relatedColor = relatedColor
    }

    public func paint(_ nodes: [PaintNode], width: Int, height: Int) -> Painting {
        paint(nodes, onto: Grid(width: width, height: height))
    }

    /// Paints over an existing grid (what is already there shows through
    /// transparent backgrounds).
    public func paint(_ nodes: [PaintNode], onto grid: Grid) -> Painting {
        var surface = PaintSurface(grid: grid, theme: theme)
        let order = paintOrder(of: nodes, within: grid.bounds)
        for (index, clip) in order {
            surface.paint(nodes[index], index: index, clip: clip)
        }
        for highlight in [Highlight.related, .selected] {
            let color = highlight == .selected ? selectedColor : relatedColor
            for (index, clip) in order where nodes[index].highlight == highlight {
                surface.outline(nodes[index], clip: clip, color: color)
            }
        }
        return Painting(grid: surface.grid, owners: surface.owners)
    }
}
