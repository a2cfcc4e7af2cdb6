import Diagnostics
import Testing
import TestSupport

@testable import LayoutEngine

@Suite struct EngineDiagnosticTests {
    /// N nested `column [padding=1]` views, each also pinned to `a.bottom`: conflict k
    /// has about k members. One error per conflict, each naming at most
    /// `listedMembers` others, keeps the output linear in N (it was cubic).
    static func nestedConflicts(_ n: Int) -> String {
        var text = "screen root {\n  box a { left == 0; top == 0; width == 1; height == 1 }\n"
        for depth in 0..<n {
            text += String(repeating: "  ", count: depth + 1) + "column c\(depth) [padding=1] {\n"
            text += String(repeating: "  ", count: depth + 2) + "top == a.bottom\n"
        }
        return text + String(repeating: "}\n", count: n + 1)
    }

    @Test func conflictOutputGrowsLinearlyWithTheConflicts() {
        var session = loaded(Self.nestedConflicts(60), height: 200).session
        let errors = session.checkDiagnostics().filter { $0.code == .engineConflict }
        #expect(errors.count == session.conflicts().count)
        #expect(errors.count > 30)
        let bytes = errors.reduce(0) { $0 + $1.summary.utf8.count }
        #expect(bytes < errors.count * 200 * (ConflictDiagnostics.listedMembers + 2))
        #expect(errors.allSatisfy { $0.severity == .error && $0.origin == .engine })
        // The larger conflicts name twenty members and count the rest.
        #expect(errors.contains { $0.message.contains(" more; it was broken") })
    }

