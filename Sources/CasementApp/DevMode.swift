import Canvas
import Casement
import Diagnostics
import FileWatch
import Foundation
import LayoutEngine
import TerminalUI

/// Development mode: watches the app's `.cas` and `.layout` files and reloads
/// them in the running app (the widgets, and so the app's state, stay); shows
/// reload errors in a drawer over the app while the last good styles stay; F12
/// toggles an inspector over the app. Nothing of it exists without `--dev`.
@MainActor
final class DevMode {
    /// The spec the app was loaded from (nil for a tree built in code).
    let specPath: String?
    private var watcher: FileWatcher?
    /// The errors of the last reload (the drawer shows them while non-empty).
    private(set) var errors: [Diagnostic] = []
    /// The inspector, drawer and badge's state (DevMode+Overlays.swift).
    var overlays = DevOverlays()
    /// Reloads so far (tests and the status line read it).
    private(set) var reloadCount = 0

    init(specPath: String?) {
        self.specPath = specPath
    }

    func start(_ app: App) {
        guard watcher == nil else { return }
        watcher = try? FileWatcher()
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

    /// Applies changed files: a changed spec is loaded afresh and the widgets move
    /// into its new views; changed stylesheets restyle in place (constants updated).
    func reload(_ paths: [String], in app: App) {
        reloadCount += 1
        if let specPath, paths.contains(specPath) || paths.contains(where: { $0.hasSuffix(".layout") }) {
            reloadSpec(specPath, in: app)
        } else {
            let report = app.layout.reloadStylesheets()
            errors = report.blockingErrors
        }
        watch(app)
        app.needsDisplay = true
    }

    private func reloadSpec(_ path: String, in app: App) {
        guard let fresh = try? Layout(spec: path, size: app.layout.size) else { return }
        let specErrors = fresh.diagnostics.filter(\.standsForErrors)
        guard specErrors.isEmpty else {
            errors = specErrors
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
        errors = fresh.diagnostics.filter(\.standsForErrors)
    }
}
