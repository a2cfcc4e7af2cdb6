import Cells
import Testing

@testable import LayoutEngine

/// Terminal resizes go through the screen's edit variables; `@media` blocks switch;
/// view states restyle.
@Suite struct ResizeAndStateTests {
    @Test func resizeMovesWhatDependsOnTheScreenWithoutTouchingConstraints() {
        var session = loaded("screen root {\n  box a { edges == parent inset 1 }\n  box b { left == 0; top == 0; size == 3 }\n}").session
        #expect(session.frame("a") == rect(1, 1, 78, 22))
        let report = session.resize(to: TerminalSize(width: 100, height: 30))
        #expect(report.applied)
        #expect(report.counts.isEmpty)
        #expect(report.implicitCounts.isEmpty)
        #expect(report.changedViews == ["root", "a"])
        #expect(session.frame("root") == rect(0, 0, 100, 30))
        #expect(session.frame("a") == rect(1, 1, 98, 28))
        #expect(session.size == TerminalSize(width: 100, height: 30))
        #expect(session.resize(to: TerminalSize(width: 100, height: 30)).changedViews.isEmpty)
    }

    @Test func mediaBlocksSwitchOnResize() {
        let styles = """
            .a { size 10 2 }
            @media (min-width: 100) {
              .a { size 30 2 }
            }
            """
        var session = loaded(
            "use \"s.cas\"\nscreen root {\n  box a .a { left == 0; top == 0; size == $size }\n}", styles: ["s.cas": styles]
        ).session
        #expect(session.frame("a") == rect(0, 0, 10, 2))
        let wide = session.resize(to: TerminalSize(width: 120, height: 24))
        #expect(wide.counts == ConstraintCounts(constantsChanged: 1))
        #expect(wide.restyledViews == ["a"])
        #expect(session.frame("a") == rect(0, 0, 30, 2))
        let narrow = session.resize(to: TerminalSize(width: 90, height: 24))
        #expect(narrow.counts == ConstraintCounts(constantsChanged: 1))
        #expect(session.frame("a") == rect(0, 0, 10, 2))
        // Inside the same media range nothing is cascaded again.
        let same = session.resize(to: TerminalSize(width: 91, height: 24))
        #expect(same.counts.isEmpty)
        #expect(same.restyledViews.isEmpty)
    }

    @Test func textWrapsAgainWhenTheScreenNarrows() {
        var session = loaded("screen root {\n  text t \"alpha beta gamma delta\" { left == 0; top == 0; width <= parent.width }\n}").session
        #expect(session.frame("t") == rect(0, 0, 22, 1))
        session.resize(to: TerminalSize(width: 12, height: 24))
        #expect(session.frame("t") == rect(0, 0, 12, 2))
        session.resize(to: TerminalSize(width: 80, height: 24))
        #expect(session.frame("t") == rect(0, 0, 22, 1))
    }

    @Test func aLayoutThatNeedsMoreRoomOverflowsAndSaysWhy() {
        var session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 100; right <= parent.right }\n}").session
        #expect(session.frame("root") == rect(0, 0, 100, 24))
        let warning = session.diagnostics.first { $0.message.contains("needs a 100x24 screen") }
        #expect(warning != nil)
        #expect(warning?.hint?.contains("a.width == 100") == true)
        session.resize(to: TerminalSize(width: 120, height: 24))
        #expect(session.frame("root") == rect(0, 0, 120, 24))
        #expect(!session.diagnostics.contains { $0.message.contains("screen") })
    }

    @Test func statesApplyStateStyles() {
        let styles = """
            .a { size 10 2; bg blue }
            .a[state:selected] { size 14 2; bg yellow }
            """
        var session = loaded(
            "use \"s.cas\"\nscreen root {\n  box a .a { left == 0; top == 0; size == $size }\n}", styles: ["s.cas": styles]
        ).session
        #expect(session.frame("a") == rect(0, 0, 10, 2))
        let report = session.setStates(["selected"], ofView: "a")
        #expect(report.applied)
        #expect(report.counts == ConstraintCounts(constantsChanged: 1))
        #expect(report.restyledViews == ["a"])
        #expect(session.states(ofView: "a") == ["selected"])
        #expect(session.frame("a") == rect(0, 0, 14, 2))
        #expect(session.view("a")?.style.backgroundColor == .ansi(3))
        session.setStates([], ofView: "a")
        #expect(session.frame("a") == rect(0, 0, 10, 2))
        #expect(session.view("a")?.style.backgroundColor == .ansi(4))
    }

    @Test func statesSurviveAReload() {
        var (session, files) = loaded(
            "use \"s.cas\"\nscreen root {\n  box a .a { left == 0; top == 0; size == $size }\n}",
            styles: ["s.cas": ".a { size 10 2 }\n.a[state:focused] { size 3 3 }"])
        session.setStates(["focused"], ofView: "a")
        files[specPath] = "use \"s.cas\"\nscreen root {\n  box a .a { left == 1; top == 0; size == $size }\n}"
        session.reload(changedFiles: [specPath])
        #expect(session.frame("a") == rect(1, 0, 3, 3))
    }
}

