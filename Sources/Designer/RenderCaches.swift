import Canvas
import LayoutEngine
import Presentation

/// What the designer keeps between frames only to draw the next one faster or
/// to answer clicks: nothing here is state a user could see change on its
/// own. Dropping any of it costs time, never correctness, except `canvas`
/// (whose painting the next frame diffs against) and `inspectorPane` (what the
/// last frame showed, which clicks are mapped against).
struct RenderCaches {
    /// The canvas as last painted, repainted only where views changed.
    var canvas = LiveCanvas()
    /// The inspector's text, rebuilt only after something it shows changed.
    var inspectorContent: InspectorContent?
    /// The selected view's constraints, worked out when first needed after a change.
    var selectedConstraints: [ConstraintInfo]?
    /// The inspector as last drawn, for clicks and page sizes.
    var inspectorPane: InspectorPane?
    /// A reload applied whose paint time the next frame measures.
    var paintPending = false

    /// Something the inspector shows changed: its text and the constraints
    /// behind it are worked out again when next needed.
    mutating func invalidateInspector() {
        inspectorContent = nil
        selectedConstraints = nil
    }
}
