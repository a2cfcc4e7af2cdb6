import Canvas
import LayoutEngine
import LayoutPainting
import Presentation
import TerminalUI

/// Everything the designer shows on one screen, ready to draw: a grid per pane.
public struct DesignerFrame: Sendable {
    /// Where each pane sits on the terminal, in cells.
    public var layout: PaneLayout
    /// The whole layout; the canvas pane shows its top-left part (the drawer,
    /// when open, covers the bottom rows).
    public var canvas: Grid
    /// The inspector pane's grid; nil when it is hidden or has no room.
    public var inspector: Grid?
    /// The drawer's grid (help, or an open drawer); nil when closed or with no room.
    public var drawer: Grid?
    /// The status line's grid; nil when it has no room.
    public var status: Grid?
    /// What the canvas repainted for this frame.
    public var canvasDamage: CanvasDamage
}

// Drawing: the panes as grids, and the status line.
extension DesignerState {
    /// Paints the next frame: the panes as they should look now, with only what
    /// changed since the last frame repainted. A command, not a query: the live
    /// canvas keeps what it painted last, which is how damage is found. Everything
    /// the designer only reads (selection, inspector data, the session) is read
    /// without changing anything.
    public mutating func renderFrame() -> DesignerFrame {
        let layout = paneLayout
        let size = layoutSize
        let clock = ContinuousClock()
        let start = clock.now
        let damage = caches.canvas.update(to: paintNodes(), width: size.width, height: size.height)
        if caches.paintPending {
            outcome?.paint = clock.now - start
            caches.paintPending = false
        }

        var inspector: Grid?
        if inspectorVisible, !layout.inspector.isEmpty {
            let content = currentInspectorContent()
            let pane = InspectorPane(
                content, width: layout.inspector.width, height: layout.inspector.height, viewport: viewport,
                followFocus: followFocus)
            viewport = pane.viewport
            followFocus = false
            caches.inspectorPane = pane
            inspector = pane.grid
        } else {
            caches.inspectorPane = nil
        }

        var drawerGrid: Grid?
        if !layout.drawer.isEmpty {
            if showsHelp {
                drawerGrid = HelpDrawer.render(width: layout.drawer.width, height: layout.drawer.height)
            } else if let drawer {
                drawerGrid = drawer.render(width: layout.drawer.width, height: layout.drawer.height)
            }
        }
        let status = layout.status.isEmpty ? nil : statusLine().render(width: layout.status.width)
        return DesignerFrame(
            layout: layout, canvas: caches.canvas.grid, inspector: inspector, drawer: drawerGrid, status: status,
            canvasDamage: damage)
    }

    /// The views as paint nodes, with the selection and the views related to
    /// the focused constraint highlighted.
    mutating func paintNodes() -> [PaintNode] {
        PaintNode.nodes(from: session.views, selected: selection, related: relatedViews())
    }

    /// The views the focused constraint mentions, other than the selected one.
    mutating func relatedViews() -> [String] {
        guard case .constraint(let index) = focus else { return [] }
        let constraints = selectedConstraints()
        guard constraints.indices.contains(index) else { return [] }
        return constraints[index].views.filter { $0 != selection }
    }

    /// The selected view's constraints, as the inspector lists them.
    mutating func selectedConstraints() -> [ConstraintInfo] {
        if let cached = caches.selectedConstraints { return cached }
        let constraints = selection.flatMap { session.explain($0)?.constraints } ?? []
        caches.selectedConstraints = constraints
        return constraints
    }

    mutating func currentInspectorContent() -> InspectorContent {
        if let cached = caches.inspectorContent { return cached }
        let data = Inspection(session: session, selecting: selection)
        let content = InspectorContent(data, focus: focus)
        caches.inspectorContent = content
        return content
    }

    /// The status line alone, for updating it after a frame.
    public func statusGrid() -> Grid? {
        let rect = paneLayout.status
        return rect.isEmpty ? nil : statusLine().render(width: rect.width)
    }

    func statusLine() -> StatusLine {
        var name = session.specPath.split(separator: "/").last.map(String.init) ?? session.specPath
        if let specNote { name += " (\(specNote))" }
        return StatusLine(
            specName: name, size: session.size, viewCount: session.views.count,
            constraintCount: session.document.constraints.count, outcome: outcome, frameBytes: frameBytes,
            errorCount: errorCount, warningCount: warningCount,
            unsavedFiles: unsavedFiles.map { $0.split(separator: "/").last.map(String.init) ?? $0 }, message: message,
            keys: keyHints,
            shortKeys: hasLinks ? "Enter open · ? keys · q quit" : "? keys · q quit")
    }

    /// The layout's errors, engine conflicts included (`check` calls them errors too).
    var errorCount: Int { session.diagnostics.count { $0.severity == .error } }

    /// The layout's warnings (notes such as "N more not shown" are neither).
    var warningCount: Int { session.diagnostics.count { $0.severity == .warning } }

    var keyHints: String {
        var hints = ["Tab select"]
        if hasLinks { hints.append("Enter open") }
        if !history.isEmpty { hints.append("g back") }
        hints.append(inspectorVisible ? "i hide inspector" : "i inspector")
        hints += ["? keys", "q quit"]
        return hints.joined(separator: " · ")
    }
}