@Suite struct FrameChangeTests {
    @Test func movedViewsCarryTheirOldAndNewFrames() {
        var session = loaded("screen root {\n  box a { right == parent.right; top == 0; size == 4 }\n}").session
        let report = session.resize(to: TerminalSize(width: 50, height: 24))
        #expect(report.frameChanges == [
            FrameChange(view: "root", index: 0, old: rect(0, 0, 80, 24), new: rect(0, 0, 50, 24)),
            FrameChange(view: "a", index: 1, old: rect(76, 0, 4, 4), new: rect(46, 0, 4, 4)),
        ])
    }
}

@Suite struct StructuralStyleTests {
    static let styles = """
        #cards { columns 1 }
        @media (min-width: 100) { #cards { columns 2 } }
        """
    static let spec = """
        use "s.cas"
        screen root {
          grid cards [gap=0] {
            edges == parent
            box a
            box b
          }
        }
        """

    @Test func aGridReflowsWhenMediaChangesItsColumns() {
        var session = loaded(Self.spec, styles: ["s.cas": Self.styles]).session
        #expect(session.diagnostics.isEmpty)
        #expect(session.frame("a") == rect(0, 0, 80, 12))
        #expect(session.frame("b") == rect(0, 12, 80, 12))
        let wide = session.resize(to: TerminalSize(width: 120, height: 24))
        #expect(wide.applied)
        #expect(!wide.counts.isEmpty)
        #expect(session.frame("a") == rect(0, 0, 60, 24))
        #expect(session.frame("b") == rect(60, 0, 60, 24))
        session.resize(to: TerminalSize(width: 80, height: 24))
        #expect(session.frame("b") == rect(0, 12, 80, 12))
    }

    @Test func aStylesheetEditReflowsTheGrid() {
        var (session, files) = loaded(Self.spec, styles: ["s.cas": Self.styles])
        files["s.cas"] = "#cards { columns 2 }"
        let report = session.reload(changedFiles: ["s.cas"])
        #expect(report.applied)
        #expect(session.frame("b") == rect(40, 0, 40, 24))
        #expect(session.diagnostics.isEmpty)
    }
}

@Suite struct SpecPriorityLevelTests {
    /// Every spec priority is its own level: @2 beats @1 (they once shared one so
    /// the screen could sit alone at 999).
    @Test func neighbouringWeakPrioritiesStayDistinct() {
        let spec = "screen root {\n  box a { left == 0; top == 0; height == 1\n    width == 10 @1\n    width == 20 @2\n  }\n}"
        #expect(frames(spec)["a"] == rect(0, 0, 20, 1))
    }

    /// The terminal's size outranks @999: a 999 preference for a wider screen loses.
    @Test func theTerminalSizeOutranks999() {
        let spec = "screen root {\n  box a { left == 0; top == 0; height == 1; width == parent.width }\n  width == 100 @999\n}"
        let result = frames(spec)
        #expect(result["root"] == rect(0, 0, 80, 24))
        #expect(result["a"] == rect(0, 0, 80, 1))
    }
}
