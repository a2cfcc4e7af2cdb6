import Cells


/// One view to paint: the engine's solved frame and the cascade's style.
/// A painter takes a flat array of nodes in tree order (a parent before its
/// children), each naming its parent by index.
public struct PaintNode: Hashable, Sendable {
    /// The view's id, for callers mapping hits back to views.
    public var id: String
    /// Index of the parent in the same array; nil for a root. A parent index that
    /// is not smaller than the node's own makes the node a root.
    public var parent: Int?
    /// Absolute frame in cells.
    public var frame: CellRect
    /// The view's resolved style: colours, border and title, text and its attributes.
    public var style: ComputedStyle
    /// Whether the view is outlined as selected or related to the selected constraint.
    public var highlight: Highlight

    /// A node for view `id` with its parent's index (nil for a root) and its absolute frame in cells.
    public init(id: String, parent: Int?, frame: CellRect, style: ComputedStyle, highlight: Highlight = .none) {
        self.id = id
        self.parent = parent
        self.frame = frame
        self.style = style
        self.highlight = highlight
    }
}

/// How the designer marks a view on the canvas.
public enum Highlight: Hashable, Sendable {
    case none
    /// Related to the selected constraint.
    case related
    /// The selected view.
    case selected
}
