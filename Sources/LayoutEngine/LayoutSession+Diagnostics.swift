import Cassowary
import Diagnostics
import LayoutSpec
import Stylesheet

// The engine's own diagnostics: conflicts, constraints left out, a screen too
// small, and what `casement check` adds (ambiguity, negative sizes).

extension LayoutSession {
    /// The engine's diagnostics are capped like a file's: past this many, one note counts the rest.
    static let engineDiagnosticLimit = 1000

    /// The engine's own diagnostics: an error for every conflict set (see
    /// `ConflictDiagnostics`), and a warning for every constraint left out for an
    /// unset style value; at most `engineDiagnosticLimit`, then a note.
    func engineDiagnostics() -> [Diagnostic] {
        let limit = Self.engineDiagnosticLimit
        let described = binding.conflictRecords.prefix(limit).map { record in
            ConflictDiagnostics.Conflict(
                broken: describe(record.broken), kept: record.members.filter { $0 != record.broken }.map { describe($0) })
        }
        var result = ConflictDiagnostics.diagnostics(for: described)
        let undescribed = binding.conflictRecords.count - described.count
        var unlisted = Diagnostic.Omission(count: undescribed, errors: undescribed)
        if let overflow = screenOverflow() { result.append(overflow) }
        for (index, slot) in binding.specSlots.enumerated() {
            // Rules a collapse sets aside are meant to be out: explain and the inspector show them.
            guard case .inactive(let reason) = slot.state else { continue }
            if case .collapsed = reason { continue }
            guard result.count < limit else {
                unlisted.count += 1
                continue
            }
            let constraint = model.document.constraints[index]
            var hint: String?
            if case .unsetStyle(_, let name) = reason {
                hint = "set '\(name)' for this view in a stylesheet, or write a number"
            }
            result.append(Diagnostic(
                .warning, .engineInactive, "constraint `\(constraint.description)` is left out: \(reason)",
                at: constraint.location, hint: hint))
        }
        result = withExcerpts(result)
        if unlisted.count > 0 {
            result.append(Diagnostic.moreNotShown(
                "\(unlisted.count) more diagnostics from the engine not shown", omitted: unlisted, from: .engine,
                at: result.last?.location ?? SourceLocation(file: specPath, line: 1, column: 1)))
        }
        return result
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
    /// After a reload of an edited spec was blocked by new errors, only the files'
    /// diagnostics: the engine's would point into the text that was replaced.
    public func checkDiagnostics() -> [Diagnostic] {
        var result = diagnostics
        // The warnings below are about the layout on screen, located in the spec it
        // was built from; after a blocked reload of an edited spec that text is gone.
        guard !appliedSpecIsStale else { return result }
        let room = max(0, Self.engineDiagnosticLimit - result.count(where: { $0.origin == .engine }))
        var extra = CappedWarnings(room: room)
        // A collapsed view takes no space and is not drawn: its size and place do not matter.
        let collapsed = CanvasFit.collapsed(views)
        // Only the warnings shown describe their constraints.
        for found in ambiguousViews() where !collapsed[found.view] {
            extra.add(at: views[found.view].location) {
                ambiguityWarning(viewAmbiguity(found, describing: describe), view: found.view)
            }
        }
        for (index, view) in views.enumerated() where !collapsed[index] {
            if view.frame.width < 0 {
                extra.add(at: view.location) {
                    Diagnostic(
                        .warning, .engineNegativeSize, "view '\(view.id)' has a negative width (\(view.frame.width) cells)",
                        at: view.location)
                }
            }
            if view.frame.height < 0 {
                extra.add(at: view.location) {
                    Diagnostic(
                        .warning, .engineNegativeSize, "view '\(view.id)' has a negative height (\(view.frame.height) cells)",
                        at: view.location)
                }
            }
        }
        CanvasFit.forEachWarning(for: views, canvas: size, scrolled: scrolledViews()) { location, make in
            extra.add(at: location, make)
        }
        result = Self.mergingEngineNotes(result + withExcerpts(extra.diagnostics))
        return Self.sorted(result, files: diagnosticFileOrder)
    }

    /// `check`'s warning for an ambiguous view, naming the first constraints involved.
    private func ambiguityWarning(_ ambiguity: ViewAmbiguity, view index: Int) -> Diagnostic {
        let hint = ambiguity.constraints.isEmpty
            ? "give it a rule for each of them"
            : "involved: " + ambiguity.constraints.prefix(4).map { "`\($0.text)`" }.joined(separator: ", ")
                + (ambiguity.constraints.count > 4 ? ", …" : "")
        return Diagnostic(
            .warning, .engineAmbiguous, "view '\(ambiguity.view)' is ambiguous: \(ambiguity.message)",
            at: views[index].location, hint: hint)
    }

    /// One "more not shown" note for the engine, adding up the counts when both the
    /// engine's diagnostics and `check`'s additions were capped.
    static func mergingEngineNotes(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let isEngineNote = { (d: Diagnostic) in d.code == .moreNotShown && d.origin == .engine }
        let notes = diagnostics.filter(isEngineNote)
        guard notes.count > 1, var merged = notes.first else { return diagnostics }
        let count = notes.reduce(0) { $0 + ($1.omitted?.count ?? 0) }
        let errors = notes.reduce(0) { $0 + ($1.omitted?.errors ?? 0) }
        merged = Diagnostic.moreNotShown(
            "\(count) more diagnostics from the engine not shown", omitted: .init(count: count, errors: errors),
            from: .engine, at: merged.location)
        return diagnostics.filter { !isEngineNote($0) } + [merged]
    }

    /// Adds the excerpt to diagnostics located in the spec, each from its own
    /// line (`SourceText.excerpts(in:at:)`, which walks them in source order
    /// so that many on one long line count its characters once).
    private func withExcerpts(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !diagnostics.isEmpty, let text = model.specText else { return diagnostics }
        var result = diagnostics
        let wanted = result.indices.filter { result[$0].excerpt == nil && result[$0].location.file == specPath }
        // From each warning's line alone: the whole spec copied and indexed
        // for them was the JSON render's peak.
        let excerpts = SourceText.excerpts(in: text, at: wanted.map { (result[$0].location, result[$0].length) })
        for (index, excerpt) in zip(wanted, excerpts) { result[index].attachExcerpt(excerpt) }
        return result
    }

    /// The spec's and the stylesheets' diagnostics, sorted. A stylesheet that
    /// cannot be read is reported at the `use` line that names it.
    static func fileDiagnostics(document: LayoutDocument, readError: Diagnostic?, sheet: Stylesheet) -> [Diagnostic] {
        var result = document.diagnostics
        if let error = readError { result.append(error) }
        // The first `use` of each file, by path: searching the list for every
        // diagnostic was quadratic in a spec of thousands of missing files.
        var useOfFile: [String: StylesheetUse] = [:]
        for use in document.uses where useOfFile[use.resolvedPath] == nil { useOfFile[use.resolvedPath] = use }
        for var diagnostic in sheet.diagnostics {
            if diagnostic.location.line == 1, diagnostic.location.column == 1,
                diagnostic.code == .unreadableFile,
                let use = useOfFile[diagnostic.location.file]
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

    /// Errors in `diagnostics` that the applied files did not have (the same
    /// `identity`: file, code and subject): these keep the last good layout.
    /// Errors the layout already had do not block, so a file with a standing
    /// error still reloads.
    static func newErrors(in diagnostics: [Diagnostic], comparedTo applied: [Diagnostic]) -> [Diagnostic] {
        // A "more not shown" note stands for the errors it counts.
        let known = Set(applied.lazy.filter(\.standsForErrors).map(\.identity))
        return diagnostics.filter { $0.standsForErrors && !known.contains($0.identity) }
    }
}

extension LayoutSession {
    /// Per view, whether it is inside a viewport that scrolls (`[overflow=scroll]`);
    /// nil when no view scrolls (the usual case: nothing to look up).
    func scrolledViews() -> [Bool]? {
        let declarations = model.document.views
        guard declarations.count == views.count, declarations.contains(where: \.scrollsContent) else { return nil }
        return CanvasFit.scrolled(views) { declarations[$0].scrollsContent }
    }
}
