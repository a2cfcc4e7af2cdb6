import Canvas
import Casement
import Diagnostics
import LayoutEngine
import Presentation
import TerminalUI
import TextMetrics

// Dev mode's keys and what it draws over the app: the designer's inspector and
// error drawer (from `Presentation`), a status line while the inspector is open,
// and a badge in the top-right corner for the layout's problems while it is
// closed. Watching and reloading are in DevMode.swift.

/// What dev mode's overlays keep between frames: the inspector's selection,
/// focus and scrolling, and what the last frame drew (for clicks and pages).
struct DevOverlays {
    /// Whether the inspector is open.
    var inspectorOpen = false
    /// The inspected view's id.
    var selection: String?
    /// On the view tree, or on one of the selected view's constraints.
    var focus: InspectorFocus = .tree
    /// Where the inspector's tree and details are scrolled to.
    var viewport = InspectorViewport()
    /// The next frame scrolls the inspector to keep the selection and focus in view.
    var followFocus = true
    /// Whether the runtime's own views and rules are listed (Shift-F12).
    var showsInternals = false
    /// What the last frame's inspector showed, and where.
    var inspection: Inspection?
    var pane: InspectorPane?
    var panes: PaneLayout?
    /// Where the problems badge was drawn (a click on it opens the inspector).
    var badge: CellRect?
}

extension DevMode {
    /// Named in the drawer and the status line.
    static let inspectorKey = "F12"
    /// Shift-F12: terminals report it as F24.
    static let internalsKey = Key.function(24)
    /// The labels of the rules that carry a widget's intrinsic size to the solver.
    static let intrinsicLabels: Set<String> = [
        "intrinsic-width-min", "intrinsic-width-max", "intrinsic-height-min", "intrinsic-height-max",
    ]

    // MARK: Geometry

    /// The inspector's width on a screen of `size`: two fifths, 30 to 60 columns (as the designer's).
    static func inspectorWidth(for size: TerminalSize) -> Int { min(60, max(30, size.width * 2 / 5)) }

    /// Where the panes go: with the inspector open, the app keeps the left part
    /// above a status line (it is laid out for that size, so nothing of it is
    /// covered); the drawer covers the bottom rows, as in the designer.
    func paneLayout(for size: TerminalSize, drawerHeight: Int = 0) -> PaneLayout {
        PaneLayout(
            size: size, inspectorWidth: overlays.inspectorOpen ? Self.inspectorWidth(for: size) : nil,
            drawerHeight: drawerHeight, showsStatusLine: overlays.inspectorOpen)
    }

    /// The size the app is laid out for on a terminal of `size`.
    func canvasSize(for size: TerminalSize) -> TerminalSize {
        let canvas = paneLayout(for: size).canvas
        return TerminalSize(width: canvas.width, height: canvas.height)
    }

    // MARK: Keys

    /// F12 toggles the inspector (a click on the badge opens it). While it is
    /// open: ↑ ↓ walk the views (or the selected view's constraints), → steps
    /// into the constraints, ← back out or to the parent, PgUp PgDn and the wheel
    /// scroll, a click picks a view or a row, Shift-F12 shows the runtime's own
    /// views and rules, Escape leaves the constraints, then closes. Every other
    /// key reaches the app.
    func handle(_ key: Key, in app: App) -> Bool {
        if key == .function(12) {
            setInspector(open: !overlays.inspectorOpen, in: app)
            return true
        }
        guard overlays.inspectorOpen else {
            if case .mouseClick(let x, let y) = key, overlays.badge?.contains(x: x, y: y) == true {
                setInspector(open: true, in: app)
                return true
            }
            return false
        }
        let inspection = overlays.inspection ?? inspection(of: app)
        switch key {
        case Self.internalsKey:
            overlays.showsInternals.toggle()
            overlays.followFocus = true
        case .escape:
            if case .constraint = overlays.focus { setFocus(.tree) } else { setInspector(open: false, in: app) }
        case .up:
            if case .constraint(let index) = overlays.focus {
                setFocus(index == 0 ? .tree : .constraint(index - 1))
            } else {
                step(by: -1, in: inspection)
            }
        case .down:
            if case .constraint(let index) = overlays.focus {
                setFocus(.constraint(min(index + 1, max(0, inspection.constraints.count - 1))))
            } else {
                step(by: 1, in: inspection)
            }
        case .left:
            if case .constraint = overlays.focus {
                setFocus(.tree)
            } else if let index = inspection.selected, let parent = inspection.views[index].parentIndex {
                select(inspection.views[parent].id)
            }
        case .right:
            if overlays.focus == .tree, !inspection.constraints.isEmpty { setFocus(.constraint(0)) }
        case .pageUp, .pageDown:
            let page = max(1, (overlays.pane?.detailsRows ?? 10) - 1)
            overlays.viewport.detailsTop = max(0, overlays.viewport.detailsTop + (key == .pageUp ? -page : page))
        case .mouseClick(let x, let y):
            click(x: x, y: y, in: app, inspection: inspection)
        case .scrollUp(let x, let y), .scrollDown(let x, let y):
            let rows = if case .scrollUp = key { -3 } else { 3 }
            guard scroll(by: rows, x: x, y: y) else { return false }
        default:
            return false
        }
        app.needsDisplay = true
        return true
    }

