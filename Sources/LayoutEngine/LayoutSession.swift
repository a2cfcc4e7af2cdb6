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
///
/// Inside, the state is split by what it is about: `inputs` (what the files
/// and the UI say now), `model` (what the layout on screen was built from),
/// `binding` (that model as the solver holds it), and `views` (the result).
/// Every change runs the same named phases: see `readAndApply(changed:)`.
public struct LayoutSession: Sendable {
    /// The spec's path, as given.
    public let specPath: String
    /// The terminal size the layout fills.
    public private(set) var size: TerminalSize

    var inputs: LayoutInputs
    var model: AppliedModel
    var binding: SolverBinding
    /// Every view as laid out, in tree order (the applied document's order).
    public internal(set) var views: [ViewLayout] = []
    /// Whether anything was ever applied (the first load applies whatever it can).
    var hasLoaded = false
    /// Set by `loadForOneFrame()`: the spec's syntax tree and lowering memo
    /// were let go, and the next change parses the spec again first.
    var droppedParseMemos = false
    /// True while `diagnostics` shows the errors of files that were not applied.
    var isShowingBlockedErrors = false
    /// When true, every reload applies what the files give, errors or not, as the
    /// first load does, so the layout and its diagnostics are always those of the
    /// files as they are now (what `casement check` prints for them). The language
    /// server sets it: a buffer's diagnostics are about the buffer. When false (the
    /// designer's way), a reload that brings new errors keeps the last good layout.
    public var appliesFilesWithErrors = false
    /// The diagnostics of the last load or reload (files and engine), sorted.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Answers worked out on request, kept until the layout next changes (see `Memo`).
    var queries = Memo<QueryCache>(QueryCache())

    /// A session on a spec; nothing is read until `load()`. `reader` serves the
    /// spec and every stylesheet (inject one in tests, or to read from an editor's buffers).
    public init(specPath: String, reader: FileReader = .fileSystem, size: TerminalSize) {
        self.specPath = specPath
        self.size = size
        inputs = LayoutInputs(specPath: specPath, reader: reader)
        model = AppliedModel.empty(specPath: specPath, stylesheet: inputs.latestSheet)
        binding = SolverBinding(size: size)
    }

    // MARK: Reading the result

    /// The compiled spec the layout shows (the last good one).
    public var document: LayoutDocument { model.document }

    /// The stylesheets the layout shows (the last good ones).
    public var stylesheet: Stylesheet { model.stylesheet }

    /// The cascade behind `views`' styles, for provenance.
    public var cascade: CascadeResult { model.cascade }

    /// A view's index in `views`, by id.
    public func viewIndex(of id: String) -> Int? { model.document.viewIndex[id] }

    /// A view as laid out, by id.
    public func view(_ id: String) -> ViewLayout? { viewIndex(of: id).map { views[$0] } }

    /// Every file the layout depends on: the spec, then every stylesheet it uses
    /// and every file those import (missing ones too, so creating one is noticed).
    /// Spelled as `reload(changedFiles:)` expects them.
    public var watchedFiles: [String] { inputs.watchedFiles }

    // MARK: Loading

    /// Reads and applies everything. The first load applies whatever it can, errors or not.
    @discardableResult
    public mutating func load() -> ReloadReport {
        restoreParseMemos()
        return readAndApply(changed: nil)
    }

    /// Re-reads the files that changed (paths as `watchedFiles` spells them;
    /// others are ignored), re-parses only those, and applies the difference: a
    /// constant edit updates constants in place, anything else removes and adds only
    /// the constraints concerned. When the files have errors the last good layout
    /// did not have, nothing is applied and the report lists them.
    @discardableResult
    public mutating func reload(changedFiles: [String]) -> ReloadReport {
        restoreParseMemos()
        return readAndApply(changed: changedFiles)
    }

    /// A new terminal size: the screen's edit variables and its floor take it
    /// (no rebuild; constraints a conflict broke are tried again). When
    /// the stylesheets' `@media` blocks switch, the styles are cascaded again and
    /// only the constraints whose style values changed are updated.
    @discardableResult
    public mutating func resize(to newSize: TerminalSize) -> ReloadReport {
        var report = ReloadReport(trigger: .resize)
        guard newSize != size else { return report }
        restoreParseMemos()
        var clock = StageClock()
        size = newSize
        dropAlternative()
        report.applied = true
        let mediaSwitched =
            model.stylesheet.mediaSignature(width: newSize.width, height: newSize.height) != model.cascadeMedia
        clock.timing(.solve) {
            binding.resizeScreens(to: newSize, in: model, retryingBroken: !mediaSwitched, report: &report)
        }
        applyAndSolve(mediaSwitched ? restyledModel(model, clock: &clock) : nil, clock: &clock, report: &report)
        return report
    }

    /// `resize(to:)` with the size's two numbers.
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
        inputs.statesByView[id] = states.isEmpty ? nil : states
        guard hasLoaded, viewIndex(of: id) != nil else { return report }
        restoreParseMemos()
        var clock = StageClock()
        report.applied = true
        applyAndSolve(restyledModel(model, clock: &clock), clock: &clock, report: &report)
        return report
    }

    /// A view's live states, as `setStates(_:ofView:)` last set them.
    public func states(ofView id: String) -> [String] { inputs.statesByView[id] ?? [] }
}
