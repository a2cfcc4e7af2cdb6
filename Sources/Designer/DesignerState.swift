import Canvas
import Diagnostics
import LayoutEngine
import Stylesheet
import TerminalUI

/// Everything the designer shows on one screen, ready to draw: a grid per pane.
public struct DesignerFrame: Sendable {
    public var layout: PaneLayout
    /// The whole layout; the canvas pane shows its top-left part (the drawer,
    /// when open, covers the bottom rows).
    public var canvas: Grid
    public var inspector: Grid?
    public var drawer: Grid?
    public var status: Grid?
    /// What the canvas repainted for this frame.
    public var canvasDamage: CanvasDamage
}

/// A spec the designer showed before the one on screen.
public struct HistoryEntry: Hashable, Sendable {
    public var specPath: String
    /// What was selected there, selected again on the way back.
    public var selection: String?
}

/// The live designer without a terminal: one open spec in a `LayoutSession`,
/// the selection and inspector focus, the error drawer and the status line.
/// Feed it file changes, commands and sizes; ask it for frames. The event loop
/// (`LiveDesigner`) drives it from a terminal; tests drive it directly.
///
///     var designer = DesignerState(specPath: "demo/boxes.layout", screen: ScreenSize(width: 80, height: 24))
///     designer.load()
///     designer.perform(.nextView)
///     let frame = designer.frame()      // grids for the canvas, inspector, drawer, status line
public struct DesignerState {
    public internal(set) var session: LayoutSession
    /// The terminal's size (all panes).
    public internal(set) var screen: ScreenSize
    public let reader: FileReader
    /// Shown after the spec's name (`built-in copy` for the embedded gallery).
    public var specNote: String?

    /// The selected view's id.
    public internal(set) var selection: String?
    public internal(set) var focus: InspectorFocus = .tree
    public internal(set) var inspectorVisible: Bool
    /// Columns the inspector asks for when shown.
    public internal(set) var inspectorWidth: Int
    public internal(set) var showsHelp = false
    public internal(set) var drawer: ErrorDrawer?
    public internal(set) var outcome: ReloadOutcome?
    /// A note about the last command, shown in the status line until the next change.
    public internal(set) var message: String?
    /// Specs opened before this one, for `back`.
    public internal(set) var history: [HistoryEntry] = []
    public internal(set) var wantsToQuit = false
    /// Set by Ctrl-L; the event loop clears it when it has repainted everything.
    public var wantsFullRepaint = false
    /// Bytes written by the last frame that changed the screen (the loop reports them).
    public var frameBytes: Int?

    /// Gallery links on show: view id to the spec it opens.
    var links: [String: String] = [:]
    var viewport = InspectorViewport()
    var followFocus = true
    var canvas = LiveCanvas()
    /// The inspector's text, rebuilt only after something it shows changed.
    var inspectorContent: InspectorContent?
    /// The selected view's constraints, worked out when first needed after a change.
    var constraintsCache: [ConstraintInfo]?
    /// The inspector as last drawn, for clicks and page sizes.
    var inspectorPane: InspectorPane?
    /// The reload whose paint time is still to be measured by the next frame.
    var paintPending = false

    public init(
        specPath: String, reader: FileReader = .fileSystem, screen: ScreenSize, inspectorVisible: Bool = false
    ) {
        self.reader = reader
        self.screen = screen
        self.inspectorVisible = inspectorVisible
        inspectorWidth = Self.defaultInspectorWidth(for: screen)
        let width = inspectorVisible ? inspectorWidth : nil
        session = LayoutSession(
            specPath: specPath, reader: reader, size: Self.layoutSize(screen: screen, inspectorWidth: width))
    }

    /// The inspector's starting width: two fifths of the screen, 30 to 60 columns.
    static func defaultInspectorWidth(for screen: ScreenSize) -> Int {
        min(60, max(30, screen.width * 2 / 5))
    }

    // MARK: Geometry

    /// Where the panes go now.
    public var paneLayout: PaneLayout {
        PaneLayout(
            size: screen, inspectorWidth: inspectorVisible ? inspectorWidth : nil, drawerHeight: drawerHeight,
            showsStatusLine: true)
    }

    /// The size the spec is laid out for: the canvas pane's width, and every row
    /// above the status line. The drawer covers the bottom of the layout rather
    /// than squeezing it, so an error never moves the last good layout.
    public var layoutSize: LayoutSize {
        Self.layoutSize(screen: screen, inspectorWidth: inspectorVisible ? inspectorWidth : nil)
    }

    static func layoutSize(screen: ScreenSize, inspectorWidth: Int?) -> LayoutSize {
        let layout = PaneLayout(size: screen, inspectorWidth: inspectorWidth, drawerHeight: 0, showsStatusLine: true)
        return LayoutSize(width: layout.canvas.width, height: layout.canvas.height)
    }

    var drawerHeight: Int {
        let limit = max(3, (screen.height - 1) / 3)
        if showsHelp { return min(max(limit, (screen.height - 1) * 2 / 3), HelpDrawer.rows(width: screen.width).count) }
        return drawer?.requestedHeight(width: screen.width, limit: limit) ?? 0
    }

    /// Every file the open spec depends on (the watcher's set).
    public var watchedFiles: [String] { session.watchedFiles }

