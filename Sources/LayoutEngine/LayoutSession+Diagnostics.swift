import Cassowary
import Diagnostics
import LayoutSpec
import Stylesheet

// The engine's own diagnostics: conflicts, constraints left out, a screen too
// small, and what `casement check` adds (ambiguity, negative sizes).

extension LayoutSession {
    /// The engine's own diagnostics: an error at every member of every conflict,
    /// and a warning for every constraint left out for an unset style value.
    func engineDiagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for record in binding.conflictRecords {
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
        for (index, slot) in binding.specSlots.enumerated() {
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

    /// The terminal's size is a strong preference on the screen's edit variables, so
    /// required constraints that need more (or less) room than the terminal has
    /// resize the screen instead of conflicting; the layout then overflows and is
    /// clipped. This warning says so and names the constraints that force it,
    /// found by trying the terminal size as a requirement on a copy of the solver.
    func screenOverflow() -> Diagnostic? {
        let terminalWidth = binding.terminalWidth, terminalHeight = binding.terminalHeight
        let (solvedWidth, solvedHeight) = binding.read { ($0.value(of: terminalWidth), $0.value(of: terminalHeight)) }
        let wide = abs(solvedWidth - Double(size.width)) > 1e-6, tall = abs(solvedHeight - Double(size.height)) > 1e-6
        guard wide || tall, let screen = views.first(where: { $0.kind == .screen && $0.parent == nil }) else { return nil }
        var probe = binding.solver
        var members: [ConstraintRef] = []
        for (variable, target, deviates) in [
            (terminalWidth, Double(size.width), wide), (terminalHeight, Double(size.height), tall),
        ] where deviates {
            let requirement = SolverConstraint(SolverExpression(terms: [SolverTerm(variable)], constant: -target), .equal)
            do {
                try probe.add(requirement)
            } catch SolverError.unsatisfiable(_, let conflict) {
                for constraint in conflict where constraint != requirement {
                    if let ref = binding.owner(of: constraint), !members.contains(ref) { members.append(ref) }
                }
            } catch {}
        }
        let names = model.inSpecOrder(members).prefix(6).map { "`\(describe($0).text)`" }
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
    public func checkDiagnostics() -> [Diagnostic] {
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
        return Self.sorted(result, files: diagnosticFileOrder)
    }

    /// The spec's and the stylesheets' diagnostics, sorted. A stylesheet that
    /// cannot be read is reported at the `use` line that names it.
    static func fileDiagnostics(document: LayoutDocument, readError: Diagnostic?, sheet: Stylesheet) -> [Diagnostic] {
        var result = document.diagnostics
        if let error = readError { result.append(error) }
        for var diagnostic in sheet.diagnostics {
            if diagnostic.location.line == 1, diagnostic.location.column == 1,
                diagnostic.message.hasPrefix("cannot read stylesheet"),
                let use = document.uses.first(where: { $0.resolvedPath == diagnostic.location.file })
            {
                diagnostic.location = use.location
                diagnostic.excerpt = nil
            }
            result.append(diagnostic)
        }
        return sorted(result, files: [document.path] + sheet.files.map(\.path))
    }

    /// Diagnostics in file order (the spec, then stylesheets in the order they were
    /// read; any other file after them, by name), each file by line and column.
    static func sorted(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        var rank: [String: Int] = [:]
        for (position, file) in files.enumerated() where rank[file] == nil { rank[file] = position }
        return diagnostics.enumerated().sorted { a, b in
            let fileA = rank[a.element.location.file] ?? files.count, fileB = rank[b.element.location.file] ?? files.count
            if fileA != fileB { return fileA < fileB }
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The files diagnostics are ordered by.
    var diagnosticFileOrder: [String] { [specPath] + model.stylesheet.files.map(\.path) }

    /// Errors in `diagnostics` that the applied files did not have (same file and
    /// message): these keep the last good layout. Errors the layout already had
    /// do not block, so a file with a standing error still reloads.
    static func newErrors(in diagnostics: [Diagnostic], comparedTo applied: [Diagnostic]) -> [Diagnostic] {
        var known: Set<String> = []
        for diagnostic in applied where diagnostic.severity == .error {
            known.insert(diagnostic.location.file + "\u{0}" + diagnostic.message)
        }
        return diagnostics.filter {
            $0.severity == .error && !known.contains($0.location.file + "\u{0}" + $0.message)
        }
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
