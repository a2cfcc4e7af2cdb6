import Diagnostics

/// Stage two: `SpecSyntax` to a `LayoutDocument`. Resolves view ids,
/// `parent`, `let` names and style values, expands composites, insets and
/// offsets, compiles every shorthand and VFL line to plain labelled
/// constraints, and gives each constraint its identity. A rule with an error
/// is reported and skipped as a whole; everything else is kept.
public enum SpecLowering {
    /// `styles` answers structural style values (a grid's `columns`); without
    /// it no stylesheet is known and those values are unset.
    public static func lower(_ syntax: SpecSyntax, styles: StructuralStyle? = nil) -> LayoutDocument {
        var lowerer = Lowerer(syntax: syntax, styles: styles)
        return lowerer.run()
    }
}

struct Lowerer {
    let syntax: SpecSyntax
    var diagnostics: DiagnosticCollector
    var locations: LocationCache

    // Per view, indexed like `syntax.views` (flat copies: reading a field
    // through `syntax.views[i]` would copy the whole view syntax each time).
    var ids: [String] = []
    var parents: [Int] = []
    var params: [[ParameterSyntax]] = []
    /// Offset of each view's kind word: where its generated constraints point.
    var headers: [Int] = []
    var kinds: [ViewKind] = []
    var children: [[Int]] = []
    var viewIndex: [String: Int] = [:]

    var topLets: [String: LetSyntax] = [:]
    var letScopes: [[String: LetSyntax]?] = []
    var hasLets = false
    /// The lets being evaluated, innermost last, to catch cycles.
    var letStack: [String] = []

    var constraints: [LayoutConstraint] = []
    /// Where the current view's constraints start.
    var viewStart = 0
    /// `leftKey` of each of the current view's constraints so far.
    var leftKeys: [Int] = []
    /// Left key to positions in the current view, once it has many constraints.
    var leftTable: [Int: [Int]] = [:]
    /// "view\u{0}label" of every user label seen, to warn about repeats.
    var userLabels: [String: SourceSpan] = [:]
    /// Fixed-length distribute lines so far, per view, to name their gap variables.
    var distributeGaps: [Int: Int] = [:]

    let styles: StructuralStyle?
    /// Every structural style value read, in order.
    var structuralReads: [StructuralRead] = []

    init(syntax: SpecSyntax, styles: StructuralStyle?) {
        self.syntax = syntax
        self.styles = styles
        self.diagnostics = DiagnosticCollector(source: syntax.source, items: syntax.diagnostics)
        self.locations = LocationCache(source: syntax.source)
    }

    mutating func run() -> LayoutDocument {
        assignIDs()
        collectLets()
        let uses = lowerUses()
        constraints.reserveCapacity(syntax.views.count * 6)
        var views: [ViewDeclaration] = []
        views.reserveCapacity(syntax.views.count)
        for index in syntax.views.indices {
            checkParameters(of: index)
            let start = constraints.count
            viewStart = start
            leftKeys.removeAll(keepingCapacity: true)
            lowerContainer(index)
            for statement in syntax.views[index].statements {
                switch statement {
                case .rule(let rule): lowerRule(rule, in: index)
                case .shorthand(let shorthand): lowerShorthand(shorthand, in: index)
                case .visualFormat(let line): lowerVisualFormat(line, in: index)
                }
            }
            views.append(declaration(of: index, constraints: start..<constraints.count))
        }
        return LayoutDocument(
            path: syntax.source.path, uses: uses, views: views, constraints: constraints,
            diagnostics: diagnostics.finished().sortedByLocation(), viewIndex: viewIndex,
            structuralReads: structuralReads)
    }

    // MARK: Views

