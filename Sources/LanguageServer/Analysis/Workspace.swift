import Cells
import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LayoutSpec
import Stylesheet

// Every call into the engine lives in this folder (Workspace and its
// extensions), so a change of the engine's API touches only these files.

/// The analysis of the open documents: one live `LayoutSession` per open spec
/// (re-read incrementally on every change, as the designer does), and a loaded
/// stylesheet for each open `.cas` file no open spec uses. Used from one thread
/// (the server's analysis queue) only.
final class Workspace: @unchecked Sendable {
    let files: OverlayFiles
    private(set) var size: TerminalSize
    private(set) var sessions: [String: LayoutSession] = [:]
    /// `checkDiagnostics()` of each session, as of the last refresh.
    private var checked: [String: [Diagnostic]] = [:]
    /// Open stylesheets no open spec uses, loaded on their own.
    private var looseSheets: [String: Stylesheet] = [:]
    /// The document versions the analysis reflects.
    private(set) var versions: [String: Int] = [:]
    /// The workspace folder, where specs that use an open stylesheet are looked for.
    var root: String?
    /// A size of a spec's own (a running designer's), over `size`.
    var sizeForSpec: @Sendable (String) -> TerminalSize? = { _ in nil }
    /// Specs found under `root`, each with every stylesheet file it reads; found
    /// again when a document is opened or closed.
    private var discovered: [String: Set<String>]?
    private var lastOpen = Set<String>()
    /// At most this many specs on disk are analysed for one open stylesheet.
    static let backgroundSpecLimit = 8

    init(disk: StylesheetReader = .fileSystem, width: Int = 80, height: Int = 24) {
        files = OverlayFiles(disk: disk)
        size = TerminalSize(width: width, height: height)
    }

    static func isSpec(_ path: String) -> Bool { path.hasSuffix(".layout") }
    static func isStylesheet(_ path: String) -> Bool { path.hasSuffix(".cas") }

    /// Brings the analysis up to the given buffers: loads a session for a newly
    /// opened spec (and for the specs on disk that use an open stylesheet no open
    /// spec uses), reloads sessions whose files changed, drops the rest.
    /// Nothing is done when no buffer changed.
    func refresh(_ documents: [String: TextDocument]) {
        let changed = files.update(documents.mapValues(\.text))
        versions = documents.mapValues(\.version)
        openPaths = Set(documents.keys)
        guard !changed.isEmpty else { return }
        let wanted = specsToAnalyse(documents, openSetChanged: Set(documents.keys) != lastOpen)
        lastOpen = Set(documents.keys)
        for path in sessions.keys where !wanted.contains(path) {
            sessions[path] = nil
            checked[path] = nil
        }
        for path in wanted.sorted() {
            if let watched = sessions[path]?.watchedFiles {
                let relevant = changed.filter { watched.contains($0) }
                guard !relevant.isEmpty else { continue }
                update(path) { $0.reload(changedFiles: relevant) }
            } else {
                var session = LayoutSession(specPath: path, reader: files.reader, size: sizeForSpec(path) ?? size)
                // A buffer's diagnostics are about the buffer: a reload with errors
                // is applied as `check` would, not held back for the last good layout.
                session.appliesFilesWithErrors = true
                session.load()
                checked[path] = session.checkDiagnostics()
                sessions[path] = session
            }
        }
        looseSheets = [:]
        for path in documents.keys.sorted() where Self.isStylesheet(path) && specs(using: path).isEmpty {
            var loader = StylesheetLoader(reader: files.reader)
            looseSheets[path] = loader.load([path])
        }
    }

    /// Every spec the analysis knows, with the stylesheets it reads: the analysed
    /// ones, and those found under the workspace folder.
    func knownSpecs() -> [String: Set<String>] {
        if discovered == nil, let root { discovered = SpecDiscovery.specs(under: root, files: files) }
        var result = discovered ?? [:]
        for (path, session) in sessions { result[path] = Set(session.watchedFiles.filter(Self.isStylesheet)) }
        return result
    }

    /// Every stylesheet of the workspace: those under the workspace folder, those
    /// the analysed specs read, and the open ones (`open`).
    func allStylesheets<Paths: Sequence<String>>(including open: Paths) -> [String] {
        var result = Set(open.filter(Self.isStylesheet))
        for session in sessions.values { result.formUnion(session.watchedFiles.filter(Self.isStylesheet)) }
        if let root {
            for relative in SpecDiscovery.walk(root) where Self.isStylesheet(relative) { result.insert(root + "/" + relative) }
        }
        return result.sorted()
    }

