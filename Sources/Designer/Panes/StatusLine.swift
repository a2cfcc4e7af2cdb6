import Canvas
import Cells
import LayoutEngine
import Presentation

/// What the last load, reload, resize or key did, for the status line.
public struct ReloadOutcome: Hashable, Sendable {
    /// Whether the change was applied, kept out by errors, or changed nothing.
    public enum Kind: Hashable, Sendable {
        /// Applied: the layout on screen is the files' as now saved.
        case reloaded
        /// New errors: the last good layout stays.
        case kept(errors: Int)
        /// Nothing the layout depends on changed.
        case unchanged
    }

    /// Whether the change was applied, kept out by errors, or changed nothing.
    public var kind: Kind
    /// What started the work: a load, reload, resize, state change or alternative.
    public var trigger: ReloadReport.Trigger
    /// How long each stage of the reload took.
    public var timings: StageTimings
    /// Painting the canvas (the damaged regions only, or all of it).
    public var paint: Duration

    /// An outcome of `kind`, started by `trigger`, with its stage timings and the time painting took.
    public init(kind: Kind, trigger: ReloadReport.Trigger, timings: StageTimings, paint: Duration) {
        self.kind = kind
        self.trigger = trigger
        self.timings = timings
        self.paint = paint
    }

    /// From a file change to a painted canvas: every stage and the paint.
    public var total: Duration { timings.total + paint }
}

/// The bottom row: the spec, the size, the layout's errors and warnings, the
/// counts, what the last reload did and how long each stage took, the bytes the
/// last frame wrote, and the keys. When the row is too narrow, the least
/// important parts go first: the counts, the bytes and the stage timings (a
/// developer's figures) before the key hints, and the key hints before the
/// problems, which a user must never miss.
struct StatusLine {
    var specName: String
    var size: TerminalSize
    var viewCount: Int
    var constraintCount: Int
    var outcome: ReloadOutcome?
    /// Bytes written by the last frame that showed a change (nil: not known yet).
    var frameBytes: Int?
    /// Errors the layout has, conflicts included: `✖ N`, as `check` counts them
    /// (the inspector lists them).
    var errorCount = 0
    /// Warnings the layout has: `⚠ N`.
    var warningCount = 0
    /// The names of the files shown as an editor has them, unsaved (the live preview).
    var unsavedFiles: [String] = []
    /// A one-off note about the last key ("no ambiguous views"), shown instead of the outcome.
    var message: String?
    var keys: String
    /// What is left of `keys` on a short row.
    var shortKeys = "? keys · q quit"

    func render(width: Int) -> Grid {
        var segments = self.segments()
        // Every key hint outlasts the stage timings, even their short form.
        segments.append(StatusSegment(
            " " + keys + " ", style: PaneStyles.statusBar, importance: 45, alignsRight: true,
            shorter: [(" " + shortKeys + " ", 65), (" ? keys ", 75)]))
        return StatusBar(segments).render(width: width)
    }

    private func segments() -> [StatusSegment] {
        var list = [
            StatusSegment(" " + specName + " ", style: PaneStyles.statusBar.adding(.bold), importance: 90),
            StatusSegment("\(size.width)×\(size.height) ", style: PaneStyles.statusBar, importance: 70),
        ]
        if let live = liveSegment() { list.append(live) }
        list += StatusSegment.problems(errors: errorCount, warnings: warningCount)
        list.append(StatusSegment(
            "\(viewCount) views \(constraintCount) constraints ", style: PaneStyles.statusBar, importance: 20))
        if let message {
            list.append(StatusSegment(" " + message + " ", style: PaneStyles.statusNote, importance: 80))
        } else if let outcome {
            switch outcome.kind {
            case .reloaded, .unchanged:
                let verb = switch outcome.trigger {
                case .load: "loaded"
                case .reload: outcome.kind == .unchanged ? "unchanged" : "reloaded"
                case .resize: "resized"
                case .states: "restyled"
                case .alternative: "re-solved"
                }
                list.append(StatusSegment(
                    " ✓ \(verb) in \(Self.milliseconds(outcome.total)) ms ", style: PaneStyles.statusGood,
                    importance: 80))
            case .kept(let errors):
                let count = errors == 1 ? "1 error" : "\(errors) errors"
                list.append(StatusSegment(" ✖ \(count): last good layout kept ", style: PaneStyles.statusBad, importance: 80))
            }
            list.append(timingSegment(outcome))
        }
        if let frameBytes {
            list.append(StatusSegment(" \(frameBytes) B ", style: PaneStyles.statusBar, importance: 30))
        }
        return list
    }

    /// `● live: boxes.cas (unsaved)`: the screen shows text no file holds yet. It
    /// outlasts the problems (they may be the unsaved text's), down to `● unsaved`.
    private func liveSegment() -> StatusSegment? {
        guard !unsavedFiles.isEmpty else { return nil }
        let names = unsavedFiles.count <= 2 ? unsavedFiles.joined(separator: ", ") : "\(unsavedFiles.count) files"
        return StatusSegment(
            " ● live: \(names) (unsaved) ", style: PaneStyles.statusNote, importance: 87, shorter: [(" ● unsaved ", 86)])
    }

    /// Every stage's time; on a shorter row only solving and painting, the
    /// stages a spec's author can change.
    private func timingSegment(_ outcome: ReloadOutcome) -> StatusSegment {
        let t = outcome.timings
        let solveAndPaint = "solve \(Self.milliseconds(t.solve)) paint \(Self.milliseconds(outcome.paint)) ms"
        let stages = "read \(Self.milliseconds(t.read)) parse \(Self.milliseconds(t.parse)) cascade \(Self.milliseconds(t.cascade)) " + solveAndPaint
        return StatusSegment(
            " " + stages + " ", style: PaneStyles.statusBar, importance: 35,
            shorter: [(" " + solveAndPaint + " ", 40)])
    }

    /// One decimal, no unit: `0.3`.
    static func milliseconds(_ duration: Duration) -> String {
        String(StageTimings.milliseconds(duration).dropLast(" ms".count))
    }
}
