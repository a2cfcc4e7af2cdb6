import Cassowary
import Diagnostics
import LayoutSpec
import Stylesheet

/// Answers worked out on request and kept until the layout next changes.
struct QueryCache: Sendable {
    var unsatisfied: [UnsatisfiedPreference]?
    var ambiguities: [ViewAmbiguity]?
}

extension LayoutSession {
    // MARK: Describing constraints

    /// The inspector's view of one engine constraint.
    mutating func describe(_ ref: ConstraintRef) -> ConstraintInfo {
        let status = status(of: ref)
        switch ref {
        case .spec(let index):
            let constraint = model.document.constraints[index]
            var resolved: String?
            if !constraint.right.styles.isEmpty, let constant = specSlots[index].constant {
                var copy = constraint
                copy.right = LinearExpression(terms: constraint.right.terms, constant: constant)
                resolved = copy.description
            }
            var mentioned = [constraint.left.view]
            for term in constraint.right.terms where !mentioned.contains(term.variable.view) {
                mentioned.append(term.variable.view)
            }
            return ConstraintInfo(
                origin: .spec(constraint.identity), view: constraint.view, text: constraint.description,
                resolvedText: resolved, priority: constraint.priority, label: constraint.label,
                location: constraint.location, status: status, views: mentioned)
        case .implicit(let view, let kind):
            let id = views[view].id
            let constant = slot(ref).constant ?? 0
            let left = "\(id).\(kind.attribute.rawValue) \(kind.relation.rawValue) "
            let tail = (kind.priority.isRequired ? "" : " @\(kind.priority)") + " as \(kind.label)"
            var text = left + formatCells(constant) + tail
            var resolved: String?
            switch kind {
            case .screenWidth:
                text = left + "terminal.width" + tail
                resolved = left + String(size.width) + tail
            case .screenHeight:
                text = left + "terminal.height" + tail
                resolved = left + String(size.height) + tail
            default:
                break
            }
            var location = views[view].location
            if let property = kind.styleProperty,
                let why = model.cascade.provenance(ofView: view, property: property)
            {
                location = why.winner.location
            }
            return ConstraintInfo(
                origin: .engine(kind), view: id, text: text, resolvedText: resolved, priority: kind.priority,
                label: kind.label, location: location, status: status, views: [id])
        }
    }

    mutating func status(of ref: ConstraintRef) -> ConstraintStatus {
        let current = slot(ref)
        switch current.state {
        case .inactive(let reason): return .inactive(reason)
        case .broken: return .broken
        case .pending: return .satisfied
        case .active: break
        }
        if conflictRecords.contains(where: { $0.members.contains(ref) }) { return .conflicting }
        guard let constraint = current.constraint, !constraint.isRequired,
            let violation = solver.violation(of: constraint), violation > 1e-6
        else { return .satisfied }
        return .unsatisfied(by: violation)
    }

    // MARK: Conflicts, preferences, ambiguity

    /// Every conflict the engine resolved, in the order it met them.
    public mutating func conflicts() -> [ConflictReport] {
        conflictRecords.map { record in
            ConflictReport(constraints: record.members.map { describe($0) }, broken: describe(record.broken))
        }
    }

    /// Optional constraints that do not hold, in spec order. Left out as normal:
    /// a text's hugging (stretched wider or taller than its text) and its width
    /// resistance (narrower than its longest line: it wraps). A text's height
    /// resistance is listed: lines that do not fit are cut.
    public mutating func unsatisfiedPreferences() -> [UnsatisfiedPreference] {
        if let cached = queries.unsatisfied { return cached }
        var found: [(key: OrderKey, ref: ConstraintRef, violation: Double)] = []
        for broken in solver.brokenConstraints() {
            guard let ref = owner(of: broken.constraint) else { continue }
            if case .implicit(_, let kind) = ref, kind == .hugWidth || kind == .hugHeight || kind == .resistWidth {
                continue
            }
            found.append((orderKey(ref), ref, broken.violation))
        }
        found.sort { $0.key < $1.key }
        var result: [UnsatisfiedPreference] = []
        for item in found {
            result.append(UnsatisfiedPreference(constraint: describe(item.ref), violation: item.violation))
        }
        queries.unsatisfied = result
        return result
    }

