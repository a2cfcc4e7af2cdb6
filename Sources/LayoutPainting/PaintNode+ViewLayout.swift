import Canvas
import LayoutEngine

// The bridge from the layout engine to the painter, in a module of its own so
// that neither side knows the other: the engine is a library that draws
// nothing, and the canvas paints rectangles and styles from anywhere. A solved
// view tree becomes paint nodes, one per view, in the same (tree) order.

extension PaintNode {
    /// The paint node of one laid-out view. `parent` is the view's parent index in
    /// the same array, which tree order keeps below the view's own.
    public init(_ view: ViewLayout, highlight: Highlight = .none) {
        self.init(id: view.id, parent: view.parentIndex, frame: view.frame, style: view.style, highlight: highlight)
    }

    /// Paint nodes for a whole layout (a session's `views`), marking the selected
    /// view and the views related to the selected constraint.
    public static func nodes(from views: [ViewLayout], selected: String? = nil, related: [String] = []) -> [PaintNode] {
        views.map { view in
            let highlight: Highlight = view.id == selected ? .selected : related.contains(view.id) ? .related : .none
            return PaintNode(view, highlight: highlight)
        }
    }
}
