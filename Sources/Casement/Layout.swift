import Diagnostics
import Canvas
import Cells
import LayoutEngine
import LayoutPainting
import LayoutSpec

/// A live layout of views built in code (and/or loaded from a `.layout` spec):
/// the same engine, stylesheets, diagnostics and renderers as the designer.
///
///     let layout = try Layout(root: root, stylesheets: ["app.cas"])
///     layout.resize(to: TerminalSize(width: 80, height: 24))
///     layout.frame(of: main)       // ViewFrame?
///     layout.diagnostics           // as `casement check` prints them
///     layout.render(format: .plain)
///
/// Changes to the views and rules are applied on the next read, by the same
/// identity diff the designer's reload uses: constants in place, other changes
/// removed and added again. A layout follows the changes inside its own trees
/// only. The views are shared with the code that built them: keep one `Layout`
/// per tree.
public final class Layout {
    deinit {
        for root in roots {
            root.layoutsHoldingAsRoot -= 1
            root.treeLetGo()
        }
    }

    /// The top-level views: the one given, or a spec's.
    public internal(set) var roots: [View] {
        // A root keeps its attachment (a widget) alive while a layout holds it (View.attachment).
        didSet {
            for root in roots { root.layoutsHoldingAsRoot += 1 }
            for root in oldValue { root.layoutsHoldingAsRoot -= 1; root.treeLetGo() }
        }
    }
    /// The first top-level view.
    public var root: View { roots[0] }
    /// What the last change applied to the solver did (constants updated in place, constraints added, …).
    public private(set) var lastReport: ReloadReport?

    var header: SpecHeader
    var session: LayoutSession
    /// The spec syntax last given to the engine, its views in order (the
    /// engine's `views` index for each), and the DSL's own warnings.
    private var lastBuilt: BuiltSpec?
    var order: [View] { lastBuilt?.order ?? [] }
    private var indexByView: [ObjectIdentifier: Int] = [:]
    /// How many times the tree's syntax was built, and how many of those
    /// rebuilt only the views that changed (tests count work with them).
    private(set) var buildCount = 0
    private(set) var patchCount = 0
    /// The roots' revisions and structures as last applied.
    private var appliedRevisions: [Int] = []
    private var appliedStructures: [Int] = []
    private var appliedStamps: [Int] = []
    /// For `Layout(spec:)`: the errors of a spec save that was not taken (the
    /// last good parse stays), shown until a good one.
    var blockedSpecErrors: [Diagnostic] = []
    /// Stylesheets served from memory (never watched).
    private var builtInPaths: Set<String> = []

    /// The path a tree built in code is known by (stylesheet paths resolve
    /// against the working directory, as from a spec there).
    static let codeSpecPath = "casement-swift.layout"

    /// A layout of `root` (a top-level view, usually a `.screen`) with optional
    /// stylesheets (paths as `use` would name them, relative to the working directory).
    public convenience init(
        root: View, stylesheets: [String] = [], size: TerminalSize = TerminalSize(width: 80, height: 24),
        file: String = #fileID, line: Int = #line, column: Int = #column
    ) throws(CasementError) {
        try self.init(root: root, builtIn: [:], stylesheets: stylesheets, size: size, file: file, line: line, column: column)
    }

