import LayoutSpec
import Stylesheet

// What the cascade is given, and how two documents' views compare for it.

extension LayoutSession {
    /// Whether two documents give the cascade the same views: ids, kinds, classes
    /// and parents (checked field by field, without building the cascade's input).
    static func sameStyleInputs(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        viewsAgree(a, b) { a, b in
            a.id == b.id && a.kind == b.kind && a.isGeneratedID == b.isGeneratedID && a.parent == b.parent
                && a.classes == b.classes
        }
    }

    /// Whether two documents with the same views give them the same quoted strings.
    static func sameTitles(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        viewsAgree(a, b) { $0.title == $1.title }
    }

    /// Whether two documents have as many views and `same` holds for each pair in order.
    static func viewsAgree(
        _ a: LayoutDocument, _ b: LayoutDocument, _ same: (borrowing ViewDeclaration, borrowing ViewDeclaration) -> Bool
    ) -> Bool {
        guard a.views.count == b.views.count else { return false }
        for index in a.views.indices where !same(a.views[index], b.views[index]) { return false }
        return true
    }

    /// The cascade's input: every view's kind, id, classes, live states and parent.
    static func styledViews(_ document: LayoutDocument, states: [String: [String]]) -> [StyledView] {
        document.views.indices.map { index in
            let view = document.views[index]
            return StyledView(
                kind: view.kind.rawValue, id: view.isGeneratedID ? nil : view.id, classes: view.classes,
                states: states.isEmpty ? [] : states[view.id] ?? [], parent: document.parentIndex(ofView: index))
        }
    }

    /// The cascade's styles with the spec's quoted strings on top.
    static func effectiveStyles(_ cascaded: [ComputedStyle], _ document: LayoutDocument) -> [ComputedStyle] {
        var styles = cascaded
        for index in document.views.indices where document.views[index].title != nil {
            styles[index] = StyleValues.effective(cascaded[index], for: document.views[index])
        }
        return styles
    }
}
