import Cassowary
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

    var model: AppliedModel
    var solver = Solver()
    let terminalWidth = SolverVariable("terminal.width")
    let terminalHeight = SolverVariable("terminal.height")
    var registry = VariableRegistry()
    var specSlots: [ConstraintSlot] = []
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
        // The terminal's size is a strong preference, not a requirement: a spec that
        // insists on another screen size wins, and the difference is reported.
        let strong = SolverPriority(LayoutPriority.strong.value)
        try? solver.addEditVariable(terminalWidth, priority: strong)
        try? solver.addEditVariable(terminalHeight, priority: strong)
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
        var dirty = DirtyViews(count: views.count)
        clock.timing(.solve) {
            try? solver.suggestValue(terminalWidth, Double(newSize.width))
            try? solver.suggestValue(terminalHeight, Double(newSize.height))
        }
        report.applied = true
        if model.stylesheet.mediaSignature(width: newSize.width, height: newSize.height) != model.cascade.media {
            let next = restyled(model, clock: &clock)
            clock.timing(.solve) { applyChanges(to: next, documentChanged: false, dirty: &dirty, report: &report) }
        }
        clock.timing(.solve) { settle(&dirty, report: &report) }
        report.timings = clock.timings
        finish(&report)
        return report
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
        var dirty = DirtyViews(count: views.count)
        let next = restyled(model, clock: &clock)
        report.applied = true
        clock.timing(.solve) {
            applyChanges(to: next, documentChanged: false, dirty: &dirty, report: &report)
            settle(&dirty, report: &report)
        }
        report.timings = clock.timings
        finish(&report)
        return report
    }

    public func states(ofView id: String) -> [String] { viewStatesByID[id] ?? [] }

    // MARK: The reload pipeline

    private mutating func refresh(changed: [String]?) -> ReloadReport {
        var clock = StageClock()
        let firstLoad = !hasLoaded
        var report = ReloadReport(trigger: firstLoad ? .load : .reload)

        // Read: the spec and the stylesheets that changed (everything on load).
        var readSpec = changed == nil || latestSpec == nil
        var sheetTouched = changed == nil
        if changed == nil {
            sources = SourceFiles(reader: sources.reader)
        } else {
            let sheetPaths = latestSheet.files.map(\.path)
            var seen: Set<String> = []
            for path in changed! where seen.insert(path).inserted {
                if path == specPath {
                    readSpec = true
                } else if sheetPaths.contains(path) {
                    _ = sources.read(path, clock: &clock)
                    sheetTouched = true
                }
            }
        }
        if readSpec { readAndParseSpec(clock: &clock, report: &report) }
        let spec = latestSpec!
        let uses = spec.document.uses.map(\.resolvedPath)
        if sheetTouched || uses != latestSheetUses {
            loadStylesheets(uses, clock: &clock, report: &report)
        }

        let documentChanged = firstLoad || spec.text != model.specText || spec.readError != model.specReadError
        let sheetChanged = firstLoad || latestSheetVersion != model.sheetVersion
        guard documentChanged || sheetChanged else {
            report.timings = clock.timings
            report.diagnostics = diagnostics
            return report
        }

        let fileDiagnostics = Self.fileDiagnostics(spec: spec, sheet: latestSheet)
        if !firstLoad {
            let blocking = Self.newErrors(in: fileDiagnostics, comparedTo: model.fileDiagnostics)
            if !blocking.isEmpty {
                report.blockingErrors = blocking
                report.diagnostics = fileDiagnostics
                report.timings = clock.timings
                report.conflictCount = conflictRecords.count
                diagnostics = fileDiagnostics
                return report
            }
        }

        hasLoaded = true
        report.applied = true
        var next = AppliedModel(
            document: spec.document, specText: spec.text, specReadError: spec.readError,
            stylesheet: latestSheet, sheetVersion: latestSheetVersion, fileDiagnostics: fileDiagnostics,
            styledViews: model.styledViews, cascade: model.cascade, styles: model.styles)
        next = restyled(next, clock: &clock, force: sheetChanged)
        var dirty = DirtyViews(count: next.document.views.count)
        clock.timing(.solve) {
            applyChanges(to: next, documentChanged: documentChanged, dirty: &dirty, report: &report)
            settle(&dirty, report: &report)
        }
        report.timings = clock.timings
        finish(&report)
        return report
    }

    private mutating func readAndParseSpec(clock: inout StageClock, report: inout ReloadReport) {
        switch sources.read(specPath, clock: &clock) {
        case .success(let text):
            guard latestSpec?.text != text else { return }
            let document = clock.timing(.parse) { LayoutDocument(source: SourceText(path: specPath, text: text)) }
            latestSpec = ParsedSpec(text: text, document: document, readError: nil)
            report.parsedFiles.append(specPath)
        case .failure(let failure):
            let error = Diagnostic(
                .error, "cannot read spec '\(specPath)': \(failure)", at: SourceLocation(file: specPath, line: 1, column: 1))
            latestSpec = ParsedSpec(
                text: nil, document: LayoutDocument(source: SourceText(path: specPath, text: "")), readError: error)
        }
    }

    private mutating func loadStylesheets(_ uses: [String], clock: inout StageClock, report: inout ReloadReport) {
        let log = ReadLog()
        loader.reader = sources.stylesheetReader(log: log)
        let wall = ContinuousClock()
        let start = wall.now
        latestSheet = loader.load(uses)
        let took = wall.now - start
        sources.absorb(log, clock: &clock)
        clock.add(took - log.readTime, to: .parse)
        latestSheetUses = uses
        latestSheetVersion += 1
        report.parsedFiles += loader.parsedByLastLoad
    }

    /// The model with styles cascaded again when the stylesheet, the views or their
    /// states changed (or `force`), else the same styles.
    func restyled(_ base: AppliedModel, clock: inout StageClock, force: Bool = true) -> AppliedModel {
        var next = base
        let document = base.document
        let styled = Self.styledViews(document, states: viewStatesByID)
        let media = base.stylesheet.mediaSignature(width: size.width, height: size.height)
        guard force || styled != model.styledViews || media != model.cascade.media
            || document.views.count != model.styles.count
        else {
            next.styledViews = model.styledViews
            next.cascade = model.cascade
            next.styles = Self.effectiveStyles(model.cascade.styles, document)
            return next
        }
        next.styledViews = styled
        next.cascade = clock.timing(.cascade) { base.stylesheet.cascade(styled, media: media) }
        next.styles = Self.effectiveStyles(next.cascade.styles, document)
        return next
    }

    static func styledViews(_ document: LayoutDocument, states: [String: [String]]) -> [StyledView] {
        document.views.map { view in
            StyledView(
                kind: view.kind.rawValue, id: view.isGeneratedID ? nil : view.id, classes: view.classes,
                states: states[view.id] ?? [], parent: view.parent.flatMap { document.viewIndex[$0] })
        }
    }

    static func effectiveStyles(_ cascaded: [ComputedStyle], _ document: LayoutDocument) -> [ComputedStyle] {
        var styles = cascaded
        for (index, view) in document.views.enumerated() where view.title != nil {
            styles[index] = StyleValues.effective(cascaded[index], for: view)
        }
        return styles
    }

    /// The spec's and the stylesheets' diagnostics, sorted. A stylesheet that
    /// cannot be read is reported at the `use` line that names it.
    static func fileDiagnostics(spec: ParsedSpec, sheet: Stylesheet) -> [Diagnostic] {
        var result = spec.document.diagnostics
        if let error = spec.readError { result.append(error) }
        for var diagnostic in sheet.diagnostics {
            if diagnostic.location.line == 1, diagnostic.location.column == 1,
                diagnostic.message.hasPrefix("cannot read stylesheet"),
                let use = spec.document.uses.first(where: { $0.resolvedPath == diagnostic.location.file })
            {
                diagnostic.location = use.location
                diagnostic.excerpt = nil
            }
            result.append(diagnostic)
        }
        return result.sortedByLocation()
    }

    /// Errors in `diagnostics` that the applied files did not have (same file and
    /// message): these keep the last good layout. Errors the layout already had
    /// do not block, so a file with a standing error still reloads.
    static func newErrors(in diagnostics: [Diagnostic], comparedTo applied: [Diagnostic]) -> [Diagnostic] {
        var known: Set<String> = []
        for diagnostic in applied where diagnostic.severity == .error {
            known.insert(diagnostic.location.file + "\u{0}" + diagnostic.message)
        }
        return diagnostics.filter {
            $0.severity == .error && !known.contains($0.location.file + "\u{0}" + $0.message)
        }
    }

    /// Fills in what every report ends with.
    mutating func finish(_ report: inout ReloadReport) {
        report.conflictCount = conflictRecords.count
        if report.applied { diagnostics = (model.fileDiagnostics + engineDiagnostics()).sortedByLocation() }
        report.diagnostics = diagnostics
    }
}

