import Canvas
import Cells

/// The designer's four panes, each drawn in a window of its own.
public enum PaneRole: Int, CaseIterable, Hashable, Sendable {
    case canvas, inspector, drawer, status
}

/// Where the panes go on a screen of a given size. The rectangles never overlap
/// and together cover the screen exactly, at every size down to 0x0:
///
/// - the status line is the bottom row, when there are at least two rows;
/// - the error drawer spans the full width above it, as tall as asked but
///   always leaving the canvas a row;
/// - the inspector is on the right above the drawer, as wide as asked but
///   always leaving the canvas a column;
/// - the canvas takes the rest, from the top-left corner.
///
/// A pane that does not fit is empty (zero-sized) and gets no window.
public struct PaneLayout: Hashable, Sendable {
    /// The screen size the panes were laid out for, in cells.
    public let size: TerminalSize
    /// What was asked for; the rectangles say what fitted.
    public let requestedInspectorWidth: Int?
    /// The error drawer's height that was asked for, in rows; `drawer` says what fitted.
    public let requestedDrawerHeight: Int
    /// Whether the bottom row was asked to be the status line; it is one only with two rows or more.
    public let showsStatusLine: Bool
    /// The canvas pane, from the top-left corner.
    public private(set) var canvas: CellRect
    /// The inspector pane, on the right above the drawer; zero-sized when hidden.
    public private(set) var inspector: CellRect
    /// The error drawer, full width above the status line; zero-sized when hidden.
    public private(set) var drawer: CellRect
    /// The status line, the bottom row; zero-sized without one.
    public private(set) var status: CellRect

    /// - Parameters:
    ///   - inspectorWidth: columns for the inspector; nil or 0 hides it.
    ///   - drawerHeight: rows for the error drawer; 0 hides it.
    ///   - showsStatusLine: whether the bottom row is the status line.
    public init(size: TerminalSize, inspectorWidth: Int? = nil, drawerHeight: Int = 0, showsStatusLine: Bool = true) {
        self.size = size
        requestedInspectorWidth = inspectorWidth
        requestedDrawerHeight = drawerHeight
        self.showsStatusLine = showsStatusLine
        let width = size.width, height = size.height
        let statusRows = showsStatusLine && height >= 2 ? 1 : 0
        let bodyRows = height - statusRows
        let drawerRows = min(max(0, drawerHeight), max(0, bodyRows - 1))
        let upperRows = bodyRows - drawerRows
        let inspectorColumns = min(max(0, inspectorWidth ?? 0), max(0, width - 1))
        let canvasColumns = width - inspectorColumns

        canvas = Self.rect(x: 0, y: 0, width: canvasColumns, height: upperRows)
        inspector = Self.rect(x: canvasColumns, y: 0, width: inspectorColumns, height: upperRows)
        drawer = Self.rect(x: 0, y: upperRows, width: width, height: drawerRows)
        status = Self.rect(x: 0, y: bodyRows, width: width, height: statusRows)
    }

    /// The same requests on a screen of another size.
    public func resized(to newSize: TerminalSize) -> PaneLayout {
        PaneLayout(
            size: newSize, inspectorWidth: requestedInspectorWidth,
            drawerHeight: requestedDrawerHeight, showsStatusLine: showsStatusLine)
    }

    /// Empty rectangles are normalized to 0x0 at their corner, so equal layouts compare equal.
    private static func rect(x: Int, y: Int, width: Int, height: Int) -> CellRect {
        width > 0 && height > 0
            ? CellRect(x: x, y: y, width: width, height: height)
            : CellRect(x: x, y: y, width: 0, height: 0)
    }

    /// The rectangle of one pane, in screen cells; zero-sized when the pane does not fit.
    public subscript(role: PaneRole) -> CellRect {
        switch role {
        case .canvas: canvas
        case .inspector: inspector
        case .drawer: drawer
        case .status: status
        }
    }

    /// The pane under a screen position (a mouse click), if any.
    public func role(atX x: Int, y: Int) -> PaneRole? {
        PaneRole.allCases.first { self[$0].contains(x: x, y: y) }
    }

    /// A screen position in the coordinates of `role`'s pane, if it lies inside it.
    public func point(x: Int, y: Int, in role: PaneRole) -> (x: Int, y: Int)? {
        let rect = self[role]
        guard rect.contains(x: x, y: y) else { return nil }
        return (x - rect.x, y - rect.y)
    }
}
