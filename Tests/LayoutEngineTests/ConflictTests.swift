import Diagnostics
import Testing

@testable import LayoutEngine

/// Required constraints that cannot all hold: the minimal set is reported with
/// every member's location, the most recently edited member is broken, the
/// broken one is retried on every reload.
@Suite struct ConflictTests {
    @Test func minimalSetAndTheLaterMemberBrokenOnLoad() {
        let session = loaded("""
            screen root {
              box a {
                top == 0
                height == 1
                left == 0
                width == 10
                right == parent.left + 30
              }
            }
            """).session
        let conflicts = session.conflicts()
        #expect(conflicts.count == 1)
        let conflict = conflicts[0]
        #expect(conflict.constraints.map(\.text) == ["a.left == root.left", "a.width == 10", "a.right == root.left + 30"])
        #expect(conflict.broken.text == "a.right == root.left + 30")
        #expect(conflict.constraints.map(\.location.line) == [5, 6, 7])
        #expect(conflict.broken.status == .broken)
        #expect(conflict.constraints[0].status == .conflicting)
        // Nothing is fatal: the rest holds.
        #expect(session.frame("a") == rect(0, 0, 10, 1))
    }

    @Test func oneErrorPerConflictAtTheBrokenMemberNamingTheOthersWithTheirLocations() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}").session
        let errors = session.checkDiagnostics().filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.map(\.location.column) == [58])
        #expect(errors.map(\.code) == [.engineConflict])
        #expect(errors[0].message.contains("it was broken"))
        #expect(errors[0].message.contains("`a.width == 10` (\(specPath):2:45)"))
    }

    @Test func fixingTheConflictOnReloadRecoversTheBrokenConstraint() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}")
        #expect(session.conflicts().count == 1)
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 10 }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(report.counts.constantsChanged == 1)
        #expect(report.retried == 1)
        #expect(report.recovered == 1)
        #expect(session.conflicts().isEmpty)
        #expect(session.diagnostics.isEmpty)
        #expect(session.frame("a") == rect(0, 0, 10, 1))
    }

    @Test func theMostRecentlyEditedMemberIsBroken() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; height == 1\n    width == 10\n    width == 20 }\n}")
        #expect(session.conflicts().first?.broken.text == "a.width == 20")
        #expect(session.frame("a")?.width == 10)
        // Editing the kept one makes it the most recent edit: now it is the one broken.
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1\n    width == 30\n    width == 20 }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.applied)
        #expect(session.conflicts().first?.broken.text == "a.width == 30")
        #expect(session.frame("a")?.width == 20)
    }

    @Test func aNewConstraintThatConflictsIsTheOneBroken() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 20 }\n}")
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 20; right == parent.left + 5 }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts.added == 1)
        #expect(session.conflicts().first?.broken.text == "a.right == root.left + 5")
        #expect(session.frame("a") == rect(0, 0, 20, 1))
    }

    @Test func aStylesheetLimitCanBeAMemberWithItsDeclarationAsLocation() {
        let session = loaded(
            "use \"s.cas\"\nscreen root {\n  box a { left == 0; top == 0; height == 1; width == 10 }\n}",
            styles: ["s.cas": "box {\n  min-width 30\n}\n"]
        ).session
        let conflict = session.conflicts().first
        #expect(conflict?.constraints.count == 2)
        #expect(conflict?.broken.label == "style.min-width")
        #expect(conflict?.broken.location == SourceLocation(file: "s.cas", line: 2, column: 3))
        #expect(session.frame("a")?.width == 10)
    }

    @Test func aConstantEditIntoAConflictBreaksTheEditedConstraint() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width <= 20; width == 10 }\n}")
        #expect(session.conflicts().isEmpty)
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1; width <= 20; width == 30 }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts.constantsChanged == 1)
        #expect(session.conflicts().first?.broken.text == "a.width == 30")
        #expect(session.frame("a")?.width == 20)
        // And back: the broken constraint is retried and holds again.
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1; width <= 20; width == 15 }\n}"
        let back = session.reload(changedFiles: [specPath])
        #expect(back.recovered == 1)
        #expect(session.conflicts().isEmpty)
        #expect(session.frame("a")?.width == 15)
    }

    @Test func removingAMemberResolvesTheConflict() {
        var (session, files) = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}")
        files[specPath] = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 20 }\n}"
        let report = session.reload(changedFiles: [specPath])
        #expect(report.counts.removed == 1)
        #expect(session.conflicts().isEmpty)
        #expect(session.frame("a")?.width == 20)
    }

    @Test func conflictsInJSONSnapshotName() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}").session
        let snapshot = session.snapshot()
        #expect(snapshot.conflicts.count == 1)
        let flags = snapshot.flags[session.viewIndex(of: "a")!]
        #expect(flags.contains(.broken))
        #expect(flags.contains(.conflict))
    }
}