/// The spec as last read.
struct ParsedSpec: Sendable {
    /// nil when the file could not be read.
    var text: String?
    var document: LayoutDocument
    var readError: Diagnostic?
}

/// What the layout on screen was built from.
struct AppliedModel: Sendable {
    var document: LayoutDocument
    var specText: String?
    var specReadError: Diagnostic?
    var stylesheet: Stylesheet
    var sheetVersion: Int
    var fileDiagnostics: [Diagnostic]
    var styledViews: [StyledView]
    var cascade: CascadeResult
    /// Effective styles (the spec's quoted strings on top), one per view.
    var styles: [ComputedStyle]
    /// The index of the view that owns each constraint.
    var constraintViews: [Int]

    init(
        document: LayoutDocument, specText: String?, specReadError: Diagnostic?, stylesheet: Stylesheet,
        sheetVersion: Int, fileDiagnostics: [Diagnostic], styledViews: [StyledView], cascade: CascadeResult,
        styles: [ComputedStyle], constraintViews: [Int]? = nil
    ) {
        self.document = document
        self.specText = specText
        self.specReadError = specReadError
        self.stylesheet = stylesheet
        self.sheetVersion = sheetVersion
        self.fileDiagnostics = fileDiagnostics
        self.styledViews = styledViews
        self.cascade = cascade
        self.styles = styles
        self.constraintViews = constraintViews ?? Self.constraintViews(of: document)
    }

    static func constraintViews(of document: LayoutDocument) -> [Int] {
        var owners = [Int](repeating: 0, count: document.constraints.count)
        for (index, view) in document.views.enumerated() {
            for constraint in view.constraintRange { owners[constraint] = index }
        }
        return owners
    }

    static func empty(specPath: String, stylesheet: Stylesheet) -> AppliedModel {
        AppliedModel(
            document: LayoutDocument(source: SourceText(path: specPath, text: "")), specText: nil,
            specReadError: nil, stylesheet: stylesheet, sheetVersion: -1, fileDiagnostics: [], styledViews: [],
            cascade: stylesheet.cascade([], width: 1, height: 1), styles: [])
    }
}