    /// Files changed on disk (`workspace/didChangeWatchedFiles`, or the server's own
    /// watcher): the sessions that read one of them and are not shadowed by an open
    /// buffer reload; specs are discovered again. Returns whether anything reloaded.
    @discardableResult
    func diskChanged(_ paths: [String], open: Set<String>) -> Bool {
        discovered = nil
        let changed = Set(paths).subtracting(open)
        guard !changed.isEmpty else { return false }
        var reloaded = false
        for path in sessions.keys.sorted() {
            let relevant = sessions[path]!.watchedFiles.filter { changed.contains($0) }
            guard !relevant.isEmpty else { continue }
            update(path) { $0.reload(changedFiles: relevant) }
            reloaded = true
        }
        for path in looseSheets.keys.sorted() where changed.contains(where: { looseSheets[path]!.files.map(\.path).contains($0) }) {
            var loader = StylesheetLoader(reader: files.reader)
            looseSheets[path] = loader.load([path])
            reloaded = true
        }
        return reloaded
    }

    /// Lays every spec out at a new size (the hover, the inlay hints and the
    /// diagnostics follow); `size(for:)` may give a spec a size of its own.
    func resize(default newSize: TerminalSize, perSpec size: (String) -> TerminalSize?) {
        self.size = newSize
        for path in sessions.keys.sorted() {
            let wanted = size(path) ?? newSize
            guard sessions[path]!.size != wanted else { continue }
            update(path) { $0.resize(to: wanted) }
        }
    }

    /// Changes one analysed spec's session and keeps what `check` says of it.
    private func update(_ path: String, _ change: (inout LayoutSession) -> Void) {
        // Out of the dictionary while it changes, so its arrays are not copied.
        var session = sessions.removeValue(forKey: path)!
        change(&session)
        checked[path] = session.checkDiagnostics()
        sessions[path] = session
        useFiles[path] = nil
    }

    /// The files the analysis reads from disk: everything the analysed specs and
    /// loose stylesheets read, less the open buffers.
    func filesReadFromDisk(open: Set<String>) -> Set<String> {
        var result = Set<String>()
        for session in sessions.values { result.formUnion(session.watchedFiles) }
        for sheet in looseSheets.values { result.formUnion(sheet.files.map(\.path)) }
        return result.subtracting(open)
    }

    /// The size a spec is laid out at.
    func size(ofSpec path: String) -> TerminalSize { sessions[path]?.size ?? size }

    /// The open specs whose layout reads `path` (the spec itself, a stylesheet or an import).
    func specs(using path: String) -> [String] {
        sessions.keys.sorted().filter { sessions[$0]!.watchedFiles.contains(path) }
    }

    /// Where a diagnostic shows in a document other than the file it is about.
    enum Placement: Hashable {
        /// In its own file.
        case here
        /// At the top of a stylesheet: an engine diagnostic of a spec that uses it.
        case top(spec: String)
        /// On a spec's line (a `use` line, 1-based): a diagnostic of a stylesheet
        /// the spec reads that is not open in the editor.
        case line(Int)
    }

    /// Everything to show in one open document: for a spec, what `casement check`
    /// prints for it, with the errors and warnings of the stylesheets it reads that
    /// are not open shown on the `use` line that brings them in; for a stylesheet,
    /// its own diagnostics, plus the engine's diagnostics of the open specs that use it.
    func diagnostics(for path: String) -> [(diagnostic: Diagnostic, placement: Placement)] {
        if let sheet = looseSheets[path] {
            return sheet.diagnostics.filter { $0.location.file == path }.map { ($0, .here) }
        }
        var result: [(diagnostic: Diagnostic, placement: Placement)] = []
        let users = specs(using: path)
        // Several specs reading one stylesheet report its diagnostics once each; one
        // spec needs no de-duplication (hashing hundreds of diagnostics per keystroke).
        var seen = Set<Diagnostic>()
        for spec in users {
            var fromEngine = 0
            var relayed = 0
            for diagnostic in checked[spec] ?? [] {
                let file = diagnostic.location.file
                if file == path {
                    if users.count == 1 || seen.insert(diagnostic).inserted { result.append((diagnostic, .here)) }
                } else if Self.isStylesheet(path), diagnostic.origin == .engine, fromEngine < Self.relayedLimit {
                    fromEngine += 1
                    result.append((diagnostic, .top(spec: spec)))
                } else if spec == path, !openPaths.contains(file), diagnostic.severity != .note, relayed < Self.relayedLimit {
                    relayed += 1
                    result.append((diagnostic, .line(useLine(bringing: file, into: spec))))
                }
            }
        }
        return result
    }

    /// The paths open in the editor, as of the last refresh.
    private var openPaths = Set<String>()
    /// Per spec, each `use` line with the files it reads (it and its imports).
    private var useFiles: [String: [(line: Int, files: Set<String>)]] = [:]

    /// The `use` line of a spec that reads `file` (directly or through imports); the
    /// first `use` line when none does, else line 1.
    func useLine(bringing file: String, into spec: String) -> Int {
        if useFiles[spec] == nil, let document = sessions[spec]?.document {
            useFiles[spec] = document.uses.filter { $0.location.file == spec }.map { use in
                var loader = StylesheetLoader(reader: files.reader)
                return (use.location.line, Set(loader.load([use.resolvedPath]).files.map(\.path)).union([use.resolvedPath]))
            }
        }
        let uses = useFiles[spec] ?? []
        return (uses.first { $0.files.contains(file) } ?? uses.first)?.line ?? 1
    }