    /// Views whose frames the constraints leave open, in tree order: attributes
    /// nothing mentions, and directions in which the solution can move at no cost.
    public mutating func ambiguities() -> [ViewAmbiguity] {
        if let cached = queries.ambiguities { return cached }
        let count = views.count
        var moving = [[Bool]](repeating: [false, false, false, false], count: count)
        var involved = [[ConstraintRef]](repeating: [], count: count)

        // Attributes that no constraint in the solver mentions.
        var mentioned = [[Bool]](repeating: [false, false, false, false], count: count)
        for constraint in solver.constraints {
            for term in constraint.expression.terms {
                if let slot = registry.slots[term.variable] { mentioned[slot.view][slot.slot] = true }
            }
        }
        for view in 0..<count {
            for slot in 0..<4 where !mentioned[view][slot] { moving[view][slot] = true }
        }

        // Directions the solver can move in at no cost.
        for ambiguity in solver.ambiguities() {
            var touched: [Int] = []
            for variable in ambiguity.variables {
                guard let slot = registry.slots[variable] else { continue }
                moving[slot.view][slot.slot] = true
                if !touched.contains(slot.view) { touched.append(slot.view) }
            }
            guard !touched.isEmpty else { continue }
            var refs: [ConstraintRef] = []
            for constraint in ambiguity.constraints {
                if let ref = owner(of: constraint), !refs.contains(ref) { refs.append(ref) }
            }
            for view in touched {
                for ref in refs where !involved[view].contains(ref) { involved[view].append(ref) }
            }
        }

        var result: [ViewAmbiguity] = []
        let slotAttributes: [Attribute] = [.left, .top, .width, .height]
        for view in 0..<count where moving[view].contains(true) {
            let attributes = (0..<4).filter { moving[view][$0] }.map { slotAttributes[$0] }
            let refs = involved[view].map { (key: orderKey($0), ref: $0) }.sorted { $0.key < $1.key }
            result.append(
                ViewAmbiguity(view: views[view].id, attributes: attributes, constraints: refs.map { describe($0.ref) }))
        }
        queries.ambiguities = result
        return result
    }

    // MARK: Diagnostics

    /// The engine's own diagnostics: an error at every member of every conflict,
    /// and a warning for every constraint left out for an unset style value.
    mutating func engineDiagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for record in conflictRecords {
            let broken = describe(record.broken)
            let others = record.members.filter { $0 != record.broken }.map { describe($0) }
            let hint = "the engine breaks the member edited most recently; remove or relax one of them"
            for member in record.members {
                if member == record.broken {
                    let list = others.map { "`\($0.text)` (\($0.location))" }.joined(separator: ", ")
                    result.append(Diagnostic(
                        .error,
                        "required constraint `\(broken.text)` conflicts with \(list); it was broken (left out)",
                        at: broken.location, hint: hint))
                } else {
                    let info = describe(member)
                    let rest = others.filter { $0.location != info.location || $0.text != info.text }
                        .map { "`\($0.text)` (\($0.location))" }
                    var message = "required constraint `\(info.text)` conflicts with `\(broken.text)` (\(broken.location)), which was broken"
                    if !rest.isEmpty { message += "; also in the conflict: " + rest.joined(separator: ", ") }
                    result.append(Diagnostic(.error, message, at: info.location, hint: hint))
                }
            }
        }
        for (index, slot) in specSlots.enumerated() {
            guard case .inactive(let reason) = slot.state else { continue }
            let constraint = model.document.constraints[index]
            var hint: String?
            if case .unsetStyle(_, let name) = reason {
                hint = "set '\(name)' for this view in a stylesheet, or write a number"
            }
            result.append(Diagnostic(
                .warning, "constraint `\(constraint.description)` is left out: \(reason)",
                at: constraint.location, hint: hint))
        }
        return withExcerpts(result)
    }

    /// Everything `casement check` reports: the files' and the engine's
    /// diagnostics, ambiguous views and negative sizes as warnings; sorted.
    public mutating func checkDiagnostics() -> [Diagnostic] {
        var result = diagnostics
        var extra: [Diagnostic] = []
        for ambiguity in ambiguities() {
            guard let index = viewIndex(of: ambiguity.view) else { continue }
            let hint = ambiguity.constraints.isEmpty
                ? "give it a rule for each of them"
                : "involved: " + ambiguity.constraints.prefix(4).map { "`\($0.text)`" }.joined(separator: ", ")
                    + (ambiguity.constraints.count > 4 ? ", …" : "")
            extra.append(Diagnostic(
                .warning, "view '\(ambiguity.view)' is ambiguous: \(ambiguity.message)",
                at: views[index].location, hint: hint))
        }
        for view in views {
            if view.frame.width < 0 {
                extra.append(Diagnostic(
                    .warning, "view '\(view.id)' has a negative width (\(view.frame.width) cells)", at: view.location))
            }
            if view.frame.height < 0 {
                extra.append(Diagnostic(
                    .warning, "view '\(view.id)' has a negative height (\(view.frame.height) cells)", at: view.location))
            }
        }
        result += withExcerpts(extra)
        return result.sortedByLocation()
    }

    /// Adds the source line to diagnostics located in the spec.
    private func withExcerpts(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !diagnostics.isEmpty, let text = model.specText else { return diagnostics }
        let source = SourceText(path: specPath, text: text)
        return diagnostics.map { diagnostic in
            var copy = diagnostic
            if copy.excerpt == nil, copy.location.file == specPath {
                copy.excerpt = source.lineText(copy.location.line)
            }
            return copy
        }
    }
}
