import Cells
import LayoutSpec

/// Every view's effective style: the cascade's style with the spec's quoted
/// string on top (`text` of a text view, else `title`; see `StyleValues.effective`).
///
/// Kept as the cascade's own array and the document's views, both shared with
/// the model that holds them, instead of a second array of styles: a style is
/// over 200 bytes, and a spec of 10,000 views paid 2 MB at the render's peak
/// for a copy that differs from the cascade's only where a view has a quoted
/// string. A view's style is worked out when read (`subscript`), which costs
/// one check when the view has no quoted string.
///
/// Invariant: `cascaded` and `views` have one entry per view, in tree order.
struct ViewStyles: RandomAccessCollection, Sendable {
    /// The cascade's styles, before the quoted strings.
    private(set) var cascaded: [ComputedStyle]
    /// Where the quoted strings come from (only `title` and `kind` are read).
    private var views: [ViewDeclaration]

    /// The effective styles of `views` whose cascade gave `cascaded`.
    init(cascaded: [ComputedStyle], views: [ViewDeclaration]) {
        precondition(cascaded.count == views.count, "one cascaded style per view")
        self.cascaded = cascaded
        self.views = views
    }

    /// No views.
    init() { self.init(cascaded: [], views: []) }

    var startIndex: Int { 0 }
    var endIndex: Int { cascaded.count }

    /// The effective style of the view at `index`.
    subscript(index: Int) -> ComputedStyle {
        guard views[index].title != nil else { return cascaded[index] }
        return StyleValues.effective(cascaded[index], for: views[index])
    }

    /// The same styles over another document's views that have the same quoted
    /// strings and kinds (so the old document's views are not kept alive).
    func over(_ views: [ViewDeclaration]) -> ViewStyles {
        ViewStyles(cascaded: cascaded, views: views)
    }

    /// A view's style value (`StyleValues.value`), read from the cascade: the
    /// quoted strings set only `text` and `title`, never a number, and a
    /// constraint's style terms are read on every load and restyle.
    func value(_ name: String, ofView index: Int) -> Double? {
        StyleValues.value(name, in: cascaded[index])
    }

    /// A view's hugging and resistance from its stylesheets (the quoted strings never set them).
    func contentPriorities(ofView index: Int) -> ContentPriorities { cascaded[index].contentPriorities }

    /// Whether any view is collapsed (the quoted strings never change `collapse`).
    var anyCollapsed: Bool { cascaded.contains { $0.collapse } }
}