    /// How many engine diagnostics of one spec a stylesheet shows.
    static let relayedLimit = 50

    /// The loaded stylesheet that holds `path`: from a session using it, or loaded alone.
    func stylesheet(containing path: String) -> Stylesheet? {
        if let sheet = looseSheets[path] { return sheet }
        return specs(using: path).first.map { sessions[$0]!.stylesheet }
    }

    /// The compiled spec of an open spec.
    func document(ofSpec path: String) -> LayoutDocument? { sessions[path]?.document }

    /// The solved views of an open spec, in tree order.
    func views(ofSpec path: String) -> [ViewLayout] { sessions[path]?.views ?? [] }

    /// A solved view of an open spec.
    func view(_ id: String, inSpec path: String) -> ViewLayout? { sessions[path]?.view(id) }

    /// The explanation of a view in an open spec (frame, flags, constraints with status).
    func explain(view id: String, inSpec path: String) -> ViewExplanation? {
        sessions[path]?.explain(id)
    }

    /// For each view of each open spec using `path`, the cascade's winner and
    /// losers for every property.
    func provenance(usingStylesheet path: String) -> [(spec: String, view: String, entries: [PropertyProvenance])] {
        var result: [(spec: String, view: String, entries: [PropertyProvenance])] = []
        for spec in specs(using: path) {
            let session = sessions[spec]!
            for (index, view) in session.views.enumerated() {
                result.append((spec, view.id, session.cascade.provenance(ofView: index)))
            }
        }
        return result
    }

    /// The stylesheet declaration that gave a view a style value a rule reads
    /// (`$margin-left`), or nil when no rule sets it or the name is not a property.
    func styleSource(ofView id: String, property name: String, inSpec path: String) -> AppliedDeclaration? {
        guard let session = sessions[path], let index = session.viewIndex(of: id),
            let property = StyleProperty(rawValue: name)
        else { return nil }
        return session.cascade.provenance(ofView: index, property: property)?.winner
    }

    /// The open specs, and for each open stylesheet no open spec reads, the specs
    /// under the workspace folder that read it (their engine diagnostics show in it).
    private func specsToAnalyse(_ documents: [String: TextDocument], openSetChanged: Bool) -> Set<String> {
        var wanted = Set(documents.keys.filter(Self.isSpec))
        let sheets = documents.keys.filter(Self.isStylesheet).sorted()
        guard let root, !sheets.isEmpty else { return wanted }
        if discovered == nil || openSetChanged { discovered = SpecDiscovery.specs(under: root, files: files) }
        for sheet in sheets {
            let readByOpenSpec = wanted.contains { sessions[$0]?.watchedFiles.contains(sheet) ?? false }
            guard !readByOpenSpec else { continue }
            let users = (discovered ?? [:]).filter { $0.value.contains(sheet) }.keys.sorted()
            wanted.formUnion(users.prefix(Self.backgroundSpecLimit))
        }
        return wanted
    }
}

/// Finds the `.layout` files under a folder and the stylesheet files each reads
/// (its `use` files and everything they import).
enum SpecDiscovery {
    static let fileLimit = 400

    static func specs(under root: String, files: OverlayFiles) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for relative in walk(root) {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            guard Workspace.isSpec(name) else { continue }
            let path = root + "/" + relative
            guard let text = files.text(path) else { continue }
            let uses = useTargets(in: text, specPath: path)
            guard !uses.isEmpty else { continue }
            var loader = StylesheetLoader(reader: files.reader)
            result[path] = Set(loader.load(uses).files.map(\.path)).union(uses)
        }
        return result
    }

    /// The paths under `root`, relative to it: a folder's names (sorted)
    /// before what its folders hold, leaving out hidden names and
    /// `node_modules`; at most `fileLimit` of them.
    static func walk(_ root: String) -> [String] {
        var found: [String] = []
        var folders: [String] = [""]  // relative paths still to list, the next one last
        let files = FileManager.default
        while let folder = folders.popLast(), found.count < fileLimit {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? files.contentsOfDirectory(atPath: absolute) else { continue }
            var subfolders: [String] = []
            for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" {
                guard found.count < fileLimit else { break }
                let relative = folder.isEmpty ? name : folder + "/" + name
                found.append(relative)
                var isDirectory = false
                if files.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), isDirectory {
                    subfolders.append(relative)
                }
            }
            folders += subfolders.reversed()
        }
        return found
    }

    /// The resolved paths of a spec's `use "…"` lines, read from its text.
    static func useTargets(in text: String, specPath: String) -> [String] {
        let directory = specPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("use "), let open = trimmed.firstIndex(of: "\"") else { return nil }
            let rest = trimmed[trimmed.index(after: open)...]
            guard let close = rest.firstIndex(of: "\""), close > rest.startIndex else { return nil }
            let name = String(rest[..<close])
            return LanguageServer.normalized(name.hasPrefix("/") ? name : directory + "/" + name)
        }
    }
}
