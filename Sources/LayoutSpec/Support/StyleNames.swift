/// The layout properties a spec may read as `$name`: ClassyLiveLayout's layout
/// properties plus the padding sides. The engine resolves them from each
/// view's computed style.
enum StyleNames {
    static let components: Set<String> = [
        "size-width", "size-height",
        "margin-top", "margin-left", "margin-bottom", "margin-right",
        "padding-top", "padding-left", "padding-bottom", "padding-right",
        "min-width", "max-width", "min-height", "max-height", "columns",
    ]

    /// Names that stand for several components, chosen by the attribute they are used for.
    static let tuples: Set<String> = ["size", "margin", "padding"]

    static var all: [String] { (components.union(tuples)).sorted() }

    /// The component of a tuple for an attribute: `$size` on a horizontal
    /// attribute is `$size-width`; `$margin` on `top` is `$margin-top`. Nil
    /// when the attribute does not pick one side (`$margin` on `width`).
    static func component(of tuple: String, for attribute: Attribute) -> String? {
        if tuple == "size" { return attribute.isHorizontal ? "size-width" : "size-height" }
        switch attribute {
        case .left: return tuple + "-left"
        case .right: return tuple + "-right"
        case .top: return tuple + "-top"
        case .bottom: return tuple + "-bottom"
        default: return nil
        }
    }

    /// Example components of a tuple, for hints.
    static func examples(of tuple: String) -> String {
        tuple == "size"
            ? "$size-width, $size-height"
            : ["top", "left", "bottom", "right"].map { "$\(tuple)-\($0)" }.joined(separator: ", ")
    }
}