    @Test func conflictMembersAreListedOnceEach() throws {
        var session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}").session
        let conflict = try #require(session.conflicts().first)
        let kept = conflict.constraints.filter { $0 != conflict.broken }
        let diagnostic = ConflictDiagnostics.diagnostic(for: .init(broken: conflict.broken, kept: kept + kept))
        #expect(diagnostic.message == "required constraint `a.width == 20` conflicts with `a.width == 10` (\(specPath):2:45); it was broken (left out)")
        #expect(diagnostic.location == conflict.broken.location)
        #expect(diagnostic.code == .engineConflict)
    }

    /// Issue 26 §2.12: a constraint that contradicts itself conflicts with nothing
    /// else; the message said "conflicts with ; it was broken".
    @Test func aConstraintThatContradictsItselfSaysSo() {
        for (rule, text) in [("height == height + 1", "a.height == a.height + 1"), ("width >= width + 2", "a.width >= a.width + 2")] {
            var session = loaded("screen root {\n  box a {\n    left == 0; top == 0; width == 3; height == 1\n    \(rule)\n  }\n}").session
            let errors = session.checkDiagnostics().filter { $0.code == .engineConflict }
            #expect(errors.map(\.message) == [
                "required constraint `\(text)` can never hold: its terms cancel out and leave a false statement; it was broken (left out)",
            ])
            #expect(errors.first?.location.line == 4)
            #expect(errors.first?.location.column == 5)
            #expect(errors.first?.hint?.contains("cancels out") == true)
        }
    }

    /// Issue 26 §2.9: 20,000 `use` lines of missing files took 4.1 s: each line
    /// searched the uses before it, and each missing file's error searched them
    /// all for its line. Every use is reported at its own line.
    @Test func manyUsesOfMissingFilesAreLinear() {
        func spec(_ n: Int) -> String {
            (0..<n).map { "use \"missing\($0).cas\"\n" }.joined() + "use \"missing0.cas\"\nscreen root {\n  box a { edges == parent }\n}\n"
        }
        let session = loaded(spec(50)).session
        let missing = session.diagnostics.filter { $0.code == .unreadableFile }
        #expect(missing.count == 50)
        #expect(missing.map(\.location.line) == Array(1...50))
        #expect(session.diagnostics.contains { $0.message.contains("is already used above") && $0.location.line == 51 })
        let ratio = growthRatio(from: 2_000, runs: 3, prepare: spec) { text in
            #expect(loaded(text).session.diagnostics.count > 1_000)
        }
        #expect(ratio < 20, "8x the uses cost \(ratio)x")
    }

    @Test func theEngineCapAppliesToCheckDiagnosticsWithTheTrueCount() {
        // 1,500 views left ambiguous on one long line.
        let line = String(repeating: "box { } ", count: 1_500)
        var session = loaded("screen root {\n  " + line + "\n}\n").session
        let diagnostics = session.checkDiagnostics()
        let engine = diagnostics.filter { $0.origin == .engine }
        #expect(engine.count == LayoutSession.engineDiagnosticLimit + 1)
        let note = try! #require(engine.last(where: { $0.code == .moreNotShown }))
        #expect(note.omitted?.count == 1_500 - LayoutSession.engineDiagnosticLimit)
        // Each excerpt is a window of the line, not the line.
        let excerptBytes = diagnostics.reduce(0) { $0 + ($1.excerpt?.utf8.count ?? 0) }
        #expect(excerptBytes <= diagnostics.count * 4 * (Excerpt.charactersBefore + Excerpt.charactersAfter + 2))
        for diagnostic in engine.prefix(20) where diagnostic.code == .engineAmbiguous {
            #expect(diagnostic.excerpt.map { $0.dropFirst(diagnostic.caretColumn - 1).hasPrefix("box") } == true)
        }
    }

    /// Found by the `layout` fuzz target: after a reload of an edited spec was
    /// blocked by a new error, `check`'s warnings about the layout on screen (an
    /// ambiguous view, a negative size) pointed at lines of the spec it was built
    /// from, past the end of the file as it now is.
    @Test func aBlockedEditOfTheSpecShowsNoWarningsLocatedInTheTextItReplaced() {
        let spec = "use \"s.cas\"\nscreen root {\n  box a { left == 0; top == 0; height == 1 }\n\n\n  box b { left == 0; top == 0; width == 0 - 1; height == 1 }\n}\n"
        var (session, files) = loaded(spec, styles: ["s.cas": "box { bold true }\n"])
        let warnings = session.checkDiagnostics().map { "\($0.location.file):\($0.location.line)" }
        #expect(warnings == ["\(specPath):3", "\(specPath):6"])   // a is ambiguous, b has a negative width
        // A new error in the stylesheet alone: the spec is the one on screen, its warnings still point right.
        files["s.cas"] = "box { margin-left 4x }\n"
        #expect(!session.reload(changedFiles: ["s.cas"]).applied)
        #expect(session.checkDiagnostics().map { "\($0.location.file):\($0.location.line)" } == warnings + ["s.cas:1"])
        // An edit of the spec with a new error: what is on screen was built from text that is gone.
        files[specPath] = "use \"s.cas\"\nscreen root {\n  box a { wdth == 1 }\n}"
        #expect(!session.reload(changedFiles: [specPath]).applied)
        let lines = SourceText(path: specPath, text: files[specPath]!).lineCount
        let diagnostics = session.checkDiagnostics()
        #expect(diagnostics.allSatisfy { $0.origin != .engine })
        #expect(diagnostics.allSatisfy { $0.location.file != specPath || $0.location.line <= lines })
        #expect(diagnostics.contains { $0.code == .layoutUnknownAttribute })
    }

    /// Found by the `dsl` fuzz target (`centerX == parent.centerX * 1.8e308`, written
    /// by `multipliedBy(.greatestFiniteMagnitude)`): a finite but huge multiplier
    /// put a view at -inf. A rule with a number too large to solve with is left
    /// out, with a warning at its line, and every frame stays finite.
    @Test(arguments: [
        "centerX == parent.centerX * 1" + String(repeating: "0", count: 300), "width == parent.width * 2000000",
        "left == 10000000000000", "top == 0 - 5000000000000000",
    ])
    func aRuleWithANumberTooLargeToSolveWithIsLeftOut(rule: String) {
        let spec = "screen root {\n  left <= 0 - 21308\n  box b {\n    \(rule)\n    top, left == 0 @low\n    size == 3 @low\n  }\n}\n"
        let session = loaded(spec).session
        let b = session.view("b")!.exact
        let finite = [b.left, b.top, b.width, b.height].allSatisfy { $0.isFinite }
        #expect(finite, "\(b)")
        let warning = session.checkDiagnostics().first { $0.code == .engineInactive }
        #expect(warning?.location.line == 4)
        #expect(warning?.message.contains("too large to solve with") == true)
    }

    /// The same from a `.layout`: a multiplier nearer 0 than ±10⁻⁶ (the solver
    /// divides by it) leaves its rule out with a warning; 0 itself is fine.
    @Test func aMultiplierTooNearZeroIsLeftOut() {
        let spec = "screen root {\n  height >= b.centerY * 0.0000001\n  width >= b.centerX * 0\n  box b {\n    top, left == 0\n    size == 3\n  }\n}\n"
        let session = loaded(spec).session
        let warnings = session.checkDiagnostics().filter { $0.code == .engineInactive }
        #expect(warnings.map(\.location.line) == [2], "\(warnings.map(\.message))")
        #expect(warnings.first?.message.contains("too near 0 to solve with") == true)
    }

    @Test func numbersUpToTheLimitsAreSolved() {
        let session = loaded("screen root {\n  box b { left == 1000000000000; top == 0; width == parent.width * 1000000; height == 1 }\n}\n").session
        #expect(session.view("b")!.exact.left == 1e12)
        #expect(session.checkDiagnostics().allSatisfy { $0.code != .engineInactive })
    }

    @Test func blockingErrorsCompareByIdentityNotWording() {
        let at = SourceLocation(file: "s.layout", line: 1, column: 1)
        let source = SourceText(path: "s.layout", text: "box a { wdth == 1 }\n")
        let before = Diagnostic(.error, .layoutUnknownAttribute, "unknown attribute 'wdth'", in: source, offset: 8, length: 4)
        var moved = before
        moved.location.line = 5
        moved.message = "reworded"
        #expect(LayoutSession.newErrors(in: [moved], comparedTo: [before]).isEmpty)
        let other = Diagnostic(.error, .layoutUnknownView, "x", at: at)
        #expect(LayoutSession.newErrors(in: [other], comparedTo: [before]).count == 1)
    }
}

