import Diagnostics
import Foundation
import Testing

@testable import LayoutEngine

/// Reloads apply exactly the delta between the old and the new files.
@Suite struct ReloadTests {
    static let styles = """
        .a { size 10 3; margin 1 2 }
        .b { size 6 2 }
        """

    static let spec = """
        use "s.cas"
        screen root {
          box a .a {
            size == $size
            top == $margin-top
            left == $margin-left
          }
          box b .b {
            size == $size
            top == a.bottom + 1
            left == a.left as b-left
          }
        }
        """

    private func start() -> (LayoutSession, MemoryFiles) {
        let (session, files) = loaded(Self.spec, styles: ["s.cas": Self.styles])
        return (session, files)
    }

    private func edit(_ files: MemoryFiles, _ path: String, _ from: String, _ to: String) {
        let text = files[path]!
        precondition(text.contains(from), "\(from) not in \(path)")
        files[path] = text.replacingOccurrences(of: from, with: to)
    }

    @Test func initialLoad() {
        let (session, _) = start()
        #expect(session.diagnostics.isEmpty)
        #expect(session.frame("a") == rect(2, 1, 10, 3))
        #expect(session.frame("b") == rect(2, 5, 6, 2))
    }

    @Test func constantEditInTheSpec() {
        var (session, files) = start()
        edit(files, specPath, "top == a.bottom + 1", "top == a.bottom + 4")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(report.counts == ConstraintCounts(constantsChanged: 1))
        #expect(report.implicitCounts.isEmpty)
        #expect(report.movedViews == ["b"])
        #expect(report.parsedFiles == [specPath])
        #expect(session.frame("b") == rect(2, 8, 6, 2))
    }

    /// A spec edit that keeps every constraint in its place updates the slots
    /// in place: active, broken (a conflict) and left-out (an unset style value)
    /// constraints all come out as a fresh load of the same files has them,
    /// also when a stylesheet changes in the same reload.
    @Test func constantEditsKeepEverySlotStateInPlace() {
        let spec = """
            use "s.cas"
            screen root {
              box a .a {
                size == $size
                top == 1
                left == 2
              }
              box c {
                width == 10
                width == 20
                height == $size-height
                top == 8
                left == 0
              }
            }
            """
        var (session, files) = loaded(spec, styles: ["s.cas": Self.styles])
        #expect(session.conflicts().count == 1)
        edit(files, specPath, "top == 1", "top == 3")
        edit(files, "s.cas", "size 10 3", "size 11 4")
        let report = session.reload(changedFiles: [specPath, "s.cas"])
        #expect(report.applied)
        #expect(report.counts.added == 0 && report.counts.removed == 0 && report.counts.replaced == 0)
        #expect(report.counts.constantsChanged >= 2)
        #expect(session.frame("a") == rect(2, 3, 11, 4))

        let fresh = loaded(files[specPath]!, styles: ["s.cas": files["s.cas"]!]).session
        #expect(session.views.map(\.frame) == fresh.views.map(\.frame))
        #expect(session.conflicts().count == fresh.conflicts().count)
        #expect(session.diagnostics.map(\.message) == fresh.diagnostics.map(\.message))
        #expect(session.diagnostics.contains { $0.message.contains("left out") })
    }

    @Test func constantEditInTheStylesheet() {
        var (session, files) = start()
        edit(files, "s.cas", "size 10 3", "size 12 3")
        let report = session.reload(changedFiles: ["s.cas"])
        #expect(report.counts == ConstraintCounts(constantsChanged: 1))
        #expect(report.parsedFiles == ["s.cas"])
        #expect(report.restyledViews == ["a"])
        #expect(report.changedViews == ["a"])
        #expect(session.frame("a") == rect(2, 1, 12, 3))

        edit(files, "s.cas", "size 6 2", "size 7 5")
        let both = session.reload(changedFiles: ["s.cas"])
        #expect(both.counts == ConstraintCounts(constantsChanged: 2))
        #expect(session.frame("b") == rect(2, 5, 7, 5))
    }

    @Test func aStylesheetEditThatChangesNoLayoutValueChangesNoConstraint() {
        var (session, files) = start()
        edit(files, "s.cas", ".b { size 6 2 }", ".b { size 6 2; bg red }")
        let report = session.reload(changedFiles: ["s.cas"])
        #expect(report.applied)
        #expect(report.counts.isEmpty)
        #expect(report.restyledViews == ["b"])
        #expect(report.movedViews.isEmpty)
        #expect(session.view("b")?.style.backgroundColor == .ansi(1))
    }

