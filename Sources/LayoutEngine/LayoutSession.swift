import Cassowary
import Cells
import Diagnostics
import LayoutSpec
import Stylesheet

/// A live layout: one spec, the stylesheets it uses, a terminal size, and the
/// solver that keeps them laid out. The designer keeps one per open spec and
/// drives it with `reload(changedFiles:)`, `resize(to:)` and `setStates(_:ofView:)`;
/// the command line loads one, reads it, and exits.
///
///     var session = LayoutSession(specPath: "demo/boxes.layout", size: TerminalSize(width: 80, height: 24))
///     session.load()
///     for view in session.views { print(view.id, view.frame) }
///     // … the editor saved styles/boxes.cas …
///     let report = session.reload(changedFiles: ["styles/boxes.cas"])
///     report.changedViews   // repaint these
///
/// Nothing is fatal: a bad file keeps the last good layout, a conflict breaks
/// one constraint, and there are always frames.
public struct LayoutSession: Sendable {
    /// The spec's path, as given.
    public let specPath: String
    public private(set) var size: TerminalSize

    var sources: SourceFiles
    var loader: StylesheetLoader
    /// The spec's latest text and parse, applied or not.
    var latestSpec: ParsedSpec?
    /// The stylesheets as last loaded, applied or not, and for which `use` paths.
    var latestSheet: Stylesheet
    var latestSheetUses: [String] = []
    var latestSheetVersion = 0
    /// A stylesheet changed while the spec could not be read.
    var stylesheetsStale = false

    var model: AppliedModel
    var solver = Solver()
    let terminalWidth = SolverVariable("terminal.width")
    let terminalHeight = SolverVariable("terminal.height")
    var registry = VariableRegistry()
    var specSlots: [ConstraintSlot] = []
    var pool = ConstraintPool()
    var viewStates: [ViewState] = []
    public internal(set) var views: [ViewLayout] = []
    var conflictRecords: [ConflictRecord] = []
    /// Counts applied changes; constraints remember the one that last touched them.
    var generation = 0
    var viewStatesByID: [String: [String]] = [:]
    var alternative: AlternativeLayout?
    var queries = QueryCache()
    /// Solver constraint to engine constraint, built when first needed.
    var owners: [SolverConstraint: ConstraintRef]?
    var hasLoaded = false
    /// True while `diagnostics` shows the errors of files that were not applied.
    var isShowingBlockedErrors = false
    /// The diagnostics of the last load or reload (files and engine), sorted.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// A session on a spec; nothing is read until `load()`. `reader` serves the
    /// spec and every stylesheet (inject one in tests, or to read from an editor's buffers).
    public init(specPath: String, reader: FileReader = .fileSystem, size: TerminalSize) {
        self.specPath = specPath
        self.size = size
        sources = SourceFiles(reader: reader)
        loader = StylesheetLoader(reader: reader)
        latestSheet = loader.load([])
        model = AppliedModel.empty(specPath: specPath, stylesheet: latestSheet)
        // The terminal's size is the strongest preference, not a requirement: a spec
        // whose required constraints need another screen size wins (the layout
        // overflows), and the difference is reported.
        try? solver.addEditVariable(terminalWidth, priority: Self.terminalPriority)
        try? solver.addEditVariable(terminalHeight, priority: Self.terminalPriority)
        try? solver.suggestValue(terminalWidth, Double(size.width))
        try? solver.suggestValue(terminalHeight, Double(size.height))
    }

    // MARK: Reading the result

    /// The compiled spec the layout shows (the last good one).
    public var document: LayoutDocument { model.document }

    /// The stylesheets the layout shows (the last good ones).
    public var stylesheet: Stylesheet { model.stylesheet }

    /// The cascade behind `views`' styles, for provenance.
    public var cascade: CascadeResult { model.cascade }

    public func viewIndex(of id: String) -> Int? { model.document.viewIndex[id] }

    public func view(_ id: String) -> ViewLayout? { viewIndex(of: id).map { views[$0] } }

    /// Every file the layout depends on: the spec, then every stylesheet it uses
    /// and every file those import (missing ones too, so creating one is noticed).
    /// Spelled as `reload(changedFiles:)` expects them.
    public var watchedFiles: [String] {
        var files = [specPath]
        for file in latestSheet.files where !files.contains(file.path) { files.append(file.path) }
        return files
    }

    // MARK: Loading

    /// Reads and applies everything. The first load applies whatever it can, errors or not.
    @discardableResult
    public mutating func load() -> ReloadReport {
        refresh(changed: nil)
    }

    /// Re-reads the files that changed (paths as `watchedFiles` spells them;
    /// others are ignored), re-parses only those, and applies the difference: a
    /// constant edit updates constants in place, anything else removes and adds only
    /// the constraints concerned. When the files have errors the last good layout
    /// did not have, nothing is applied and the report lists them.
    @discardableResult
    public mutating func reload(changedFiles: [String]) -> ReloadReport {
        refresh(changed: changedFiles)
    }

    /// A new terminal size: the screen's edit variables take it (no rebuild). When
    /// the stylesheets' `@media` blocks switch, the styles are cascaded again and
    /// only the constraints whose style values changed are updated.
    @discardableResult
    public mutating func resize(to newSize: TerminalSize) -> ReloadReport {
        var report = ReloadReport(trigger: .resize)
        guard newSize != size else { return report }
        var clock = StageClock()
        size = newSize
        dropAlternative()
        clock.timing(.solve) {
            try? solver.suggestValue(terminalWidth, Double(newSize.width))
            try? solver.suggestValue(terminalHeight, Double(newSize.height))
        }
        report.applied = true
        let mediaSwitched =
            model.stylesheet.mediaSignature(width: newSize.width, height: newSize.height) != model.cascade.media
        var next: AppliedModel?
        var lowered: AppliedModel?
        if mediaSwitched {
            next = restyled(model, clock: &clock)
            lowered = relowered(next!, clock: &clock)
        }
        complete(applying: lowered ?? next, documentChanged: lowered != nil, clock: &clock, report: &report)
        return report
    }

    @discardableResult
    public mutating func resize(width: Int, height: Int) -> ReloadReport {
        resize(to: TerminalSize(width: width, height: height))
    }

    /// Sets a view's live states (`selected`, `focused`, …) so `[state:…]` styles
    /// apply to it; re-cascades and applies what changed.
    @discardableResult
    public mutating func setStates(_ states: [String], ofView id: String) -> ReloadReport {
        var report = ReloadReport(trigger: .states)
        guard states != self.states(ofView: id) else { return report }
        viewStatesByID[id] = states.isEmpty ? nil : states
        guard hasLoaded, viewIndex(of: id) != nil else { return report }
        var clock = StageClock()
        let next = restyled(model, clock: &clock)
        report.applied = true
        let lowered = relowered(next, clock: &clock)
        complete(applying: lowered ?? next, documentChanged: lowered != nil, clock: &clock, report: &report)
        return report
    }

    public func states(ofView id: String) -> [String] { viewStatesByID[id] ?? [] }
}
