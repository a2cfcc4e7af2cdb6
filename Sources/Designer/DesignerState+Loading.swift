import Cells
import Diagnostics
import LayoutEngine
import Presentation

// Taking in what the engine did: loads, reloads and resizes, and what they
// mean for the drawer, the status line and the selection.
extension DesignerState {
    /// Reads and lays out the spec for the first time.
    public mutating func load() {
        let report = session.load()
        absorb(report)
        selectFirstLink()
    }

    /// The watcher saw these files change (paths as `watchedFiles` spells them).
    public mutating func reload(changedFiles: [String]) {
        forgetUnsavedTextSaved(in: changedFiles)
        let report = session.reload(changedFiles: changedFiles)
        absorb(report)
    }

    /// The terminal changed size.
    public mutating func resize(to newScreen: TerminalSize) {
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

    /// How soon after a reload that changed the layout a reload that changes
    /// nothing still counts as the same save, and keeps the status line's
    /// "reloaded" rather than saying "unchanged".
    static let sameSaveWindow: Duration = .milliseconds(500)

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
                if !wasKept, let lastAppliedReload, .now - lastAppliedReload < Self.sameSaveWindow { return }
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
        if report.trigger == .reload { lastAppliedReload = .now }
        if report.trigger != .states {
            outcome = ReloadOutcome(kind: .reloaded, trigger: report.trigger, timings: report.timings, paint: .zero)
            caches.paintPending = true
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
    /// the engine's conflicts: those are the inspector's), with the notes that
    /// count errors left out of a capped list.
    func fileErrors() -> [Diagnostic] {
        session.diagnostics.filter { $0.origin != .engine && $0.standsForErrors }
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
        caches.invalidateInspector()
    }
}
