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
    private var watcher: FileWatcher?
    /// Each screen's reload state, by screen: what its layout on screen was
    /// built with and what kept its last saves out.
    private var states: [ObjectIdentifier: ScreenReload] = [:]
    /// The inspector, drawer and badge's state (DevMode+Overlays.swift).
    var overlays = DevOverlays()
    /// Reloads so far (tests and the status line read it).
    private(set) var reloadCount = 0
    /// The screens shown when the drawer was last asked for (their errors show).
    private var shownScreens: [ObjectIdentifier] = []

    /// One screen's side of the promise: the errors of the saves not taken —
    /// a stylesheet's and the spec's, apart, since either can be fixed first
    /// (the last good layout and styles stay on screen while there are any) —
    /// and the file errors its layout was built with (the first load applies
    /// whatever it can: they do not keep a later save out). A spec save not
    /// taken is tried again on the next reload of any file.
    private struct ScreenReload {
        var blockedSheetErrors: [Diagnostic] = []
        var blockedSpecErrors: [Diagnostic] = []
        var standingErrors: [Diagnostic] = []
        /// A spec save read while a stylesheet was kept out: as the designer,
        /// a reload with new errors changes nothing, so it waits for a good sheet.
        var specDeferred = false

        var blockedErrors: [Diagnostic] { blockedSheetErrors + blockedSpecErrors }
        var specPending: Bool { specDeferred || !blockedSpecErrors.isEmpty }
    }

    init() {}

    /// What the drawer shows: the errors of the saves not taken, or else the
    /// errors the files on screen were applied with, of the screens shown (the
    /// current one and the modal ones); empty: no drawer.
    var errors: [Diagnostic] {
        let shown = shownScreens.compactMap { states[$0] }
        let blocked = shown.flatMap(\.blockedErrors)
        return Self.unique(blocked.isEmpty ? shown.flatMap(\.standingErrors) : blocked)
    }

    /// Whether the drawer's errors kept a save out (the last good layout is on
    /// screen) rather than came with what is on screen.
    var keptLastGood: Bool { shownScreens.contains { states[$0]?.blockedErrors.isEmpty == false } }

    func start(_ app: App) {
        guard watcher == nil else { return }
        watcher = try? FileWatcher()
        watch(app)
    }

    /// Watches the files of every screen on the stack and every modal one (a
    /// screen pushed later is watched from then on), and notes the errors a
    /// screen first shown starts with.
    func watch(_ app: App) {
        let screens = app.screens + app.modals
        shownScreens = app.layers.map(ObjectIdentifier.init)
        var files: [String] = []
        var seen: Set<String> = []
        for screen in screens {
            guard let layout = screen.layout else { continue }
            let key = ObjectIdentifier(screen)
            if states[key] == nil { states[key] = ScreenReload(standingErrors: Self.fileErrors(layout.diagnostics)) }
            for file in layout.watchedFiles + [screen.specPath].compactMap({ $0 }) where seen.insert(file).inserted {
                files.append(file)
            }
        }
        let kept = Set(screens.map(ObjectIdentifier.init))
        states = states.filter { kept.contains($0.key) }
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
        let every = (app.screens + app.modals).flatMap { $0.layout?.watchedFiles ?? [] }
        reload(changes.map(\.path) + every, in: app)
    }

    /// Applies changed files to every screen that reads them: a changed spec
    /// (or one whose last save was not taken) is merged into the screen's views
    /// in place; changed stylesheets restyle in place (constants updated).
    func reload(_ paths: [String], in app: App) {
        reloadCount += 1
        let changed = Set(paths)
        for screen in app.screens + app.modals {
            guard let layout = screen.layout else { continue }
            let key = ObjectIdentifier(screen)
            var state = states[key] ?? ScreenReload(standingErrors: Self.fileErrors(layout.diagnostics))
            let sheets = !changed.isDisjoint(with: layout.watchedFiles.filter { $0 != screen.specPath })
            let spec = screen.specPath.map { state.specPending || changed.contains($0) } ?? false
            guard sheets || spec else { continue }
            reload(layout, sheets: sheets, spec: spec, state: &state)
            if spec {
                screen.frameState = FrameState()
                app.appliedStates.removeAll()
                // The spec's header replaced the root's classes: a modal keeps its own.
                if app.modals.contains(where: { $0 === screen }), !layout.root.classes.contains("modal") {
                    layout.root.classes.append("modal")
                }
            }
            states[key] = state
        }
        watch(app)
        app.needsDisplay = true
    }

    /// A screen's changed files applied to its layout in place: stylesheets
    /// first (a sheet with new errors is kept out, the last good one stays),
    /// then the spec, read again and merged into the views
    /// (`Layout.reloadSpec()`), so the views it still declares stay the same
    /// objects and what code attached to them — widgets, rules, updated
    /// constants — survives the save. A spec save with new errors, or read
    /// while a stylesheet is kept out, is not taken; the next reload, of any
    /// file, tries it again.
    private func reload(_ layout: Layout, sheets: Bool, spec: Bool, state: inout ScreenReload) {
        if sheets { state.blockedSheetErrors = layout.reloadStylesheets().blockingErrors }
        state.specDeferred = spec && !state.blockedSheetErrors.isEmpty
        if spec, !state.specDeferred { state.blockedSpecErrors = layout.reloadSpec().blockingErrors }
        if state.blockedErrors.isEmpty { state.standingErrors = Self.fileErrors(layout.diagnostics) }
    }

    /// The errors of the files (spec, stylesheets, the files they import, what
    /// code wrote): not the solved layout's own (conflicts, left-out rules),
    /// which never keep a save out.
    static func fileErrors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.standsForErrors && $0.origin != .engine }
    }

    /// The diagnostics without repeats (a stylesheet every screen uses has its
    /// errors once), in order.
    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