    /// A layout of `root` whose first stylesheets are served from memory, by
    /// path, before `stylesheets` from disk (the app runtime's own defaults,
    /// which an app's sheets override); they are never watched.
    package init(
        root: View, builtIn: KeyValuePairs<String, String>, stylesheets: [String], size: TerminalSize,
        file: String, line: Int, column: Int
    ) throws(CasementError) {
        guard root.superview == nil else { throw .notTopLevel(root.name) }
        let here = CodeLocations.span(SourceLocation(file: file, line: line, column: column))
        header = SpecHeader(
            path: Self.codeSpecPath, uses: (builtIn.map(\.key) + stylesheets).map { UseSyntax(path: $0, span: here) },
            lets: [], parsed: nil)
        roots = [root]
        root.layoutsHoldingAsRoot += 1  // didSet does not run in an initializer
        let memory = Dictionary(builtIn.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        builtInPaths = Set(memory.keys)
        let reader = memory.isEmpty ? FileReader.fileSystem : FileReader { path in
            if let text = memory[path] { return text }
            return try FileReader.fileSystem.contents(of: path)
        }
        session = LayoutSession(specPath: Self.codeSpecPath, reader: reader, size: size)
        layoutIfNeeded()
    }

    /// A layout loaded from a `.layout` spec (with the stylesheets it uses); code
    /// may then change its views through `view(_:)`. Every error of the spec,
    /// syntax errors included, is in `diagnostics` at its line and column; it
    /// throws only when the file cannot be read or declares no view.
    public init(spec path: String, size: TerminalSize = TerminalSize(width: 80, height: 24)) throws(CasementError) {
        let text = try SpecImport.read(path)
        let syntax = SpecParser.parse(SourceText(path: path, text: text))
        let imported = SpecImport.views(of: syntax)
        guard !imported.roots.isEmpty else {
            // Nothing to lay out: the spec's first error says why, at its line.
            let error = syntax.diagnostics.first { $0.severity == .error }
            throw .noView(
                at: error?.location ?? SourceLocation(file: path, line: 1, column: 1),
                reason: error.map { "it declares no view: \($0.message)" } ?? "it declares no view")
        }
        roots = imported.roots
        for root in imported.roots { root.layoutsHoldingAsRoot += 1 }
        header = imported.header
        session = LayoutSession(specPath: path, size: size)
        layoutIfNeeded()
    }

    // MARK: Applying changes

    /// Applies the changes made to views and rules since the last read (every
    /// read does this first). Returns what changed, or nil when nothing did.
    @discardableResult
    public func layoutIfNeeded() -> ReloadReport? {
        let revisions = roots.map(\.subtreeRevision)
        guard revisions != appliedRevisions else { return nil }
        let structures = roots.map(\.structureRevision)
        let built: BuiltSpec
        // Only what changed is built again while the trees keep their shape
        // and no other layout built them since (one layout per tree).
        if structures == appliedStructures, roots.map(\.buildStamp) == appliedStamps, let last = lastBuilt {
            built = SyntaxBuilder.patch(last, roots: roots, header: header, index: indexByView)
            patchCount += 1
        } else {
            built = SyntaxBuilder.build(roots: roots, header: header)
            indexByView.removeAll(keepingCapacity: true)
            for (position, view) in built.order.enumerated() { indexByView[ObjectIdentifier(view)] = position }
        }
        buildCount += 1
        let report = session.apply(built: built.syntax)
        lastBuilt = built
        appliedStamps = roots.map(\.buildStamp)
        appliedRevisions = revisions
        appliedStructures = structures
        lastReport = report
        return report
    }

    // MARK: Reading

    /// The terminal size laid out for.
    public var size: TerminalSize { session.size }

    /// Lays out for a new terminal size (the screen's edit variables take it; no rebuild).
    @discardableResult
    public func resize(to size: TerminalSize) -> ReloadReport {
        layoutIfNeeded()
        let report = session.resize(to: size)
        lastReport = report
        return report
    }

    /// A view's frame in cells (absolute: the screen's top-left is 0, 0); nil for
    /// a view that is not in the layout.
    public func frame(of view: View) -> ViewFrame? {
        index(of: view).map { session.views[$0].frame }
    }

    /// A view's frame by id.
    public func frame(of id: String) -> ViewFrame? {
        layoutIfNeeded()
        return session.view(id)?.frame
    }

    /// Every laid-out view in tree order, with frames and computed styles.
    public var views: [ViewLayout] {
        layoutIfNeeded()
        return session.views
    }

    /// The view with this id, built in code or loaded from the spec.
    public func view(_ id: String) -> View? {
        for root in roots { if let found = root.view(id) { return found } }
        return nil
    }

    /// Everything `casement check` reports — the stylesheets' and the spec's
    /// errors, conflicts, broken preferences, ambiguity — plus the DSL's own
    /// warnings, each at the Swift line (or spec line) that wrote the rule.
    public var diagnostics: [Diagnostic] {
        layoutIfNeeded()
        var result = session.checkDiagnostics() + warnings + blockedSpecErrors
        if let note = drawingNote { result.append(note) }
        return result.sortedByLocation()
    }

    /// One frame as `casement render --format …` prints it (the same code). A
    /// layout larger than a million cells is drawn only in part: its top-left
    /// corner, at most a million cells (`diagnostics` says so); JSON is not drawn
    /// and describes all of it.
    public func render(format: RenderFormat = .plain, colors: ColorDepth = .trueColor) -> String {
        layoutIfNeeded()
        return LayoutOutput.render(&session, format: format, depth: colors, drawnSize: Self.drawnSize(of: session.size))
    }

    /// The most cells `render` draws, as the command line (a grid costs tens of bytes a cell).
    public static let maximumDrawnCells = 1_000_000

    /// The part of a layout `render` draws: all of it up to a million cells,
    /// else its top-left corner (full width up to 10,000 columns).
    static func drawnSize(of size: TerminalSize) -> TerminalSize {
        guard size.width.multipliedReportingOverflow(by: size.height).partialValue > maximumDrawnCells
            || size.width.multipliedReportingOverflow(by: size.height).overflow
        else { return size }
        let width = min(size.width, 10_000)
        return TerminalSize(width: width, height: min(size.height, maximumDrawnCells / max(1, width)))
    }

    private var drawingNote: Diagnostic? {
        let drawn = Self.drawnSize(of: session.size)
        guard drawn != session.size else { return nil }
        return Diagnostic(.warning, .engineOffCanvas,
            "the layout is \(session.size) cells; render draws only its top-left \(drawn) (at most a million cells)",
            at: root.location, hint: "JSON (render(format: .json)) describes every view at any size")
    }

    /// `casement explain`'s text for a view: its constraints with their lines,
    /// its flags and where each style value came from; nil for a view not laid out.
    public func explain(_ view: View) -> String? {
        guard let index = index(of: view) else { return nil }
        return explain(session.views[index].id)
    }

    /// `casement explain` for a view id.
    public func explain(_ id: String) -> String? {
        layoutIfNeeded()
        return session.explain(id)?.formatted()
    }

    /// Sets a view's live states (`selected`, `focused`, …) so `[state:…]` styles apply.
    @discardableResult
    public func setStates(_ states: [String], of view: View) -> ReloadReport? {
        guard let index = index(of: view) else { return nil }
        return session.setStates(states, ofView: session.views[index].id)
    }

    /// Re-reads the stylesheets (and the files they import) and applies what
    /// changed: style values in rules update constants in place. A stylesheet
    /// with new errors is not taken (`blockingErrors`); the last good one stays.
    @discardableResult
    public func reloadStylesheets() -> ReloadReport {
        layoutIfNeeded()
        let sheets = session.watchedFiles.filter { $0 != session.specPath }
        let report = session.reload(changedFiles: sheets)
        lastReport = report
        return report
    }

    /// The files on disk this layout reads — its stylesheets and the files they
    /// import, and the spec for `Layout(spec:)` — for a watcher (dev mode).
    public var watchedFiles: [String] {
        layoutIfNeeded()
        return session.watchedFiles.filter { $0 != Self.codeSpecPath && !builtInPaths.contains($0) }
    }

    /// The stylesheets the layout uses (the spec's `use` lines, or those given
    /// in code), spelled as `watchedFiles` spells them; not the files they import.
    public var stylesheets: [String] {
        layoutIfNeeded()
        return session.document.uses.map(\.resolvedPath).filter { !builtInPaths.contains($0) }
    }

    /// The layout as a `.layout` spec: the tree built in code (and the spec it
    /// was loaded from), one constraint per line. An export, for the designer
    /// or a file: the engine is given the views directly, not this text.
    public var writtenSpec: String {
        layoutIfNeeded()
        return lastBuilt.map { SpecExport.text(of: $0.syntax, header: header) } ?? ""
    }

    /// The DSL's own warnings, view by view in tree order.
    private var warnings: [Diagnostic] {
        guard let built = lastBuilt, !built.warnings.isEmpty else { return [] }
        return built.order.flatMap { built.warnings[ObjectIdentifier($0)] ?? [] }
    }

    /// The engine's index of a view, after applying what changed.
    func index(of view: View) -> Int? {
        layoutIfNeeded()
        return indexByView[ObjectIdentifier(view)]
    }
}

/// What `Layout`'s initialisers and `distribute` throw.
public enum CasementError: Error, Equatable, CustomStringConvertible {
    /// The root given has a superview.
    case notTopLevel(String)
    /// The spec file could not be read.
    case unreadableSpec(path: String, reason: String)
    /// `distribute` was given no views, or views in different superviews.
    case cannotDistribute(at: SourceLocation, reason: String)
    /// The spec declares no view at all (at its first error, if it has one).
    case noView(at: SourceLocation, reason: String)

    /// One line, as the command line prints errors.
    public var description: String {
        switch self {
        case .notTopLevel(let view): "view '\(view)' is inside another view; lay out its top-level view"
        case .unreadableSpec(let path, let reason): "cannot read spec '\(path)': \(reason)"
        case .cannotDistribute(let location, let reason): "\(location): error: distribute: \(reason)"
        case .noView(let location, let reason): "\(location): error: \(reason)"
        }
    }
}