    /// Opens or closes the inspector; the app is laid out again for what is left of the screen.
    func setInspector(open: Bool, in app: App) {
        overlays.inspectorOpen = open
        overlays.followFocus = true
        overlays.focus = .tree
        if open, overlays.selection == nil {
            overlays.selection = firstViewInTrouble(of: app) ?? app.focusedWidget?.view.id ?? app.frameState.views.first?.id
        }
        app.layout.resize(to: canvasSize(for: app.size))
        app.needsDisplay = true
    }

    /// The first view in a conflict, broken or ambiguous: what the badge was about.
    private func firstViewInTrouble(of app: App) -> String? {
        let snapshot = app.layout.snapshot()
        let trouble: Set<ViewFlag> = [.conflict, .broken, .ambiguous]
        return snapshot.flags.firstIndex { !trouble.isDisjoint(with: $0) }.map { snapshot.views[$0].id }
    }

    private func select(_ id: String?) {
        overlays.selection = id
        overlays.focus = .tree
        overlays.followFocus = true
    }

    private func setFocus(_ focus: InspectorFocus) {
        overlays.focus = focus
        overlays.followFocus = true
    }

    /// Moves the selection through the tree as shown (no wrapping).
    private func step(by offset: Int, in inspection: Inspection) {
        guard !inspection.views.isEmpty else { return }
        let next = inspection.selected.map { min(max(0, $0 + offset), inspection.views.count - 1) } ?? 0
        select(inspection.views[next].id)
    }

    private func click(x: Int, y: Int, in app: App, inspection: Inspection) {
        guard let panes = overlays.panes else { return }
        if let point = panes.point(x: x, y: y, in: .inspector), let pane = overlays.pane {
            if point.y == 0 {
                overlays.showsInternals.toggle()  // the tree's header says what is hidden
                return
            }
            guard pane.targets.indices.contains(point.y) else { return }
            switch pane.targets[point.y] {
            case .view(let index) where inspection.views.indices.contains(index): select(inspection.views[index].id)
            case .constraint(let index): setFocus(.constraint(index))
            default: break
            }
        } else if panes.point(x: x, y: y, in: .canvas) != nil,
            let node = app.frameState.painting?.node(atX: x, y: y)
        {
            select(app.frameState.views[node].id)
        }
    }

    /// Scrolls the part of the inspector under the pointer; false when the pointer is elsewhere.
    private func scroll(by rows: Int, x: Int, y: Int) -> Bool {
        guard let point = overlays.panes?.point(x: x, y: y, in: .inspector), let pane = overlays.pane else { return false }
        if pane.isTreeRow(point.y) {
            overlays.viewport.treeTop = max(0, overlays.viewport.treeTop + rows)
        } else {
            overlays.viewport.detailsTop = max(0, overlays.viewport.detailsTop + rows)
        }
        return true
    }

    // MARK: What the inspector reads

    /// The app's layout as the inspector shows it: structured, at the Swift
    /// lines that wrote each rule, without the runtime's own views and rules
    /// unless they were asked for.
    func inspection(of app: App) -> Inspection {
        let explanation = overlays.selection.flatMap { app.layout.explanation(of: $0) }
        let inspection = Inspection(snapshot: app.layout.snapshot(), explanation: explanation)
        return overlays.showsInternals ? inspection : inspection.hiding(internals(of: app))
    }

    /// The widgets' style views and the rules that carry their intrinsic sizes.
    private func internals(of app: App) -> Inspection.Internals {
        let styleViews = app.widgets.flatMap(\.styleViews).compactMap(\.id)
        return Inspection.Internals(views: Set(styleViews), constraintLabels: Self.intrinsicLabels)
    }

    /// The view outlined on the app while the inspector is open.
    var highlightedID: String? { overlays.inspectorOpen ? overlays.selection : nil }

