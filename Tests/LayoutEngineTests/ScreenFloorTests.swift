import Cells
import Diagnostics
import Testing

@testable import LayoutEngine

/// The screen never shrinks below the terminal: rules that would make it smaller
/// conflict with it, and the rule written last is broken and reported.
@Suite struct ScreenFloorTests {
    @Test func aRuleThatWouldNarrowTheScreenIsBrokenNotTheScreen() {
        let spec = "screen root {\n  box v { edges == parent }\n  width == 10\n}"
        let session = loaded(spec).session
        #expect(session.frame("root") == rect(0, 0, 80, 24))
        #expect(session.frame("v") == rect(0, 0, 80, 24))
        let conflicts = session.conflicts()
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.broken.text == "root.width == 10")
        let error = session.diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == 3)
        #expect(error?.code == .engineConflict)
    }

    @Test func aCentreThatWouldCollapseTheScreenIsBroken() {
        let session = loaded("screen root {\n  centerX == 5\n}").session
        #expect(session.frame("root") == rect(0, 0, 80, 24))
        #expect(session.conflicts().first?.broken.text == "root.centerX == 5")
    }

    @Test func theScreenMayStillGrowPastTheTerminal() {
        let session = loaded("screen root {\n  width == 100\n}").session
        #expect(session.frame("root") == rect(0, 0, 100, 24))
        #expect(session.conflicts().isEmpty)
        #expect(session.diagnostics.contains { $0.message.contains("needs a 100x24 screen") })
    }

    @Test func aResizePastWhatARuleAllowsBreaksTheRuleAndAResizeBackRestoresIt() {
        var session = loaded("screen root {\n  width <= 90\n}").session
        #expect(session.frame("root") == rect(0, 0, 80, 24))
        session.resize(to: TerminalSize(width: 100, height: 24))
        #expect(session.frame("root") == rect(0, 0, 100, 24))
        #expect(session.conflicts().first?.broken.text == "root.width <= 90")
        session.resize(to: TerminalSize(width: 85, height: 24))
        #expect(session.frame("root") == rect(0, 0, 85, 24))
        #expect(session.conflicts().isEmpty)
        #expect(!session.diagnostics.contains { $0.severity == .error })
    }

    @Test func theScreenRuleIsNotSatisfiedWhenTheScreenIsLaidOutLarger() throws {
        let session = loaded("screen root {\n  width == 100\n}").session
        let explanation = try #require(session.explain("root"))
        let screenWidth = try #require(explanation.constraints.first { $0.label == "screen.width" })
        #expect(screenWidth.status == .unsatisfied(by: 20))
    }
}
