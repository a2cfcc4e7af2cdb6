import Canvas
import Casement
import Cells

/// A widget that draws something over the rest of its screen while open (a
/// `Select`'s list): drawn after every widget of its screen, before the
/// screens over it, and hit first by clicks. A click anywhere else closes it.
@MainActor
protocol OverlayWidget: Widget {
    /// Whether the overlay is shown.
    var isOverlayOpen: Bool { get }
    /// Where it was drawn last (absolute cells).
    var overlayFrame: CellRect? { get }
    /// Draws the overlay over the finished layer.
    func drawOverlay(into grid: inout Grid, app: App)
    /// Closes it (a click elsewhere, the focus leaving).
    func closeOverlay()
}

extension App {
    /// Draws the open overlays of a layer's widgets over it.
    func drawWidgetOverlays(of widgets: [Widget], into grid: inout Grid) {
        for case let widget as any OverlayWidget in widgets where widget.isOverlayOpen {
            widget.drawOverlay(into: &grid, app: self)
        }
    }

    /// The widget whose open overlay covers (x, y) on `screen`.
    func overlayWidget(atX x: Int, y: Int, on screen: Screen) -> Widget? {
        for case let widget as any OverlayWidget in screen.widgets.reversed() where widget.isOverlayOpen {
            if widget.overlayFrame?.contains(x: x, y: y) == true { return widget }
        }
        return nil
    }

    /// Closes every open overlay on the screen on top but `target`'s.
    func closeOverlays(except target: Widget?) {
        for case let widget as any OverlayWidget in topScreen.widgets where widget.isOverlayOpen && widget !== target {
            widget.closeOverlay()
        }
    }

    /// A box painted over the grid with a computed style (an overlay's frame):
    /// a style without a background still hides what is below it.
    func paintOverlayBox(_ frame: CellRect, style: ComputedStyle, into grid: inout Grid) {
        let area = frame.intersection(CellRect(x: 0, y: 0, width: grid.width, height: grid.height))
        guard !area.isEmpty else { return }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX { _ = grid.write(" ", x: column, y: row, foreground: nil, background: nil, attributes: [], clip: area) }
        }
        grid = painter.paint([PaintNode(id: "overlay", parent: nil, frame: frame, style: style)], onto: grid).grid
    }
}