    @Test func structuralEditAddsOneAndRemovesOne() {
        var (session, files) = start()
        edit(files, specPath, "left == a.left as b-left", "right == a.right as b-right")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts == ConstraintCounts(added: 1, removed: 1))
        #expect(session.frame("b") == rect(6, 5, 6, 2))
    }

    @Test func aLabelledRuleKeepsItsIdentityAndIsReplacedWhenItsShapeChanges() {
        var (session, files) = start()
        edit(files, specPath, "left == a.left as b-left", "left == a.right as b-left")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts == ConstraintCounts(replaced: 1))
        #expect(session.frame("b") == rect(12, 5, 6, 2))
    }

    @Test func priorityChangeIsAReplacement() {
        var (session, files) = start()
        edit(files, specPath, "top == a.bottom + 1", "top == a.bottom + 1 @high")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts == ConstraintCounts(replaced: 1))
        #expect(session.frame("b") == rect(2, 5, 6, 2))
    }

    @Test func viewAddedBringsItsConstraints() {
        var (session, files) = start()
        edit(files, specPath, "  box b .b {", "  box c { left == 40; top == 0; size == 3 }\n  box b .b {")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts == ConstraintCounts(added: 4))
        #expect(report.addedViews == ["c"])
        #expect(report.removedViews.isEmpty)
        #expect(report.changedViews.contains("c"))
        #expect(session.frame("c") == rect(40, 0, 3, 3))
        #expect(session.frame("b") == rect(2, 5, 6, 2))
    }

    @Test func viewRemovedTakesItsConstraints() {
        var (session, files) = start()
        edit(files, specPath, "  box b .b {\n    size == $size\n    top == a.bottom + 1\n    left == a.left as b-left\n  }\n", "")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(report.counts == ConstraintCounts(removed: 4))
        #expect(report.removedViews == ["b"])
        #expect(session.view("b") == nil)
        #expect(session.views.map(\.id) == ["root", "a"])
    }

    @Test func anErrorKeepsTheLastGoodLayout() {
        var (session, files) = start()
        edit(files, specPath, "top == a.bottom + 1", "top == a.bottom + 9\n    width == nosuchview.width")
        let report = session.reload(changedFiles: [specPath])
        #expect(!report.applied)
        #expect(report.blockingErrors.count == 1)
        #expect(report.blockingErrors[0].location.line == 11)
        #expect(report.counts.isEmpty)
        #expect(session.frame("b") == rect(2, 5, 6, 2))
        #expect(session.diagnostics.hasErrors)

        // Fixing it applies everything since the last good load.
        edit(files, specPath, "\n    width == nosuchview.width", "")
        let fixed = session.reload(changedFiles: [specPath])
        #expect(fixed.applied)
        #expect(fixed.counts == ConstraintCounts(constantsChanged: 1))
        #expect(session.frame("b") == rect(2, 13, 6, 2))
        #expect(session.diagnostics.isEmpty)
    }

    @Test func undoingABlockedEditClearsItsErrors() {
        var (session, files) = start()
        let good = files[specPath]!
        files[specPath] = nil
        let deleted = session.reload(changedFiles: [specPath])
        #expect(!deleted.applied)
        #expect(deleted.blockingErrors.first?.message == "cannot read spec 'spec.layout': file not found")
        #expect(session.frame("a") == rect(2, 1, 10, 3))
        files[specPath] = good
        let restored = session.reload(changedFiles: [specPath])
        #expect(!restored.applied)
        #expect(restored.diagnostics.isEmpty)
        #expect(session.diagnostics.isEmpty)

        // A stylesheet saved while the spec is gone is picked up when it comes back.
        files[specPath] = nil
        session.reload(changedFiles: [specPath])
        edit(files, "s.cas", "size 10 3", "size 11 3")
        #expect(!session.reload(changedFiles: ["s.cas"]).applied)
        files[specPath] = good
        let back = session.reload(changedFiles: [specPath])
        #expect(back.applied)
        #expect(session.frame("a") == rect(2, 1, 11, 3))
    }

    @Test func aStylesheetErrorKeepsTheLastGoodLayoutToo() {
        var (session, files) = start()
        edit(files, "s.cas", "size 10 3", "size (10 + ) 3")
        let report = session.reload(changedFiles: ["s.cas"])
        #expect(!report.applied)
        #expect(report.blockingErrors.first?.location.file == "s.cas")
        #expect(session.frame("a") == rect(2, 1, 10, 3))
    }

    @Test func anErrorOnlyInAnotherFileStillBlocksUntilFixed() {
        var (session, files) = start()
        edit(files, specPath, "top == a.bottom + 1", "top == a.bottom + 1 +")
        #expect(!session.reload(changedFiles: [specPath]).applied)
        // A good stylesheet edit while the spec is broken: still blocked, nothing lost.
        edit(files, "s.cas", "size 6 2", "size 8 2")
        #expect(!session.reload(changedFiles: ["s.cas"]).applied)
        edit(files, specPath, "top == a.bottom + 1 +", "top == a.bottom + 1")
        let fixed = session.reload(changedFiles: [specPath])
        #expect(fixed.applied)
        #expect(fixed.counts == ConstraintCounts(constantsChanged: 1))
        #expect(session.frame("b") == rect(2, 5, 8, 2))
    }

    @Test func warningsDoNotBlock() {
        var (session, files) = start()
        edit(files, specPath, "box b .b {", "box b .b [colour=red] {")
        edit(files, "s.cas", ".b { size 6 2 }", ".b { size 7 2; bordr single }")
        let report = session.reload(changedFiles: [specPath, "s.cas"])
        #expect(report.applied)
        #expect(report.diagnostics.count == 2)
        #expect(report.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(session.frame("b") == rect(2, 5, 7, 2))
    }

    @Test func anErrorTheLayoutAlreadyHadDoesNotBlock() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; size == 2; width == ghost.width }\n}")
        #expect(session.diagnostics.hasErrors)
        #expect(session.frame("a") == rect(0, 0, 2, 2))
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; size == 4; width == ghost.width }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(session.frame("a") == rect(0, 0, 4, 4))
    }

    @Test func unchangedFilesAndUnknownPathsDoNothing() {
        var (session, _) = start()
        let same = session.reload(changedFiles: [specPath, "s.cas"])
        #expect(!same.applied)
        #expect(same.blockingErrors.isEmpty)
        let unrelated = session.reload(changedFiles: ["elsewhere.txt"])
        #expect(!unrelated.applied)
        #expect(unrelated.parsedFiles.isEmpty)
    }

    @Test func aMissingStylesheetIsReportedAtItsUseLineAndPickedUpWhenCreated() {
        var (session, files) = loaded("use \"later.cas\"\nscreen root {\n  box a .a { left == 0; top == 0; size == $size }\n}")
        let error = session.diagnostics.first { $0.severity == .error }
        #expect(error?.location == SourceLocation(file: specPath, line: 1, column: 5))
        #expect(session.watchedFiles == [specPath, "later.cas"])
        files["later.cas"] = ".a { size 5 2 }"
        let report = session.reload(changedFiles: ["later.cas"])
        #expect(report.applied)
        #expect(report.counts.added == 2)
        #expect(session.frame("a") == rect(0, 0, 5, 2))
    }

    @Test func anUnsetStyleValueLeavesItsConstraintOutUntilSet() {
        var (session, files) = loaded(
            "use \"s.cas\"\nscreen root {\n  box a .a { left == 0; top == 0; size == $size }\n}", styles: ["s.cas": ""])
        let warnings = session.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 2)
        #expect(warnings[0].message.contains("'$size-width' has no value for view 'a'"))
        files["s.cas"] = ".a { size 4 1 }"
        let report = session.reload(changedFiles: ["s.cas"])
        #expect(report.counts == ConstraintCounts(added: 2))
        #expect(session.frame("a") == rect(0, 0, 4, 1))
        #expect(session.diagnostics.isEmpty)
    }

    @Test func aSpecEditChangesTheImportGraph() {
        var (session, files) = start()
        files["t.cas"] = ".a { size 20 3 }"
        edit(files, specPath, "use \"s.cas\"", "use \"s.cas\" \"t.cas\"")
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(session.watchedFiles == [specPath, "s.cas", "t.cas"])
        #expect(session.frame("a") == rect(2, 1, 20, 3))
    }

    @Test func deterministicFramesAcrossSessions() {
        let spec = """
            screen root {
              row r [gap=1 justify=space-evenly] { edges == parent inset 1
                box a [grow=1]
                text t "漢字 and text"
                column c [grow=2] { box x [grow=1]; box y [grow=1] }
              }
            }
            """
        let first = loaded(spec, width: 73, height: 19).session.views.map { "\($0.id) \($0.frame) \($0.exact)" }
        let second = loaded(spec, width: 73, height: 19).session.views.map { "\($0.id) \($0.frame) \($0.exact)" }
        #expect(first == second)
    }
}
