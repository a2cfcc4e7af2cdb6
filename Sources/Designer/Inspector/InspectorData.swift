import Diagnostics
import LayoutEngine

/// Where the keyboard is in the inspector: on the view tree (arrows move the
/// selection), or on one of the selected view's constraints (arrows move
/// through them, and the views it mentions are highlighted on the canvas).
public enum InspectorFocus: Hashable, Sendable {
    case tree
    /// An index into the selected view's constraints.
    case constraint(Int)
}

/// Everything the inspector shows, gathered from a session in one go, so that
/// building the pane's text is a pure function of it.
struct InspectorData {
    var specPath: String
    /// In tree order.
    var views: [ViewLayout]
    /// Badges, per view.
    var flags: [[ViewFlag]]
    var selected: Int?
    /// Why the selected view is where it is.
    var explanation: ViewExplanation?
    var conflicts: [ConflictReport]
    /// Files, engine and ambiguity, sorted: what `casement check` prints.
    var diagnostics: [Diagnostic]

    static func gather(from session: LayoutSession, selected id: String?) -> InspectorData {
        let index = id.flatMap { session.viewIndex(of: $0) }
        return InspectorData(
            specPath: session.specPath, views: session.views, flags: session.flags(), selected: index,
            explanation: id.flatMap { index == nil ? nil : session.explain($0) }, conflicts: session.conflicts(),
            diagnostics: session.checkDiagnostics())
    }

    /// The selected view's constraints (empty when nothing is selected).
    var constraints: [ConstraintInfo] { explanation?.constraints ?? [] }
}
