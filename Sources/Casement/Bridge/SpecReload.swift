import Diagnostics
import LayoutEngine
import LayoutSpec

// A layout loaded from a spec reads the file again on request (dev mode, on a
// save). The new parse is merged into the views in place — a view keeps its
// identity when its spec keeps it (by id, or by place for an anonymous view),
// so whatever code attached to it (subviews, rules, updates, widgets) stays.
// A save with new errors is not taken: the last good parse stays, the errors
// are shown, and code changes keep applying meanwhile.

extension Layout {
    /// Reads the spec file again (`Layout(spec:)`) and applies what changed,
    /// keeping the views (and so everything code attached to them) that the
    /// spec still declares. A save whose spec has errors the last good one did
    /// not have (syntax or lowering: the same file, code and subject) is not
    /// taken: the views stay as they are, the errors are in `diagnostics` and
    /// the report's `blockingErrors` until a good save, and changes made from
    /// code keep applying. For a tree built in code it only applies pending changes.
    @discardableResult
    public func reloadSpec() -> ReloadReport {
        guard let parsed = header.parsed else { return layoutIfNeeded() ?? ReloadReport(trigger: .reload) }
        let path = parsed.source.path
        let next: SpecSyntax
        do {
            next = SpecParser.parse(SourceText(path: path, text: try SpecImport.read(path)))
        } catch {
            return blocked([Diagnostic(.error, .unreadableFile, error.description, at: SourceLocation(file: path, line: 1, column: 1))])
        }
        let known = Set(Self.specErrors(of: parsed).map(\.identity))
        let errors = Self.specErrors(of: next)
        let new = errors.filter { !known.contains($0.identity) }
        guard new.isEmpty else { return blocked(errors) }
        guard !next.views.isEmpty else {
            return blocked([Diagnostic(.error, .layoutEmpty, "the spec declares no view; the last good one stays",
                                       at: SourceLocation(file: path, line: 1, column: 1))])
        }
        blockedSpecErrors = []
        merge(next)
        var report = layoutIfNeeded() ?? ReloadReport(trigger: .reload)
        report.trigger = .reload
        return report
    }

    private func blocked(_ errors: [Diagnostic]) -> ReloadReport {
        layoutIfNeeded()
        blockedSpecErrors = errors
        var report = ReloadReport(trigger: .reload)
        report.blockingErrors = errors
        report.diagnostics = diagnostics
        return report
    }

    /// A spec's own errors, as lowering it alone finds them (code's additions aside).
    private static func specErrors(of syntax: SpecSyntax) -> [Diagnostic] {
        SpecLowering.lower(syntax).diagnostics.filter(\.standsForErrors)
    }

    /// Takes a new parse of the spec into the views: the views it still declares
    /// are kept (their header and body replaced), new ones are made, the ones
    /// it dropped leave the tree. Children the spec declares come first, in its
    /// order, then those code added, in theirs.
    private func merge(_ next: SpecSyntax) {
        var old: [String: View] = [:]
        for root in roots {
            for view in root.allViews where view.spec != nil { old[view.specKey] = view }
        }
        var views: [View] = []
        var keys: [String] = []
        var newRoots: [View] = []
        var counts: [String: Int] = [:]
        var taken: Set<ObjectIdentifier> = []
        for declared in next.views {
            let parentKey = declared.parent.map { keys[$0] } ?? ""
            let key = Self.key(of: declared, parentKey: parentKey, counts: &counts)
            let kind = declared.resolvedKind ?? .box
            let origin = SpecOrigin(
                syntax: declared,
                statementLocations: declared.statements.map { next.source.location(atOffset: SpecImport.span(of: $0).start) })
            let view: View
            if let kept = old[key], kept.kind == kind, !taken.contains(ObjectIdentifier(kept)) {
                view = kept
                view.takeSpec(origin)
            } else {
                view = View(
                    kind, id: declared.id?.text, classes: declared.classes.map(\.text), title: declared.title, params: [:],
                    location: next.source.location(atOffset: declared.span.start))
                view.spec = origin
                if let replaced = old[key] {
                    // Another kind now: what code added moves to the new view.
                    for child in replaced.subviews where child.spec == nil { view.addSubview(child) }
                }
            }
            view.specKey = key
            taken.insert(ObjectIdentifier(view))
            keys.append(key)
            views.append(view)
            if declared.parent == nil { newRoots.append(view) }
        }
        // Dropped views leave the tree, and every spec view its parent (a save may
        // have turned parent and child round); then each view gets its children
        // in order, the spec's first. What code added stays where code put it.
        for view in old.values where !taken.contains(ObjectIdentifier(view)) { view.removeFromSuperview() }
        for view in views { view.removeFromSuperview() }
        var children = [[View]](repeating: [], count: views.count)
        for (index, declared) in next.views.enumerated() {
            if let parent = declared.parent { children[parent].append(views[index]) }
        }
        for (index, view) in views.enumerated() {
            let added = view.subviews
            for child in children[index] + added { view.addSubview(child) }
        }
        roots = newRoots
        header = SpecHeader(path: next.source.path, uses: next.uses, lets: next.lets, parsed: next)
    }

    /// What names a spec view across saves: its id, or for an anonymous view
    /// its place (parent, kind and how many anonymous siblings of that kind came before).
    static func key(of view: ViewSyntax, parentKey: String, counts: inout [String: Int]) -> String {
        if let id = view.id?.text { return "#" + id }
        let base = parentKey + "/" + view.kind.text
        let number = counts[base, default: 0] + 1
        counts[base] = number
        return base + "#\(number)"
    }
}

extension View {
    /// A new header and body from the spec: the fields code did not change
    /// follow the spec; those code changed keep code's value.
    func takeSpec(_ origin: SpecOrigin) {
        let before = spec?.syntax
        if before.map({ $0.classes.map(\.text) }) == classes { classes = origin.syntax.classes.map(\.text) }
        if before?.title == title { title = origin.syntax.title }
        let keeps = spec?.keepsStatements ?? true
        spec = origin
        spec?.keepsStatements = keeps
        changed()
    }
}
