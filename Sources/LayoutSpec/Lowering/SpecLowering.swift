import Diagnostics

/// Stage two: `SpecSyntax` to a `LayoutDocument`. Resolves view ids,
/// `parent`, `let` names and style values, expands composites, insets and
/// offsets, compiles every shorthand and VFL line to plain labelled
/// constraints, and gives each constraint its identity. A rule with an error
/// is reported and skipped as a whole; everything else is kept.
public enum SpecLowering {
    /// `styles` answers structural style values (a grid's `columns`); without
    /// it no stylesheet is known and those values are unset. `previous`, the
    /// document lowered from an earlier version of the same file, lets the
    /// views an edit did not touch be taken over instead of lowered again: the
    /// result is the same, only faster (and a `ConstraintDelta` from `previous`
    /// skips those views).
    public static func lower(
        _ syntax: SpecSyntax, styles: StructuralStyle? = nil, reusing previous: LayoutDocument? = nil
    ) -> LayoutDocument {
        var lowerer = Lowerer(syntax: syntax, styles: styles)
        return lowerer.run(reusing: previous)
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
    /// The view being lowered, and where its constraints start.
    var currentView = 0
    var viewStart = 0
    /// The current view's constraints chained by left side, to count ordinals.
    var ordinalChains = OrdinalChains()
    /// "view\u{0}label" of every user label seen, to warn about repeats.
    var userLabels: [String: SourceSpan] = [:]
    /// Fixed-length distribute lines so far, per view, to name their gap variables.
    var distributeGaps: [Int: Int] = [:]

    let styles: StructuralStyle?
    /// Every structural style value read, in order.
    var structuralReads: [StructuralRead] = []
    /// Every view id a rule named, in order (see `LoweringMemo.viewNames`).
    var viewNames: [String] = []
    /// Constraints of taken-over views not copied yet: a run of
    /// `previousConstraints`, lines to shift by `pendingShift`.
    var pendingTake = 0..<0
    var pendingShift = 0
    /// The constraints of the document views are taken over from.
    var previousConstraints: [LayoutConstraint] = []

    init(syntax: SpecSyntax, styles: StructuralStyle?) {
        self.syntax = syntax
        self.styles = styles
        self.diagnostics = DiagnosticCollector(continuing: syntax.collector)
        self.locations = LocationCache(source: syntax.source, locator: SpanLocator(codeLocations: syntax.codeLocations))
    }

    mutating func run(reusing previous: LayoutDocument?) -> LayoutDocument {
        assignIDs(previous: previous)
        ordinalChains = OrdinalChains(keys: ids.count * 8 + 1)
        collectLets()
        let uses = lowerUses()
        var plan: ReusePlan?
        if let previous { plan = ReusePlan(previous: previous, lowerer: self) }
        if let plan { previousConstraints = plan.previous.constraints }
        var memo = LoweringMemo(source: syntax.source)
        memo.headerOffsets = headers
        memo.parents = parents
        memo.nameStarts.reserveCapacity(syntax.views.count + 1)
        memo.lets = LoweringMemo.lets(of: syntax)
        if syntax.isBuilt {
            memo.builtViews = syntax.views
            memo.builtLets = syntax.lets
            memo.builtToken = syntax.builtToken
        }
        memo.clean.reserveCapacity(syntax.views.count)
        memo.readStarts.reserveCapacity(syntax.views.count + 1)
        var taken = plan == nil ? [] : [Bool](repeating: false, count: syntax.views.count)
        // An edit adds a few constraints at most: room for them, or the array would double.
        constraints.reserveCapacity(previous.map { $0.constraints.count * 33 / 32 + 64 } ?? estimatedConstraintCount())
        var views: [ViewDeclaration] = []
        views.reserveCapacity(syntax.views.count)
        for index in syntax.views.indices {
            memo.readStarts.append(structuralReads.count)
            memo.nameStarts.append(viewNames.count)
            if let plan, takeOver(index, from: plan, into: &views) {
                memo.clean.append(true)
                taken[index] = true
                continue
            }
            copyPendingConstraints()
            let attempts = diagnostics.attempts
            checkParameters(of: index)
            let start = constraints.count
            currentView = index
            viewStart = start
            ordinalChains.previous.removeAll(keepingCapacity: true)
            lowerContainer(index)
            for statement in syntax.views[index].statements {
                switch statement {
                case .rule(let rule): lowerRule(rule, in: index)
                case .shorthand(let shorthand): lowerShorthand(shorthand, in: index)
                case .visualFormat(let line): lowerVisualFormat(line, in: index)
                }
            }
            views.append(declaration(of: index, constraints: start..<constraints.count))
            memo.clean.append(diagnostics.attempts == attempts)
        }
        copyPendingConstraints()
        shrinkIfOverReserved()
        memo.readStarts.append(structuralReads.count)
        memo.nameStarts.append(viewNames.count)
        memo.viewNames = viewNames
        if let plan {
            memo.bases = [LoweringBase(token: plan.memo.token, taken: taken)]
            if let older = plan.memo.bases.first {
                memo.bases.append(LoweringBase(token: older.token, taken: zip(taken, older.taken).map { $0 && $1 }))
            }
        }
        return LayoutDocument(
            path: syntax.source.path, uses: uses, views: views, constraints: constraints,
            diagnostics: diagnostics.finished().sortedByLocation(), viewIndex: viewIndex,
            structuralReads: structuralReads, memo: memo)
    }

    /// About as many constraints as lowering makes: a few per view (its place
    /// in its container) and one or more per rule. A little more rather than
    /// less: growing the array would double it.
    private func estimatedConstraintCount() -> Int {
        var statements = 0
        for index in syntax.views.indices { statements += syntax.views[index].statements.count }
        return syntax.views.count * 4 + statements + 16
    }

    /// The constraints are kept as long as the document: when the estimate was
    /// far off (or the array grew), a copy of the right size is kept instead.
    private mutating func shrinkIfOverReserved() {
        guard constraints.capacity > constraints.count + constraints.count / 2 + 64 else { return }
        var fitted: [LayoutConstraint] = []
        fitted.reserveCapacity(constraints.count)
        fitted += constraints
        constraints = fitted
    }

    // MARK: Views

    /// Gives every view a unique id: its own, or a generated one for anonymous
    /// views (`parent/kind#n`) and repeated ids (`id#n`, reported).
    private mutating func assignIDs(previous: LayoutDocument?) {
        let count = syntax.views.count
        ids.reserveCapacity(count)
        kinds.reserveCapacity(count)
        children = Array(repeating: [], count: count)
        // When every view has its own id, the same as in the previous document
        // (which then had no repeats), the previous index holds as it is. So it
        // does when the views have the previous document's shape — the same
        // written ids, kind words and parents, view by view — for then every
        // generated id is made again the same (an edit inside bodies, or a
        // constant changed from code, in a tree of anonymous views).
        let knownIDs = previous.map { Self.hasSameOwnIDs(syntax, as: $0) } ?? false
        let sameShape = !knownIDs && previous.map { Self.isSameTree(syntax, as: $0) || Self.hasSameShape(syntax, as: $0) } ?? false
        if knownIDs || sameShape { viewIndex = previous!.viewIndex } else { viewIndex.reserveCapacity(count) }
        var generatedCounts: [String: Int] = [:]
        parents.reserveCapacity(count)
        params.reserveCapacity(count)
        headers.reserveCapacity(count)
        let views = syntax.views
        for index in views.indices {
            let parent = views[index].parent
            kinds.append(views[index].resolvedKind ?? .box)
            parents.append(parent ?? -1)
            params.append(views[index].params)
            headers.append(views[index].kind.span.start)
            if let parent { children[parent].append(index) }
            if knownIDs {
                ids.append(views[index].id!.text)
                continue
            }
            if sameShape {
                ids.append(previous!.views[index].id)
                continue
            }
            var id: String
            if let written = views[index].id {
                id = written.text
                if let first = viewIndex[id] {
                    let renamed = uniqueID(base: id, counts: &generatedCounts)
                    diagnostics.error(.layoutName,
                        "view id '\(id)' is already used by the view at \(place(of: SourceSpan(start: headers[first], end: headers[first] + 1))); this one is renamed '\(renamed)'",
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

    /// Whether every view has its own id and the previous document (lowered,
    /// not changed by hand) has the same ones, none generated.
    private static func hasSameOwnIDs(_ syntax: SpecSyntax, as previous: LayoutDocument) -> Bool {
        guard previous.memo != nil, previous.views.count == syntax.views.count else { return false }
        for index in syntax.views.indices {
            guard !previous.views[index].isGeneratedID, let id = syntax.views[index].id, id.text == previous.views[index].id
            else { return false }
        }
        return true
    }

    /// Whether code that built the syntax says it is the tree the previous
    /// document was lowered from, only some views' bodies changed (code
    /// renames or moves a view only by building the tree whole).
    private static func isSameTree(_ syntax: SpecSyntax, as previous: LayoutDocument) -> Bool {
        guard let token = previous.memo?.builtToken, previous.views.count == syntax.views.count else { return false }
        return syntax.builtToken === token || syntax.builtChanges?.base === token
    }

    /// Whether the views are the previous document's, shape for shape: as many,
    /// each with the same written id (none where it had a generated one, and no
    /// renamed repeats), the same kind word and the same parent.
    private static func hasSameShape(_ syntax: SpecSyntax, as previous: LayoutDocument) -> Bool {
        guard let memo = previous.memo, previous.views.count == syntax.views.count, memo.parents.count == syntax.views.count
        else { return false }
        for index in syntax.views.indices {
            let parent = syntax.views[index].parent ?? -1
            guard memo.parents[index] == parent, previous.views[index].kind.rawValue == syntax.views[index].kind.text
            else { return false }
            if previous.views[index].isGeneratedID {
                guard syntax.views[index].id == nil else { return false }
            } else {
                guard syntax.views[index].id?.text == previous.views[index].id else { return false }
            }
        }
        return true
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
        diagnostics.warning(.layoutName,
            "let '\(definition.name.text)' hides the view of the same id in expressions", at: definition.name.span,
            hint: "rename the let or the view")
    }

    private mutating func lowerUses() -> [StylesheetUse] {
        var uses: [StylesheetUse] = []
        var seen = Set<String>()   // a list searched per line was quadratic in the number of lines
        for use in syntax.uses {
            let resolved = SpecPath.resolve(use.path, relativeTo: syntax.source.path)
            guard seen.insert(resolved).inserted else {
                diagnostics.warning(.layoutUse, "'\(use.path)' is already used above; it is read once", at: use.span)
                continue
            }
            if !use.path.hasSuffix(".cas") {
                diagnostics.warning(.layoutUse,
                    "'\(use.path)' does not end in .cas", at: use.span, hint: "'use' names Classy stylesheets")
            }
            uses.append(StylesheetUse(path: use.path, resolvedPath: resolved, location: locations.location(use.span.start)))
        }
        return uses
    }

    mutating func declaration(of index: Int, constraints range: Range<Int>) -> ViewDeclaration {
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
        // Each field read through the array: taking the `ViewSyntax` out would copy it.
        return ViewDeclaration(
            kind: kinds[index], id: ids[index], isGeneratedID: syntax.views[index].id?.text != ids[index],
            classes: syntax.views[index].classes.isEmpty ? [] : syntax.views[index].classes.map(\.text),
            title: syntax.views[index].title, params: parameters, parent: parent.map { ids[$0] }, children: childIDs,
            depth: syntax.views[index].depth, location: location, constraintRange: range)
    }

    // MARK: Shared helpers

    func parent(of view: Int) -> Int? {
        let parent = parents[view]
        return parent < 0 ? nil : parent
    }

    /// "line 12" for a span of the spec's text; "App.swift:12" for one made in code.
    func place(of span: SourceSpan) -> String {
        if let location = locations.locator.codeLocation(span) { return "\(location.file):\(location.line)" }
        return "line \(syntax.source.line(atOffset: span.start))"
    }

    func attribute(_ view: Int, _ attribute: Attribute) -> Variable { .attribute(view: ids[view], attribute) }

    func edge(_ view: Int, _ attribute: Attribute) -> LinearExpression { .variable(.attribute(view: ids[view], attribute)) }

    /// The source text of a span, for messages.
    func written(_ span: SourceSpan) -> String {
        if span.isCode { return "…" }
        let end = min(span.end, syntax.source.utf8.count)
        return String(decoding: syntax.source.utf8[min(span.start, end)..<end], as: UTF8.self)
    }

    /// Appends a lowered constraint, giving it the first free ordinal of its identity.
    mutating func emit(
        _ view: Int, _ label: String?, _ left: LeftSide, _ relation: Relation, _ right: consuming LinearExpression,
        _ priority: LayoutPriority, at offset: Int
    ) {
        guard right.isFinite else {
            diagnostics.error(.layoutExpression,
                "a number in this constraint is too large to compute with, infinite or not a number; the constraint is left out", at: SourceSpan(start: offset, end: offset + 1))
            return
        }
        let variable: Variable
        switch left {
        case .attribute(let owner, let attribute): variable = .attribute(view: ids[owner], attribute)
        case .auxiliary(let auxiliary): variable = auxiliary
        }
        // The identity is built last, in place: assembling it first and then
        // setting its ordinal, or locating the constraint after it, copies it.
        let shape = label == nil ? right.shape : []
        let ordinal = nextOrdinal(label: label, left: variable, relation: relation, shape: shape, key: leftKey(left))
        let location = locations.location(offset)
        constraints.append(
            LayoutConstraint(
                identity: ConstraintIdentity(
                    view: ids[view], label: label, left: variable, relation: relation, shape: shape, ordinal: ordinal),
                location: location, priority: priority, relation: relation, right: right))
    }

    /// How many earlier constraints of the current view share this identity
    /// (every constraint emitted now belongs to the current view: a view's
    /// constraints are lowered together). Only constraints with the same left
    /// side can: each is chained to the previous one with its left side, so a
    /// container with thousands of children stays linear, without hashing.
    private mutating func nextOrdinal(
        label: String?, left: Variable, relation: Relation, shape: [LinearTerm], key: Int
    ) -> Int {
        let position = Int32(constraints.count - viewStart)
        let stamp = Int32(currentView + 1)
        var count = 0
        if ordinalChains.stamps[key] == stamp {
            var candidate = ordinalChains.last[key]
            ordinalChains.previous.append(candidate)
            let keyRelation = label == nil ? relation : nil
            while candidate >= 0 {
                if constraints[viewStart + Int(candidate)].identity.hasKey(
                    label: label, left: left, relation: keyRelation, shape: shape)
                {
                    count += 1
                }
                candidate = ordinalChains.previous[Int(candidate)]
            }
        } else {
            ordinalChains.stamps[key] = stamp
            ordinalChains.previous.append(-1)
        }
        ordinalChains.last[key] = position
        return count
    }

    /// A distinct number for every left side a view's constraints can have:
    /// eight per view for its attributes, one shared by auxiliary variables
    /// (which `hasKey` then tells apart).
    private func leftKey(_ left: LeftSide) -> Int {
        switch left {
        case .attribute(let view, let attribute): view &* 8 &+ attribute.order
        case .auxiliary: ids.count &* 8
        }
    }

    /// Warns when a view uses one `as` label on two statements: both stay, told
    /// apart by ordinal. (One written label seen twice is one statement that
    /// code split per attribute: no repeat.)
    mutating func noteUserLabel(_ label: NameSyntax?, in view: Int) {
        guard let label else { return }
        let key = ids[view] + "\u{0}" + label.text
        if let first = userLabels[key], first != label.span {
            diagnostics.warning(.layoutName,
                "label '\(label.text)' is already used in view '\(ids[view])' at \(place(of: first))",
                at: label.span, hint: "labels name constraints in the inspector; keep them unique per view")
        } else {
            userLabels[key] = label.span
        }
    }
}

/// The constrained side of a constraint being lowered: an attribute of a view,
/// named by its index so ordinals can be counted with exact integer keys, or an
/// auxiliary variable.
enum LeftSide {
    case attribute(Int, Attribute)
    case auxiliary(Variable)
}

/// For each left-side key, the current view's last constraint with it, and
/// for each of the view's constraints the one before it with the same key.
/// A key is valid only when its stamp is the current view's, so nothing is
/// cleared between views.
struct OrdinalChains {
    var stamps: [Int32]
    var last: [Int32]
    var previous: [Int32] = []

    init(keys: Int = 0) {
        stamps = Array(repeating: 0, count: keys)
        last = Array(repeating: -1, count: keys)
    }
}
