import Canvas
import Casement
import Diagnostics
import FileWatch
import Foundation
import LayoutEngine
import TerminalUI

/// Development mode: watches the app's `.cas` and `.layout` files and reloads
/// them in the running app (the widgets, and so the app's state, stay); shows
/// reload errors in a drawer over the app; F12 toggles an inspector over the
/// app. Nothing of it exists without `--dev`.
///
/// The designer's promise, across any number of frames: a save whose files
/// have errors the layout on screen did not have is not taken — the last good
/// styles and layout stay, the drawer shows the errors with their carets, and
/// changes made from Swift keep applying — until a good save. Conflicts and
/// other problems of the solved layout are not file errors: a save that has
/// them is taken (the rule written last is broken and reported; the badge
/// and the inspector show it).
@MainActor
final class DevMode {
    /// The spec the app was loaded from (nil for a tree built in code).
    let specPath: String?
    private var watcher: FileWatcher?
    /// The errors of the saves not taken: the last good layout and styles stay
    /// on screen while this is not empty.
    private var blockedErrors: [Diagnostic] = []
    /// The file errors the layout on screen was built with (the first load
    /// applies whatever it can): they do not keep a later save out.
    private var standingErrors: [Diagnostic] = []
    /// Whether the spec on disk is not the one on screen (its last save was not
    /// taken): the next reload, of any file, loads it again.
    private var specPending = false
    /// The inspector, drawer and badge's state (DevMode+Overlays.swift).
    var overlays = DevOverlays()
    /// Reloads so far (tests and the status line read it).
    private(set) var reloadCount = 0

    init(specPath: String?) {
        self.specPath = specPath
    }

    /// What the drawer shows: the errors of the saves not taken, or else the
    /// errors the files on screen were applied with; empty: no drawer.
    var errors: [Diagnostic] { blockedErrors.isEmpty ? standingErrors : blockedErrors }

    /// Whether the drawer's errors kept a save out (the last good layout is on
    /// screen) rather than came with what is on screen.
    var keptLastGood: Bool { !blockedErrors.isEmpty }

    func start(_ app: App) {
        guard watcher == nil else { return }
        watcher = try? FileWatcher()
        standingErrors = Self.fileErrors(app.layout.diagnostics)
        watch(app)
    }

    private func watch(_ app: App) {
        var files = app.layout.watchedFiles
        if let specPath, !files.contains(specPath) { files.append(specPath) }
        watcher?.setWatchedFiles(files)
    }

    var descriptors: [Int32] { [watcher?.fileDescriptor].compactMap { $0 } }
    var timeUntilNextDeadline: Duration? { watcher?.timeUntilNextDeadline() }

    /// Reloads when the watcher reports changes.
    func poll(_ app: App) {
        guard let changes = watcher?.collectChanges(), !changes.isEmpty else { return }
        reload(changes.map(\.path), in: app)
    }

    /// Reloads every watched file (the pilot's `reloadChangedFiles()`).
    func reloadAll(_ app: App) {
        let changes = watcher?.collectChanges(now: .now + .seconds(10)) ?? []
        reload(changes.map(\.path) + app.layout.watchedFiles, in: app)
    }

    /// Applies changed files: a changed spec (or one whose last save was not
    /// taken) is loaded afresh and the widgets move into its new views; changed
    /// stylesheets restyle in place (constants updated).
    func reload(_ paths: [String], in app: App) {
        reloadCount += 1
        if let specPath, specPending || paths.contains(specPath) || paths.contains(where: { $0.hasSuffix(".layout") }) {
            reloadSpec(specPath, in: app)
        } else {
            reloadStylesheets(in: app)
        }
        watch(app)
        app.needsDisplay = true
    }

    /// The stylesheets read again into the layout on screen. The layout keeps
    /// the last good sheet while the new one has errors it did not have, and
    /// keeps it for every later change made from Swift until a good save.
    private func reloadStylesheets(in app: App) {
        let report = app.layout.reloadStylesheets()
        blockedErrors = report.blockingErrors
        if blockedErrors.isEmpty { standingErrors = Self.fileErrors(app.layout.diagnostics) }
    }

    /// The spec loaded afresh, with the stylesheets as they are now. Taken only
    /// when its files bring no error the layout on screen did not have.
    private func reloadSpec(_ path: String, in app: App) {
        let fresh: Layout
        do {
            fresh = try Layout(spec: path, size: app.layout.size)
        } catch {
            // Caught mid-save, or emptied: the last good layout stays.
            specPending = true
            blockedErrors = [Diagnostic(
                .error, .unreadableFile, error.description, at: SourceLocation(file: path, line: 1, column: 1))]
            return
        }
        let errors = Self.fileErrors(fresh.diagnostics)
        let known = Set(standingErrors.map(\.identity))
        guard errors.allSatisfy({ known.contains($0.identity) }) else {
            specPending = true
            blockedErrors = errors
            return
        }
        // Widgets were added to the old spec's views: move each into the view of
        // the same id in the new spec (its rules name views by id, so they hold).
        for widget in app.widgets {
            guard let parent = widget.view.superview, parent.widget == nil, let id = parent.id,
                  let newParent = fresh.view(id) else { continue }
            newParent.addSubview(widget.view)
        }
        fresh.resize(to: app.layout.size)
        app.layout = fresh
        app.appliedStates.removeAll()
        specPending = false
        blockedErrors = []
        standingErrors = errors
    }

    /// The errors of the files (spec, stylesheets, the files they import, what
    /// code wrote): not the solved layout's own (conflicts, left-out rules),
    /// which never keep a save out.
    static func fileErrors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.standsForErrors && $0.origin != .engine }
    }
}
