import LayoutPainting
import Cells
import Canvas
import LayoutEngine

/// A live layout of views built in code (and/or loaded from a `.layout` spec):
/// the same engine, stylesheets, diagnostics and renderers as the designer.
///
///     var layout = try Layout(root: root, stylesheets: ["app.cas"])
///     layout.resize(to: TerminalSize(width: 80, height: 24))
///     layout.frame(of: main)       // ViewFrame?
///     layout.diagnostics           // as `casement check` prints them
///     layout.render(format: .plain)
///
/// Changes to the views and rules are applied on the next read, by the same
/// identity diff the designer's reload uses: constants in place, other changes
/// removed and added again. The views are references shared with the code that
/// built them: keep one `Layout` per tree.
public struct Layout {
    /// The top-level views: the one given, or a spec's.
    public let roots: [View]
    /// The first top-level view.
    public var root: View { roots[0] }
    /// The written spec's path (the spec file's own, for `Layout(spec:)`).
    let specPath: String
    let files: MemoryFiles
    let reader: FileReader
    var session: LayoutSession
    let uses: [String]
    let usesLocation: SourceLocation
    let header: [SpecStatement]
    var written = WrittenSpec()
    var appliedRevision = -1
    var indexByView: [ObjectIdentifier: Int] = [:]
    /// What the last change applied to the solver did (constants updated in place, constraints added, …).
    public private(set) var lastReport: ReloadReport?

    /// A layout of `root` (a top-level view, usually a `.screen`) with optional
    /// stylesheets (paths as `use` would name them, relative to the working directory).
    public init(
        root: View, stylesheets: [String] = [], size: TerminalSize = TerminalSize(width: 80, height: 24),
        file: String = #fileID, line: Int = #line, column: Int = #column
    ) throws {
        guard root.superview == nil else { throw CasementError.notTopLevel(root.id ?? root.kind.rawValue) }
        self.init(
            roots: [root], specPath: "casement-swift.layout", uses: stylesheets,
            usesLocation: SourceLocation(file: file, line: line, column: column), header: [], size: size)
    }

    /// A layout loaded from a `.layout` spec (with the stylesheets it uses); code
    /// may then change its views through `view(_:)`.
    public init(spec path: String, size: TerminalSize = TerminalSize(width: 80, height: 24)) throws {
        let imported = try SpecImport.load(path)
        self.init(
            roots: imported.roots, specPath: path, uses: [], usesLocation: SourceLocation(file: path, line: 1, column: 1),
            header: imported.header, size: size)
    }

    init(roots: [View], specPath: String, uses: [String], usesLocation: SourceLocation, header: [SpecStatement], size: TerminalSize) {
        self.roots = roots
        self.specPath = specPath
        self.uses = uses
        self.usesLocation = usesLocation
        self.header = header
        let files = MemoryFiles()
        self.files = files
        reader = FileReader { path in
            if path == specPath, let text = files[path] { return text }
            return try FileReader.fileSystem.contents(of: path)
        }
        session = LayoutSession(specPath: specPath, reader: reader, size: size)
        layoutIfNeeded()
    }

    // MARK: Applying changes

    /// Applies the changes made to views and rules since the last read (every
    /// read does this first). Returns what changed, or nil when nothing did.
    @discardableResult
    public mutating func layoutIfNeeded() -> ReloadReport? {
        let revision = Revision.current
        guard revision != appliedRevision else { return nil }
        appliedRevision = revision
        let next = SpecWriter.write(roots: roots, uses: uses, usesLocation: usesLocation, header: header)
        let firstLoad = written.origins.isEmpty
        guard firstLoad || next.text != written.text else {
            written = next
            return nil
        }
        written = next
        files[specPath] = next.text
        var report = firstLoad ? session.load() : session.reload(changedFiles: [specPath])
        if !report.blockingErrors.isEmpty {
            // The designer keeps the last good layout while a file has new errors;
            // a program wants what it wrote, so load it afresh: bad rules are left out.
            session = LayoutSession(specPath: specPath, reader: reader, size: session.size)
            report = session.load()
        }
        indexViews()
        lastReport = report
        return report
    }

    private mutating func indexViews() {
        indexByView.removeAll(keepingCapacity: true)
        let order = written.order
        let positional = order.count == session.views.count
            && zip(order, session.views).allSatisfy { view, laid in view.id == nil || view.id == laid.id }
        for (position, view) in order.enumerated() {
            if positional {
                indexByView[ObjectIdentifier(view)] = position
            } else if let id = view.id, let index = session.viewIndex(of: id) {
                indexByView[ObjectIdentifier(view)] = index
            }
        }
    }

