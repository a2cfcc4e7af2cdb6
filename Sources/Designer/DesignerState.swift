import Cells
import LayoutEngine
import Presentation
import Stylesheet
import TerminalUI

/// The live designer without a terminal: one open spec in a `LayoutSession`,
/// the selection and inspector focus, the error drawer and the status line.
/// Feed it file changes, commands and sizes; ask it for frames. The event loop
/// (`LiveDesigner`) drives it from a terminal; tests drive it directly.
///
/// The stored properties are what the user sees and steers (screen state);
/// `caches` holds what is kept only to draw faster. By responsibility:
/// `+Loading` takes in loads, reloads and resizes, `+Commands` does what keys
/// and clicks ask, `+Gallery` follows links between specs, and `+Frame` draws.
///
///     var designer = DesignerState(specPath: "demo/boxes.layout", screen: TerminalSize(width: 80, height: 24))
///     designer.load()
///     designer.perform(.nextView)
///     let frame = designer.renderFrame()      // grids for the canvas, inspector, drawer, status line
public struct DesignerState {
    /// The loaded spec, stylesheets and solved layout.
    public internal(set) var session: LayoutSession
    /// The terminal's size (all panes).
    public internal(set) var screen: TerminalSize
    /// Reads the spec and its stylesheets: an editor's unsaved text where there is
    /// some (`unsaved`), else `savedReader`.
    public let reader: FileReader
    /// Reads the files as saved: the file system, or in-memory files for the gallery and tests.
    public let savedReader: FileReader
    /// Editors' unsaved text of files the designer reads, by path (the live preview).
    let unsaved = MemoryFiles()
    /// Shown after the spec's name (`built-in copy` for the embedded gallery).
    public var specNote: String?

    /// The selected view's id.
    public internal(set) var selection: String?
    /// Which part of the inspector the arrow keys move in: the view tree or a constraint.
    public internal(set) var focus: InspectorFocus = .tree
    /// Whether the inspector pane is shown.
    public internal(set) var inspectorVisible: Bool
    /// Columns the inspector asks for when shown.
    public internal(set) var inspectorWidth: Int
    /// Whether the drawer shows the key help instead of the errors.
    public internal(set) var showsHelp = false
    /// The errors to show in the drawer; nil when the files have none.
    public internal(set) var drawer: ErrorDrawer?
    /// What the last load, reload, resize or key did, for the status line.
    public internal(set) var outcome: ReloadOutcome?
    /// When a reload last changed the layout: a reload that changes nothing
    /// right after it is the same save seen twice (the watcher reports a
    /// finished save at once and the rest of its burst after a quiet period).
    var lastAppliedReload: ContinuousClock.Instant?
    /// A note about the last command, shown in the status line until the next change.
    public internal(set) var message: String?
    /// Specs opened before this one, for `back`.
    public internal(set) var history: [HistoryEntry] = []
    /// Set by the quit key; the event loop ends when it sees it.
    public internal(set) var wantsToQuit = false
    /// Set by Ctrl-L; the event loop clears it when it has repainted everything.
    public var wantsFullRepaint = false
    /// Bytes written by the last frame that changed the screen (the loop reports them).
    public var frameBytes: Int?

    /// Gallery links on show: view id to the spec it opens.
    var links: [String: String] = [:]
    /// Where the inspector's tree and details are scrolled to.
    var viewport = InspectorViewport()
    /// The next frame scrolls the inspector to keep the selection and focus in view.
    var followFocus = true
    /// Kept between frames to draw the next one faster, and what the last one showed.
    var caches = RenderCaches()

    /// A designer for the spec at `specPath` on a screen of `screen` cells; nothing is read until `load()`.
    public init(
        specPath: String, reader: FileReader = .fileSystem, screen: TerminalSize, inspectorVisible: Bool = false
    ) {
        savedReader = reader
        self.reader = unsaved.reader(over: reader)
        self.screen = screen
        self.inspectorVisible = inspectorVisible
        inspectorWidth = Self.defaultInspectorWidth(for: screen)
        let width = inspectorVisible ? inspectorWidth : nil
        session = LayoutSession(
            specPath: specPath, reader: self.reader, size: Self.layoutSize(screen: screen, inspectorWidth: width))
    }

    /// The inspector's starting width: two fifths of the screen, 30 to 60 columns.
    static func defaultInspectorWidth(for screen: TerminalSize) -> Int {
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
    public var layoutSize: TerminalSize {
        Self.layoutSize(screen: screen, inspectorWidth: inspectorVisible ? inspectorWidth : nil)
    }

    static func layoutSize(screen: TerminalSize, inspectorWidth: Int?) -> TerminalSize {
        let layout = PaneLayout(size: screen, inspectorWidth: inspectorWidth, drawerHeight: 0, showsStatusLine: true)
        return TerminalSize(width: layout.canvas.width, height: layout.canvas.height)
    }

    var drawerHeight: Int {
        let limit = max(3, (screen.height - 1) / 3)
        if showsHelp { return min(max(limit, (screen.height - 1) * 2 / 3), HelpDrawer.rows(width: screen.width).count) }
        return drawer?.requestedHeight(width: screen.width, limit: limit) ?? 0
    }

    /// Every file the open spec depends on (the watcher's set).
    public var watchedFiles: [String] { session.watchedFiles }
}
