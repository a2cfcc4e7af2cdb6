import LayoutEngine

/// The gallery: a view with the id `demo-NAME` links to `NAME.layout` in the
/// open spec's directory, when that file exists. Enter on it (or on anything
/// inside it), or a click, opens the linked spec; `back` returns.
extension DesignerState {
    static let linkPrefix = "demo-"

    /// The spec the view at `index` (or one of its ancestors) links to.
    func linkedSpec(from index: Int) -> String? {
        var current: Int? = index
        while let position = current {
            let view = session.views[position]
            if let target = links[view.id] { return target }
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

    /// Opens another spec in place of this one (remembering this one for `back`).
    public mutating func open(_ specPath: String) {
        history.append(session.specPath)
        replaceSpec(with: specPath)
    }

    /// Back to the spec opened before this one.
    mutating func goBack() {
        guard let previous = history.popLast() else {
            message = "nothing to go back to"
            return
        }
        replaceSpec(with: previous)
    }

    private mutating func replaceSpec(with specPath: String) {
        session = LayoutSession(specPath: specPath, reader: reader, size: layoutSize)
        selection = nil
        focus = .tree
        viewport = InspectorViewport()
        followFocus = true
        drawer = nil
        load()
    }
}
