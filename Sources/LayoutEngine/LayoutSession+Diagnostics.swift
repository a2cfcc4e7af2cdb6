import Cassowary
import Diagnostics
import LayoutSpec

// The engine's own diagnostics: conflicts, constraints left out, a screen too
// small, and what `casement check` adds (ambiguity, negative sizes).

extension LayoutSession {
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
        if let overflow = screenOverflow() { result.append(overflow) }
        for (index, slot) in specSlots.enumerated() {
            // Rules a collapse sets aside are meant to be out: explain and the inspector show them.
            guard case .inactive(let reason) = slot.state else { continue }
            if case .collapsed = reason { continue }
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

    /// The terminal's size is a strong preference on the screen's edit variables, so
    /// required constraints that need more (or less) room than the terminal has
    /// resize the screen instead of conflicting; the layout then overflows and is
    /// clipped. This warning says so and names the constraints that force it,
    /// found by trying the terminal size as a requirement on a copy of the solver.
    mutating func screenOverflow() -> Diagnostic? {
        let solvedWidth = solver.value(of: terminalWidth), solvedHeight = solver.value(of: terminalHeight)
        let wide = abs(solvedWidth - Double(size.width)) > 1e-6, tall = abs(solvedHeight - Double(size.height)) > 1e-6
        guard wide || tall, let screen = views.first(where: { $0.kind == .screen && $0.parent == nil }) else { return nil }
        var probe = solver
        var members: [ConstraintRef] = []
        for (variable, target, deviates) in [
            (terminalWidth, Double(size.width), wide), (terminalHeight, Double(size.height), tall),
        ] where deviates {
            let requirement = SolverConstraint(SolverExpression(terms: [SolverTerm(variable)], constant: -target), .equal)
            do {
                try probe.add(requirement)
            } catch SolverError.unsatisfiable(_, let conflict) {
                for constraint in conflict where constraint != requirement {
                    if let ref = owner(of: constraint), !members.contains(ref) { members.append(ref) }
                }
            } catch {}
        }
        let ordered = members.map { (key: orderKey($0), ref: $0) }.sorted { $0.key < $1.key }
        let names = ordered.prefix(6).map { "`\(describe($0.ref).text)`" }
        let needed = "\(formatCells(solvedWidth))x\(formatCells(solvedHeight))"
        return Diagnostic(
            .warning,
            "the layout needs a \(needed) screen but the terminal is \(size): the screen is laid out at \(needed) and clipped",
            at: screen.location,
            hint: names.isEmpty ? nil : "required here: " + names.joined(separator: ", ") + (members.count > 6 ? ", …" : ""))
    }

    /// Everything `casement check` reports: the files' and the engine's
    /// diagnostics, ambiguous views and negative sizes as warnings; the spec's
    /// first, then each stylesheet's in the order they were read, each by position.
    public mutating func checkDiagnostics() -> [Diagnostic] {
        var result = diagnostics
        var extra: [Diagnostic] = []
        // A collapsed view takes no space and is not drawn: its size and place do not matter.
        let collapsed = CanvasFit.collapsed(views)
        for ambiguity in ambiguities() {
            guard let index = viewIndex(of: ambiguity.view), !collapsed[index] else { continue }
            let hint = ambiguity.constraints.isEmpty
                ? "give it a rule for each of them"
                : "involved: " + ambiguity.constraints.prefix(4).map { "`\($0.text)`" }.joined(separator: ", ")
                    + (ambiguity.constraints.count > 4 ? ", …" : "")
            extra.append(Diagnostic(
                .warning, "view '\(ambiguity.view)' is ambiguous: \(ambiguity.message)",
                at: views[index].location, hint: hint))
        }
        for (index, view) in views.enumerated() where !collapsed[index] {
            if view.frame.width < 0 {
                extra.append(Diagnostic(
                    .warning, "view '\(view.id)' has a negative width (\(view.frame.width) cells)", at: view.location))
            }
            if view.frame.height < 0 {
                extra.append(Diagnostic(
                    .warning, "view '\(view.id)' has a negative height (\(view.frame.height) cells)", at: view.location))
            }
        }
        extra += CanvasFit.warnings(for: views, canvas: size)
        result += withExcerpts(extra)
        return Self.sorted(result, files: diagnosticFileOrder)
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
