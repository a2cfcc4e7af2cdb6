import Cells
import Diagnostics

/// How many constraints a reload changed in the solver, by kind of change.
public struct ConstraintCounts: Hashable, Sendable, CustomStringConvertible {
    /// New constraints.
    public var added = 0
    /// Constraints that went away.
    public var removed = 0
    /// Same constraint, new constant: updated in place (`setConstant`), never re-added.
    public var constantsChanged = 0
    /// Same identity, new relation, priority or shape: removed and added again.
    public var replaced = 0

    /// Counts of each kind of change; zero by default.
    public init(added: Int = 0, removed: Int = 0, constantsChanged: Int = 0, replaced: Int = 0) {
        self.added = added
        self.removed = removed
        self.constantsChanged = constantsChanged
        self.replaced = replaced
    }

    /// True when the reload changed no constraint.
    public var isEmpty: Bool { added == 0 && removed == 0 && constantsChanged == 0 && replaced == 0 }

    /// `+2 -1 ~3 ↻1`: added, removed, constants changed, replaced.
    public var description: String { "+\(added) -\(removed) ~\(constantsChanged) ↻\(replaced)" }
}

/// One view's frame before and after a change.
public struct FrameChange: Hashable, Sendable {
    /// The id of the view that moved or resized.
    public var view: String
    /// Index in the session's `views` after the change.
    public var index: Int
    /// The frame before the change (zero size for a view just added).
    public var old: ViewFrame
    /// The frame after the change.
    public var new: ViewFrame
}

/// What one load, reload, resize or state change did.
public struct ReloadReport: Sendable {
    /// What started the update: first load, file reload, terminal resize, state or alternative change.
    public enum Trigger: String, Hashable, Sendable {
        case load, reload, resize, states, alternative
    }

    /// What started this update.
    public var trigger: Trigger
    /// False when the files had new errors and the last good layout was kept (see
    /// `blockingErrors`), or when nothing the layout depends on changed.
    public var applied = false
    /// Changes to the spec's constraints (what the user wrote).
    public var counts = ConstraintCounts()
    /// Changes to the engine's own constraints: screen pins, style min/max, text sizes.
    public var implicitCounts = ConstraintCounts()
    /// Broken constraints tried again on the solver. One whose conflict stands
    /// as it was (no member edited, none gone) is not tried: it is counted in
    /// `stillBroken`.
    public var retried = 0
    /// Broken constraints kept broken without a try: their conflicts stood as they were.
    public var stillBroken = 0
    /// How many of the retried broken constraints now hold.
    public var recovered = 0
    /// How long each stage of this update took.
    public var timings = StageTimings()
    /// Views whose frame or style changed, in tree order: what to repaint.
    public var changedViews: [String] = []
    /// Views whose frame (in cells) changed, in tree order.
    public var movedViews: [String] = []
    /// The old and new frame of every moved view, in tree order: the damage to
    /// repaint is the union of both (a view added has an old frame of zero size).
    public var frameChanges: [FrameChange] = []
    /// Views whose computed style changed, in tree order.
    public var restyledViews: [String] = []
    /// Views that appeared or went away. Either means the tree changed.
    public var addedViews: [String] = []
    /// Views that went away, in old tree order.
    public var removedViews: [String] = []
    /// Files parsed afresh (the spec and/or stylesheets whose text changed).
    public var parsedFiles: [String] = []
    /// Every diagnostic of the files as now read, and the engine's own (conflicts,
    /// unset style values), sorted by location.
    public var diagnostics: [Diagnostic] = []
    /// The errors that kept the last good layout, when `applied` is false.
    public var blockingErrors: [Diagnostic] = []
    /// Conflict sets after the reload.
    public var conflictCount = 0

    /// An empty report for an update started by `trigger`; nothing applied yet.
    public init(trigger: Trigger) {
        self.trigger = trigger
    }

    /// True when views were added or removed.
    public var treeChanged: Bool { !addedViews.isEmpty || !removedViews.isEmpty }

    /// One line for a status bar: `reload +1 -1 ~0 ↻0 · 3 views · parse 1.2 ms, …`.
    public var summary: String {
        var parts = ["\(trigger.rawValue) \(counts)"]
        if !applied { parts.append(blockingErrors.isEmpty ? "nothing to do" : "kept last layout (\(blockingErrors.count) errors)") }
        parts.append("\(changedViews.count) views changed")
        parts.append(timings.description)
        return parts.joined(separator: " · ")
    }
}
