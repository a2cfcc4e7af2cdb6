import Cells
@_spi(Invariants) import LayoutEngine

extension FuzzTarget {
    /// `.layout`: the input is `main.layout`, then after a NUL the `s.cas` it may
    /// `use`, then after another NUL a second version of the spec. The spec is
    /// parsed, lowered and solved at 80×24; the screen is resized twice; the second
    /// version, when there is one, is applied as a reload (the incremental path a
    /// save takes). After each step the layout is checked.
    static let layout = FuzzTarget(
        name: "layout",
        summary: "a .layout spec and its .cas: parse, lower, solve, resize, reload an edit; solver invariants"
    ) { input, found in
        let parts = input.nulSeparatedParts(limit: 3)
        let files = MemoryFiles(["main.layout": parts[0], "s.cas": parts.count > 1 ? parts[1] : ""])
        var served = ["main.layout": parts[0], "s.cas": parts.count > 1 ? parts[1] : ""]
        var session = LayoutSession(specPath: "main.layout", reader: files.reader, size: TerminalSize(width: 80, height: 24))
        session.load()
        found.expectSound(session, files: served, after: "load")
        session.resize(to: TerminalSize(width: 133, height: 41))
        found.expectSound(session, files: served, after: "resize to 133x41")
        session.resize(to: TerminalSize(width: 1, height: 1))
        found.expectSound(session, files: served, after: "resize to 1x1")
        if parts.count > 2 {
            files["main.layout"] = parts[2]
            served["main.layout"] = parts[2]
            session.reload(changedFiles: ["main.layout"])
            found.expectSound(session, files: served, after: "reload")
        }
    }
}

extension Violations {
    /// What holds for any session, whatever its files said: diagnostics inside the
    /// files, finite frames, a consistent solver, and every query answered.
    mutating func expectSound(_ session: LayoutSession, files: [String: String], after step: String) {
        var found = Violations(tolerating: tolerating)
        found.expectLocated(session.diagnostics, in: files)
        found.expectLocated(session.checkDiagnostics(), in: files)
        for view in session.views {
            let exact = view.exact
            found.expect([exact.left, exact.top, exact.width, exact.height].allSatisfy(\.isFinite),
                        "view \(view.id) has the frame \(exact)")
            found.expectStyleIsSane(view.style, "view \(view.id)")
        }
        for problem in session.solverInvariantViolations { found.record("solver: \(problem)") }
        _ = session.conflicts()
        _ = session.unsatisfiedPreferences()
        _ = session.ambiguities()
        _ = session.snapshot()
        for view in session.views.prefix(8) {
            found.expect(session.explain(view.id) != nil, "no explanation of view \(view.id), which is laid out")
        }
        for message in found.messages { record("after \(step): \(message)") }
    }
}
