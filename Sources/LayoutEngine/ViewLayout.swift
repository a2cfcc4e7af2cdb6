import Cells
import Diagnostics
import LayoutSpec
import Stylesheet

/// One view as laid out: what it is, where it is, how it looks.
public struct ViewLayout: Hashable, Sendable {
    /// The view's id, from the spec or generated.
    public var id: String
    /// True when the spec gave no id and `id` was generated (`list/text#2`).
    public var isGeneratedID: Bool
    /// What kind of view it is.
    public var kind: ViewKind
    /// Its style classes.
    public var classes: [String]
    /// The spec's quoted string, if any.
    public var title: String?
    /// The parent's id; nil for the root.
    public var parent: String?
    /// Index of the parent in the session's `views`.
    public var parentIndex: Int?
    /// 0 for a top-level view.
    public var depth: Int
    /// Where the view is declared.
    public var location: SourceLocation
    /// In whole cells, absolute.
    public var frame: ViewFrame
    /// As the solver found it.
    public var exact: ExactFrame
    /// The computed style: the cascade's, with the spec's quoted string on top.
    public var style: ComputedStyle

    init(declaration: ViewDeclaration, parentIndex: Int?, style: ComputedStyle) {
        id = declaration.id
        isGeneratedID = declaration.isGeneratedID
        kind = declaration.kind
        classes = declaration.classes
        title = declaration.title
        parent = declaration.parent
        self.parentIndex = parentIndex
        depth = declaration.depth
        location = declaration.location
        frame = .zero
        exact = .zero
        self.style = style
    }
}

extension ViewLayout {
    /// Whether the re-parsed declaration of `layouts[index]` (same id, same
    /// place) in `document` says nothing new. Field by field through both
    /// arrays: a reload checks every view, and taking either value out of its
    /// array would copy it.
    static func isCurrent(_ layouts: [ViewLayout], _ index: Int, in document: LayoutDocument) -> Bool {
        layouts[index].kind == document.views[index].kind && layouts[index].depth == document.views[index].depth
            && layouts[index].isGeneratedID == document.views[index].isGeneratedID
            && layouts[index].location == document.views[index].location
            && layouts[index].title == document.views[index].title
            && layouts[index].parent == document.views[index].parent
            && layouts[index].classes == document.views[index].classes
    }

    /// Takes a re-parsed declaration of the same view (same id, same place in the
    /// tree order), assigning only what differs.
    mutating func refresh(from declaration: ViewDeclaration, in document: LayoutDocument) {
        if kind != declaration.kind { kind = declaration.kind }
        if classes != declaration.classes { classes = declaration.classes }
        if title != declaration.title { title = declaration.title }
        if parent != declaration.parent {
            parent = declaration.parent
            parentIndex = declaration.parent.flatMap { document.viewIndex[$0] }
        }
        if depth != declaration.depth { depth = declaration.depth }
        if location != declaration.location { location = declaration.location }
        if isGeneratedID != declaration.isGeneratedID { isGeneratedID = declaration.isGeneratedID }
    }
}