    /// Gives every view a unique id: its own, or a generated one for anonymous
    /// views (`parent/kind#n`) and repeated ids (`id#n`, reported).
    private mutating func assignIDs() {
        let count = syntax.views.count
        ids.reserveCapacity(count)
        kinds.reserveCapacity(count)
        children = Array(repeating: [], count: count)
        viewIndex.reserveCapacity(count)
        var generatedCounts: [String: Int] = [:]
        parents.reserveCapacity(count)
        params.reserveCapacity(count)
        headers.reserveCapacity(count)
        // Through a buffer pointer: binding each `ViewSyntax` to a local would
        // copy (retain and release) every one of its fields.
        let views = syntax.views
        views.withUnsafeBufferPointer { views in
            for index in views.indices {
                let parent = views[index].parent
                kinds.append(views[index].resolvedKind ?? .box)
                parents.append(parent ?? -1)
                params.append(views[index].params)
                headers.append(views[index].kind.span.start)
                if let parent { children[parent].append(index) }
                var id: String
                if let written = views[index].id {
                    id = written.text
                    if let first = viewIndex[id] {
                        let renamed = uniqueID(base: id, counts: &generatedCounts)
                        diagnostics.error(
                            "view id '\(id)' is already used by the view at line \(syntax.source.line(atOffset: headers[first])); this one is renamed '\(renamed)'",
                            at: written.span, hint: "give every view its own id")
                        id = renamed
                    }
                } else {
                    let base = (parent.map { ids[$0] + "/" } ?? "") + views[index].kind.text
                    id = uniqueID(base: base, counts: &generatedCounts)
                }
                ids.append(id)
                viewIndex[id] = index
            }
        }
    }

    private func uniqueID(base: String, counts: inout [String: Int]) -> String {
        var number = counts[base, default: 0]
        var candidate: String
        repeat {
            number += 1
            candidate = "\(base)#\(number)"
        } while viewIndex[candidate] != nil
        counts[base] = number
        return candidate
    }

    private mutating func collectLets() {
        letScopes = Array(repeating: nil, count: syntax.views.count)
        for definition in syntax.lets {
            topLets[definition.name.text] = definition
            warnIfLetHidesView(definition)
        }
        for (index, view) in syntax.views.enumerated() where !view.lets.isEmpty {
            var scope: [String: LetSyntax] = [:]
            for definition in view.lets {
                scope[definition.name.text] = definition
                warnIfLetHidesView(definition)
            }
            letScopes[index] = scope
        }
        hasLets = !topLets.isEmpty || letScopes.contains { $0 != nil }
    }

    private mutating func warnIfLetHidesView(_ definition: LetSyntax) {
        guard viewIndex[definition.name.text] != nil else { return }
        diagnostics.warning(
            "let '\(definition.name.text)' hides the view of the same id in expressions", at: definition.name.span,
            hint: "rename the let or the view")
    }

    private mutating func lowerUses() -> [StylesheetUse] {
        var uses: [StylesheetUse] = []
        for use in syntax.uses {
            let resolved = SpecPath.resolve(use.path, relativeTo: syntax.source.path)
            if uses.contains(where: { $0.resolvedPath == resolved }) {
                diagnostics.warning("'\(use.path)' is already used above; it is read once", at: use.span)
                continue
            }
            if !use.path.hasSuffix(".cas") {
                diagnostics.warning(
                    "'\(use.path)' does not end in .cas", at: use.span, hint: "'use' names Classy stylesheets")
            }
            uses.append(StylesheetUse(path: use.path, resolvedPath: resolved, location: locations.location(use.span.start)))
        }
        return uses
    }

    private mutating func declaration(of index: Int, constraints range: Range<Int>) -> ViewDeclaration {
        var parameters: [ViewParameter] = []
        if !params[index].isEmpty {
            parameters.reserveCapacity(params[index].count)
            for param in params[index] {
                parameters.append(
                    ViewParameter(name: param.name.text, value: param.value, location: locations.location(param.name.span.start)))
            }
        }
        var childIDs: [String] = []
        if !children[index].isEmpty {
            childIDs.reserveCapacity(children[index].count)
            for child in children[index] { childIDs.append(ids[child]) }
        }
        let parent = parent(of: index)
        let location = locations.location(headers[index])
        return syntax.views.withUnsafeBufferPointer { views in
            ViewDeclaration(
                kind: kinds[index], id: ids[index], isGeneratedID: views[index].id?.text != ids[index],
                classes: views[index].classes.isEmpty ? [] : views[index].classes.map(\.text), title: views[index].title,
                params: parameters, parent: parent.map { ids[$0] }, children: childIDs,
                depth: views[index].depth, location: location, constraintRange: range)
        }
    }