    // MARK: Loading and reloading

    /// Reads and lays out the spec for the first time.
    public mutating func load() {
        let report = session.load()
        absorb(report)
        selectFirstLink()
    }

    /// The watcher saw these files change (paths as `watchedFiles` spells them).
    public mutating func reload(changedFiles: [String]) {
        let report = session.reload(changedFiles: changedFiles)
        absorb(report)
    }

    /// The terminal changed size.
    public mutating func resize(to newScreen: ScreenSize) {
        guard newScreen != screen else { return }
        screen = newScreen
        relayout()
    }

    /// Lays the spec out again for the canvas's size (after a resize, or the
    /// inspector was shown, hidden or resized): edit variables and `@media`.
    mutating func relayout() {
        let size = layoutSize
        guard size != session.size else { return }
        let report = session.resize(to: size)
        absorb(report)
    }

    /// Takes in what a load, reload, resize or state change did.
    mutating func absorb(_ report: ReloadReport) {
        invalidateInspector()
        if !report.blockingErrors.isEmpty {
            drawer = ErrorDrawer(situation: .keptLastLayout, errors: report.blockingErrors)
            outcome = ReloadOutcome(
                kind: .kept(errors: report.blockingErrors.count), trigger: report.trigger, timings: report.timings,
                paint: .zero)
            message = nil
            return
        }
        guard report.applied else {
            if report.trigger == .reload {
                // The files are back to what the layout shows (an error was undone):
                // the layout on screen is current again.
                let wasKept = drawer?.situation == .keptLastLayout
                if wasKept { showFileErrors() }
                outcome = ReloadOutcome(
                    kind: wasKept ? .reloaded : .unchanged, trigger: .reload, timings: report.timings, paint: .zero)
                message = nil
            }
            return
        }
        if report.trigger == .load || report.trigger == .reload {
            refreshLinks()
            showFileErrors()
        }
        if report.trigger != .states {
            outcome = ReloadOutcome(kind: .reloaded, trigger: report.trigger, timings: report.timings, paint: .zero)
            paintPending = true
            message = nil
        }
        keepSelectionValid()
    }

    /// The drawer shows the errors of the files as applied, or closes.
    mutating func showFileErrors() {
        let errors = fileErrors()
        drawer = errors.isEmpty ? nil : ErrorDrawer(situation: .appliedWithErrors, errors: errors)
    }

    /// The errors of the files as applied (the spec's and the stylesheets', not
    /// the engine's conflicts: those are the inspector's).
    func fileErrors() -> [Diagnostic] {
        let fromFiles = Set((session.document.diagnostics + session.stylesheet.diagnostics).map(\.message))
        return session.diagnostics.filter { $0.severity == .error && fromFiles.contains($0.message) }
    }

    /// Drops a selection whose view went away, and a constraint focus past the end.
    mutating func keepSelectionValid() {
        guard let id = selection else { return }
        guard session.viewIndex(of: id) != nil else {
            selection = nil
            focus = .tree
            session.setStates([], ofView: id)
            return
        }
        if case .constraint(let index) = focus {
            let count = selectedConstraints().count
            focus = count == 0 ? .tree : .constraint(min(index, count - 1))
        }
    }

    /// Something the inspector shows changed.
    mutating func invalidateInspector() {
        inspectorContent = nil
        constraintsCache = nil
    }

    // MARK: Frames

    /// The panes as they should look now. Only what changed is repainted.
    public mutating func frame() -> DesignerFrame {
        let layout = paneLayout
        let size = layoutSize
        let clock = ContinuousClock()
        let start = clock.now
        let damage = canvas.update(to: paintNodes(), width: size.width, height: size.height)
        if paintPending {
            outcome?.paint = clock.now - start
            paintPending = false
        }

        var inspector: Grid?
        if inspectorVisible, !layout.inspector.isEmpty {
            let content = currentInspectorContent()
            let pane = InspectorPane(
                content, width: layout.inspector.width, height: layout.inspector.height, viewport: viewport,
                followFocus: followFocus)
            viewport = pane.viewport
            followFocus = false
            inspectorPane = pane
            inspector = pane.grid
        } else {
            inspectorPane = nil
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
            layout: layout, canvas: canvas.grid, inspector: inspector, drawer: drawerGrid, status: status,
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
        if let constraintsCache { return constraintsCache }
        let constraints = selection.flatMap { session.explain($0)?.constraints } ?? []
        constraintsCache = constraints
        return constraints
    }

    mutating func currentInspectorContent() -> InspectorContent {
        if let inspectorContent { return inspectorContent }
        let data = InspectorData.gather(from: session, selected: selection)
        let content = InspectorContent(data, focus: focus)
        inspectorContent = content
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
            problemCount: session.diagnostics.count, message: message, keys: keyHints,
            shortKeys: hasLinks ? "Enter open · ? keys · q quit" : "? keys · q quit")
    }

    var keyHints: String {
        var hints = ["Tab select"]
        if hasLinks { hints.append("Enter open") }
        if !history.isEmpty { hints.append("g back") }
        hints.append(inspectorVisible ? "i hide inspector" : "i inspector")
        hints += ["? keys", "q quit"]
        return hints.joined(separator: " · ")
    }
}
