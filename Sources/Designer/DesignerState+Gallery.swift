import LayoutEngine
import Presentation

/// A spec the designer showed before the one on screen.
public struct HistoryEntry: Hashable, Sendable {
    /// The spec file that was on screen.
    public var specPath: String
    /// What was selected there, selected again on the way back.
    public var selection: String?
}

/// The gallery: a view with the id `demo-NAME` links to `NAME.layout` in the
/// open spec's directory, when that file exists. Enter on it (or on anything
/// inside it), or a click, opens the linked spec; `back` returns to the row it
/// came from. In a spec with links, ↑ and ↓ step from link to link (while the
/// inspector is hidden), and the first link is selected when it opens.
extension DesignerState {
    static let linkPrefix = "demo-"

    /// The spec the view at `index` (or one of its ancestors) links to.
    func linkedSpec(from index: Int) -> String? {
        linkingView(from: index).flatMap { links[session.views[$0].id] }
    }

    /// The view at `index`, or its nearest ancestor, that links to a spec.
    func linkingView(from index: Int) -> Int? {
        var current: Int? = index
        while let position = current {
            let view = session.views[position]
            if links[view.id] != nil { return position }
            current = view.parentIndex
        }
        return nil
    }

    /// Finds the links of the views on show (after a load or a reload).
    mutating func refreshLinks() {
        var found: [String: String] = [:]
        for view in session.views {
            if let target = linkTarget(ofViewID: view.id) { found[view.id] = target }
        }
        links = found
    }

    private func linkTarget(ofViewID id: String) -> String? {
        guard id.hasPrefix(Self.linkPrefix), id.count > Self.linkPrefix.count else { return nil }
        let name = id.dropFirst(Self.linkPrefix.count)
        let spec = session.specPath
        let directory = spec.lastIndex(of: "/").map { String(spec[...$0]) } ?? ""
        let path = directory + name + ".layout"
        guard path != spec, (try? reader.contents(of: path)) != nil else { return nil }
        return path
    }

    /// Whether the open spec links to others (it is a gallery).
    var hasLinks: Bool { !links.isEmpty }

    /// Opens another spec in place of this one (remembering this one, and its
    /// selection, for `back`).
    public mutating func open(_ specPath: String) {
        open(specPath, returningTo: selection)
    }

    /// Opens another spec in place of this one; `back` comes back to this one
    /// with `viewID` selected (the row a link was opened from).
    mutating func open(_ specPath: String, returningTo viewID: String?) {
        history.append(HistoryEntry(specPath: session.specPath, selection: viewID))
        replaceSpec(with: specPath, selecting: nil)
    }

    /// Back to the spec opened before this one.
    mutating func goBack() {
        guard let previous = history.popLast() else {
            message = "nothing to go back to"
            return
        }
        replaceSpec(with: previous.specPath, selecting: previous.selection)
    }

    private mutating func replaceSpec(with specPath: String, selecting id: String?) {
        session = LayoutSession(specPath: specPath, reader: reader, size: layoutSize)
        selection = nil
        focus = .tree
        viewport = InspectorViewport()
        followFocus = true
        drawer = nil
        load()
        if let id, let index = session.viewIndex(of: id) {
            select(index)
        } else {
            selectFirstLink()
        }
    }

    /// In a gallery with nothing selected, the first link: Enter opens it.
    mutating func selectFirstLink() {
        guard selection == nil, let first = linkRows.first else { return }
        select(first)
    }

    /// The views that link to a spec, in tree order.
    var linkRows: [Int] { session.views.indices.filter { links[session.views[$0].id] != nil } }

    /// ↑/↓ in a gallery: the previous or next link row. Returns false when the
    /// arrows should move in the tree instead.
    mutating func stepThroughLinks(by offset: Int) -> Bool {
        guard hasLinks, !inspectorVisible, focus == .tree else { return false }
        let rows = linkRows
        let current = selectedIndex.flatMap { index in rows.lastIndex { $0 <= index } }
        let next = current.map { min(max(0, $0 + offset), rows.count - 1) } ?? (offset > 0 ? 0 : rows.count - 1)
        select(rows[next])
        return true
    }
}
