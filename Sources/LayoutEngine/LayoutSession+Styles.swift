import Cells
import LayoutSpec
import Stylesheet

// What the cascade is given, and how two documents' views compare for it.

extension LayoutSession {
    // The loops below read each field through the array (`a.views[index].id`)
    // and never a whole declaration: taking a declaration out of its array, or
    // handing it to a closure, copies it, and reloads compare every view.

    /// Whether two documents give the cascade the same views: ids, kinds, classes
    /// and parents (checked field by field, without building the cascade's input).
    static func sameStyleInputs(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        guard a.views.count == b.views.count else { return false }
        for index in a.views.indices {
            guard a.views[index].id == b.views[index].id, a.views[index].kind == b.views[index].kind,
                a.views[index].isGeneratedID == b.views[index].isGeneratedID,
                a.views[index].parent == b.views[index].parent, a.views[index].classes == b.views[index].classes
            else { return false }
        }
        return true
    }

    /// Whether two documents with the same views give them the same quoted strings.
    static func sameTitles(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        guard a.views.count == b.views.count else { return false }
        for index in a.views.indices where a.views[index].title != b.views[index].title { return false }
        return true
    }

    /// Whether every view of `b` that `a` had (`previous`: the index in `a` of
    /// each view of `b`) gives the cascade the same view and parent there: then
    /// it has the same style, and so do its descendants that stayed.
    static func keptViewsHaveSameStyleInputs(_ a: LayoutDocument, _ b: LayoutDocument, previous: [Int?]) -> Bool {
        for index in b.views.indices {
            guard let before = previous[index] else { continue }
            guard a.views[before].id == b.views[index].id, a.views[before].kind == b.views[index].kind,
                a.views[before].isGeneratedID == b.views[index].isGeneratedID,
                a.views[before].parent == b.views[index].parent, a.views[before].classes == b.views[index].classes
            else { return false }
        }
        return true
    }

    /// The cascade's input: every view's kind, id, classes, live states and parent.
    static func styledViews(_ document: LayoutDocument, states: [String: [String]]) -> [StyledView] {
        document.views.indices.map { styledView(document, $0, states: states) }
    }

    /// One view's cascade input (its parent an index into `document.views`).
    static func styledView(_ document: LayoutDocument, _ index: Int, states: [String: [String]]) -> StyledView {
        let id = document.views[index].id
        return StyledView(
            kind: document.views[index].kind.rawValue, id: document.views[index].isGeneratedID ? nil : id,
            classes: document.views[index].classes, states: states.isEmpty ? [] : states[id] ?? [],
            parent: document.parentIndex(ofView: index))
    }

    /// The cascade's styles with the spec's quoted strings on top.
    static func effectiveStyles(_ cascaded: [ComputedStyle], _ document: LayoutDocument) -> ViewStyles {
        ViewStyles(cascaded: cascaded, views: document.views)
    }
}