    // MARK: Shared helpers

    func parent(of view: Int) -> Int? {
        let parent = parents[view]
        return parent < 0 ? nil : parent
    }

    func line(of span: SourceSpan) -> Int { syntax.source.line(atOffset: span.start) }

    func attribute(_ view: Int, _ attribute: Attribute) -> Variable { .attribute(view: ids[view], attribute) }

    func edge(_ view: Int, _ attribute: Attribute) -> LinearExpression { .variable(.attribute(view: ids[view], attribute)) }

    /// The source text of a span, for messages.
    func written(_ span: SourceSpan) -> String {
        let end = min(span.end, syntax.source.utf8.count)
        return String(decoding: syntax.source.utf8[min(span.start, end)..<end], as: UTF8.self)
    }

    /// Appends a lowered constraint, giving it the first free ordinal of its identity.
    mutating func emit(
        _ view: Int, _ label: String?, _ left: Variable, _ relation: Relation, _ right: LinearExpression,
        _ priority: LayoutPriority, at offset: Int
    ) {
        guard right.isFinite else {
            diagnostics.error(
                "a number in this constraint is too large to compute with", at: SourceSpan(start: offset, end: offset + 1))
            return
        }
        var identity = ConstraintIdentity(
            view: ids[view], label: label, left: left, relation: relation, shape: label == nil ? right.shape : [])
        identity.ordinal = nextOrdinal(identity, key: leftKey(left))
        constraints.append(
            LayoutConstraint(
                identity: identity, location: locations.location(offset), priority: priority,
                relation: relation, right: right))
    }

    /// How many earlier constraints of the current view share this identity
    /// (every constraint emitted now belongs to the current view: a view's
    /// constraints are lowered together). Candidates are found by a cheap key
    /// of the left side, scanned while the view has few constraints and kept
    /// in a table after that, so a container with thousands of children stays linear.
    private mutating func nextOrdinal(_ identity: ConstraintIdentity, key: Int) -> Int {
        let position = constraints.count - viewStart
        var count = 0
        if position < 64 {
            for index in 0..<position where leftKeys[index] == key
                && constraints[viewStart + index].identity.hasSameKey(as: identity)
            {
                count += 1
            }
        } else {
            if position == 64 {
                leftTable.removeAll(keepingCapacity: true)
                for index in 0..<position { leftTable[leftKeys[index], default: []].append(index) }
            }
            for index in leftTable[key] ?? [] where constraints[viewStart + index].identity.hasSameKey(as: identity) {
                count += 1
            }
            leftTable[key, default: []].append(position)
        }
        leftKeys.append(key)
        return count
    }

    /// A number equal for equal left sides (FNV-1a of the view id and the
    /// attribute): cheaper than hashing, and a collision only costs a full compare.
    private func leftKey(_ left: Variable) -> Int {
        switch left {
        case .attribute(let view, let attribute):
            var id = view
            let hash = id.withUTF8 { bytes in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return hash
            }
            return Int(truncatingIfNeeded: hash &+ UInt64(attribute.order))
        case .auxiliary:
            return -1
        }
    }

    /// Warns when a view uses one `as` label on two statements: both stay, told apart by ordinal.
    mutating func noteUserLabel(_ label: NameSyntax?, in view: Int) {
        guard let label else { return }
        let key = ids[view] + "\u{0}" + label.text
        if let first = userLabels[key] {
            diagnostics.warning(
                "label '\(label.text)' is already used in view '\(ids[view])' at line \(line(of: first))",
                at: label.span, hint: "labels name constraints in the inspector; keep them unique per view")
        } else {
            userLabels[key] = label.span
        }
    }
}
