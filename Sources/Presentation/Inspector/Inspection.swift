import Diagnostics
import LayoutEngine

/// Where the keyboard is in the inspector: on the view tree (arrows move the
/// selection), or on one of the selected view's constraints (arrows move
/// through them, and the views it mentions are highlighted on the canvas).
public enum InspectorFocus: Hashable, Sendable {
    /// The view tree: the arrows move the selection.
    case tree
    /// An index into the selected view's constraints.
    case constraint(Int)
}

/// Everything the inspector shows, as structured data gathered in one go, so
/// that building the pane's text is a pure function of it. The designer fills
/// it from its `LayoutSession`; an app in dev mode from its `Layout`, with every
/// location already mapped to the Swift line or spec line that wrote it.
///
///     let inspection = Inspection(session: session, selecting: "red")
///     let content = InspectorContent(inspection, focus: .tree)
public struct Inspection: Sendable {
    /// The laid-out views, in tree order.
    public var views: [ViewLayout]
    /// Badges, per view (parallel to `views`).
    public var flags: [[ViewFlag]]
    /// The selected view's index in `views`.
    public var selected: Int?
    /// Why the selected view is where it is and looks as it does.
    public var explanation: ViewExplanation?
    /// Every conflict set the engine resolved, each with the constraint it broke.
    public var conflicts: [ConflictReport]
    /// Views whose frames the constraints leave free.
    public var ambiguities: [ViewAmbiguity]
    /// Files, engine and ambiguity, sorted: what `casement check` prints.
    public var diagnostics: [Diagnostic]
    /// How many internal views `hiding(_:)` left out of `views`.
    public var hiddenViews = 0
    /// How many internal constraints `hiding(_:)` left out of the selected view's.
    public var hiddenConstraints = 0

    /// What a runtime adds to a layout for its own needs: a widget's style
    /// views, the rules that carry a widget's intrinsic size. The inspector
    /// hides them unless asked (and counts what it hid); a conflict or a
    /// diagnostic that names one is still shown.
    public struct Internals: Hashable, Sendable {
        /// Ids of internal views; their descendants are internal too.
        public var views: Set<String>
        /// Labels (`as …`) of internal constraints.
        public var constraintLabels: Set<String>

        /// Internal views by id and internal constraints by label.
        public init(views: Set<String> = [], constraintLabels: Set<String> = []) {
            self.views = views
            self.constraintLabels = constraintLabels
        }

        /// Whether there is nothing to hide.
        public var isEmpty: Bool { views.isEmpty && constraintLabels.isEmpty }

        /// Whether a constraint is the runtime's: labelled as one, or written by an internal view.
        public func contains(_ constraint: ConstraintInfo) -> Bool {
            constraint.label.map(constraintLabels.contains) == true || views.contains(constraint.view)
        }
    }

    /// An inspection of a solved layout's `snapshot`, selecting the view `explanation` explains.
    public init(snapshot: LayoutSnapshot, explanation: ViewExplanation?) {
        views = snapshot.views
        flags = snapshot.flags
        let selectedID = explanation?.view.id
        selected = selectedID.flatMap { id in snapshot.views.firstIndex { $0.id == id } }
        self.explanation = selected == nil ? nil : explanation
        conflicts = snapshot.conflicts
        ambiguities = snapshot.ambiguities
        diagnostics = snapshot.diagnostics
    }

    /// The designer's inspection of a session, with the view `id` selected (nil: none).
    public init(session: LayoutSession, selecting id: String?) {
        self.init(
            snapshot: session.snapshot(listingUnsatisfied: false),
            explanation: id.flatMap { session.explain($0) })
    }

    /// The inspection without the runtime's internal views (and their
    /// descendants) and constraints; what was left out is counted. Conflicts,
    /// ambiguities and diagnostics stay whole: a problem is never hidden.
    public func hiding(_ internals: Internals) -> Inspection {
        guard !internals.isEmpty else { return self }
        var copy = self
        var isInternal = [Bool](repeating: false, count: views.count)
        // Where each kept view lands, so parent indices stay true.
        var newIndex = [Int?](repeating: nil, count: views.count)
        var kept: [Int] = []
        for (index, view) in views.enumerated() {
            isInternal[index] = internals.views.contains(view.id) || view.parentIndex.map { isInternal[$0] } == true
            if !isInternal[index] {
                newIndex[index] = kept.count
                kept.append(index)
            }
        }
        copy.views = kept.map { index in
            var view = views[index]
            view.parentIndex = view.parentIndex.flatMap { newIndex[$0] }
            return view
        }
        copy.flags = kept.map { flags[$0] }
        copy.hiddenViews = hiddenViews + views.count - kept.count
        copy.selected = selected.flatMap { newIndex[$0] }
        if copy.selected == nil {
            copy.explanation = nil
        } else if var explanation = copy.explanation {
            let all = explanation.constraints.count
            explanation.constraints.removeAll(where: internals.contains)
            copy.hiddenConstraints = hiddenConstraints + all - explanation.constraints.count
            copy.explanation = explanation
        }
        return copy
    }

    /// The selected view's constraints (empty when nothing is selected).
    public var constraints: [ConstraintInfo] { explanation?.constraints ?? [] }
}