    /// The other views the focused constraint mentions, outlined as related.
    var relatedIDs: [String] {
        guard overlays.inspectorOpen, case .constraint(let index) = overlays.focus,
            let constraints = overlays.inspection?.constraints, constraints.indices.contains(index)
        else { return [] }
        return constraints[index].views.filter { $0 != overlays.selection }
    }

    // MARK: Drawing

    func drawOverlays(of app: App, into grid: inout Grid) {
        let size = TerminalSize(width: grid.width, height: grid.height)
        let drawer = errors.isEmpty
            ? nil : ErrorDrawer(
                situation: keptLastGood ? .keptLastLayout : .appliedWithErrors, errors: errors,
                inspectorKey: Self.inspectorKey)
        let limit = max(3, (size.height - 1) / 3)
        let panes = paneLayout(for: size, drawerHeight: drawer?.requestedHeight(width: size.width, limit: limit) ?? 0)
        overlays.panes = panes
        overlays.badge = nil
        let diagnostics: [Diagnostic]
        if overlays.inspectorOpen {
            let inspection = inspection(of: app)
            diagnostics = inspection.diagnostics
            drawInspector(inspection, in: panes.inspector, into: &grid)
        } else {
            overlays.inspection = nil
            overlays.pane = nil
            diagnostics = app.layout.diagnostics
        }
        let errorCount = diagnostics.errorCount
        let warningCount = diagnostics.count { $0.severity == .warning }
        if !panes.status.isEmpty {
            let status = statusBar(size: app.layout.size, views: overlays.inspection?.views.count ?? 0,
                                   errors: errorCount, warnings: warningCount)
            grid.overlay(status.render(width: panes.status.width), atX: panes.status.x, y: panes.status.y)
        } else if errorCount + warningCount > 0 {
            drawBadge(errors: errorCount, warnings: warningCount, into: &grid)
        }
        if let drawer, !panes.drawer.isEmpty {
            grid.overlay(drawer.render(width: panes.drawer.width, height: panes.drawer.height),
                         atX: panes.drawer.x, y: panes.drawer.y)
        }
    }

    private func drawInspector(_ inspection: Inspection, in rect: CellRect, into grid: inout Grid) {
        overlays.inspection = inspection
        guard !rect.isEmpty else {
            overlays.pane = nil
            return
        }
        let content = InspectorContent(inspection, focus: overlays.focus)
        let pane = InspectorPane(
            content, width: rect.width, height: rect.height, viewport: overlays.viewport,
            followFocus: overlays.followFocus)
        overlays.viewport = pane.viewport
        overlays.followFocus = false
        overlays.pane = pane
        grid.overlay(pane.grid, atX: rect.x, y: rect.y)
    }

    /// The bottom row while the inspector is open: the size the app is laid out
    /// for, its problems, and the inspector's keys.
    private func statusBar(size: TerminalSize, views: Int, errors: Int, warnings: Int) -> StatusBar {
        var segments = [
            StatusSegment(" dev ", style: PaneStyles.statusBar.adding(.bold), importance: 90),
            StatusSegment("\(size.width)×\(size.height) ", style: PaneStyles.statusBar, importance: 70),
        ]
        segments += StatusSegment.problems(errors: errors, warnings: warnings)
        segments.append(StatusSegment("\(views) views ", style: PaneStyles.statusBar, importance: 20))
        if reloadCount > 0 {
            let times = reloadCount == 1 ? "1 reload" : "\(reloadCount) reloads"
            segments.append(StatusSegment(" \(times) ", style: PaneStyles.statusBar, importance: 25))
        }
        let internals = overlays.showsInternals ? "⇧F12 hide internals" : "⇧F12 internals"
        segments.append(StatusSegment(
            " ↑↓ views · → constraints · PgUp PgDn scroll · \(internals) · F12 close ", style: PaneStyles.statusBar,
            importance: 45, alignsRight: true, shorter: [(" F12 close ", 65)]))
        return StatusBar(segments)
    }

    /// `✖ 1 ⚠ 2 F12` in the top-right corner: the layout's problems (conflicts
    /// are errors, ambiguous views warnings), which F12 expands into the inspector.
    private func drawBadge(errors: Int, warnings: Int, into grid: inout Grid) {
        let segments = StatusSegment.problems(errors: errors, warnings: warnings)
            + [StatusSegment(" \(Self.inspectorKey) ", style: PaneStyles.statusBar, importance: 50)]
        let width = segments.reduce(0) { $0 + cellWidth(of: $1.text) }
        let bar = StatusBar(segments).render(width: min(width, grid.width))
        let rect = CellRect(x: max(0, grid.width - bar.width), y: 0, width: bar.width, height: 1)
        grid.overlay(bar, atX: rect.x, y: rect.y)
        overlays.badge = rect
    }
}