    var locations: LocationMap { LocationMap(specPath: specPath, origins: written.origins) }

    // MARK: Reading

    /// The terminal size laid out for.
    public var size: TerminalSize { session.size }

    /// Lays out for a new terminal size (the screen's edit variables take it; no rebuild).
    @discardableResult
    public mutating func resize(to size: TerminalSize) -> ReloadReport {
        layoutIfNeeded()
        return session.resize(to: size)
    }

    /// A view's frame in cells (absolute: the screen's top-left is 0, 0); nil for
    /// a view that is not in the layout.
    public mutating func frame(of view: View) -> ViewFrame? {
        layoutIfNeeded()
        return indexByView[ObjectIdentifier(view)].map { session.views[$0].frame }
    }

    /// A view's frame by id.
    public mutating func frame(of id: String) -> ViewFrame? {
        layoutIfNeeded()
        return session.view(id)?.frame
    }

    /// Every laid-out view in tree order, with frames and computed styles.
    public var views: [ViewLayout] {
        mutating get {
            layoutIfNeeded()
            let map = locations
            return session.views.map { view in
                var copy = view
                copy.location = map.map(view.location)
                return copy
            }
        }
    }

    /// The view with this id, built in code or loaded from the spec.
    public func view(_ id: String) -> View? {
        for root in roots { if let found = root.view(id) { return found } }
        return nil
    }

    /// Everything `casement check` reports — the stylesheets' errors, conflicts,
    /// broken preferences, ambiguity — plus the DSL's own warnings, each at the
    /// Swift line (or spec line) that wrote the rule.
    public var diagnostics: [Diagnostic] {
        mutating get {
            layoutIfNeeded()
            let map = locations
            let engine = session.checkDiagnostics().map(map.map)
            return (engine + written.warnings).sortedByLocation()
        }
    }

    /// One frame as `casement render --format …` prints it (the same code).
    public mutating func render(format: RenderFormat = .plain, colors: ColorDepth = .trueColor) -> String {
        layoutIfNeeded()
        let map = locations
        return LayoutOutput.render(&session, format: format, depth: colors) { map.map(&$0) }
    }

    /// `casement explain`'s text for a view: its constraints with their lines,
    /// its flags and where each style value came from; nil for a view not laid out.
    public mutating func explain(_ view: View) -> String? {
        layoutIfNeeded()
        guard let index = indexByView[ObjectIdentifier(view)] else { return nil }
        return explain(session.views[index].id)
    }

    /// `casement explain` for a view id.
    public mutating func explain(_ id: String) -> String? {
        layoutIfNeeded()
        guard var explanation = session.explain(id) else { return nil }
        locations.map(&explanation)
        return explanation.formatted()
    }

    /// Sets a view's live states (`selected`, `focused`, …) so `[state:…]` styles apply.
    @discardableResult
    public mutating func setStates(_ states: [String], of view: View) -> ReloadReport? {
        layoutIfNeeded()
        guard let index = indexByView[ObjectIdentifier(view)] else { return nil }
        return session.setStates(states, ofView: session.views[index].id)
    }

    /// Re-reads the stylesheets (and the files they import) and applies what
    /// changed: style values in rules update constants in place.
    @discardableResult
    public mutating func reloadStylesheets() -> ReloadReport {
        layoutIfNeeded()
        let sheets = session.watchedFiles.filter { $0 != specPath }
        let report = session.reload(changedFiles: sheets)
        lastReport = report
        return report
    }

    /// The files on disk this layout reads — its stylesheets and the files they
    /// import, and the spec for `Layout(spec:)` — for a watcher (dev mode).
    public var watchedFiles: [String] {
        mutating get {
            layoutIfNeeded()
            return session.watchedFiles.filter { $0 != "casement-swift.layout" }
        }
    }

    /// The `.layout` text the engine was given: what code built, as a spec.
    public var writtenSpec: String {
        mutating get {
            layoutIfNeeded()
            return written.text
        }
    }
}

/// What `Layout`'s initialisers throw.
public enum CasementError: Error, Equatable, CustomStringConvertible {
    /// The root given has a superview.
    case notTopLevel(String)
    /// The spec file could not be read.
    case unreadableSpec(path: String, reason: String)

    /// One line, as the command line prints errors.
    public var description: String {
        switch self {
        case .notTopLevel(let view): "view '\(view)' is inside another view; lay out its top-level view"
        case .unreadableSpec(let path, let reason): "cannot read spec '\(path)': \(reason)"
        }
    }
}