@Suite struct EngineNoteTests {
    @Test func twoCappedEngineListsGiveOneNoteWithTheSum() {
        let at = SourceLocation(file: "s.layout", line: 1, column: 1)
        let first = Diagnostic.moreNotShown("3 more", omitted: .init(count: 3, errors: 3), from: .engine, at: at)
        let second = Diagnostic.moreNotShown("4 more", omitted: .init(count: 4, errors: 0), from: .engine, at: at)
        let spec = Diagnostic.moreNotShown("9 more", omitted: .init(count: 9, errors: 9), from: .spec, at: at)
        let merged = LayoutSession.mergingEngineNotes([first, spec, second])
        #expect(merged.count == 2)
        #expect(merged.last?.omitted == Diagnostic.Omission(count: 7, errors: 3))
        #expect(merged.last?.message == "7 more diagnostics from the engine not shown")
        #expect(merged.errorCount == 12)
    }
}

/// `check` builds only the warnings it shows; what it returns must be what
/// capping the whole list gave.
@Suite struct CappedWarningsTests {
    @Test func keepsAndCountsAsCappingTheWholeListDoes() {
        let warnings = (1...12).map { line in
            Diagnostic(.warning, .engineAmbiguous, "w\(line)", at: SourceLocation(file: "s.layout", line: line, column: 2))
        }
        for count in 0...warnings.count {
            for room in 0...(count + 1) {
                let all = Array(warnings.prefix(count))
                var lazy = CappedWarnings(room: room)
                for (index, warning) in all.enumerated() {
                    // Half made on demand, half handed over made.
                    if index % 2 == 0 { lazy.add(at: warning.location) { warning } } else { lazy.add([warning]) }
                }
                #expect(lazy.diagnostics == all.capped(at: room, from: .engine), "\(count) warnings, room \(room)")
            }
        }
    }
}
