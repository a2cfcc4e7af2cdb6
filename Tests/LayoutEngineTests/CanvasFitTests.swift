import Cells
import Diagnostics
import Stylesheet
import Testing

@testable import LayoutEngine

/// Views past the canvas and texts cut off by their box are flagged and warned about.
@Suite struct CanvasFitTests {
    @Test func aViewPastTheLeftEdgeIsFlaggedAndWarned() {
        var session = loaded("screen root {\n  box a { left == -10; top == 1; width == 12; height == 3 }\n}", width: 30, height: 10).session
        #expect(session.frame("a") == rect(-10, 1, 12, 3))
        #expect(session.flags()[1] == [.offCanvas])
        #expect(session.flags()[0] == [])
        let warnings = session.checkDiagnostics().filter { $0.message.contains("off the canvas") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.line == 2)
        #expect(warnings.first?.message == "view 'a' is off the canvas: 10 cells past the left edge (its frame is x=-10 y=1 width=12 height=3, the canvas 30x10)")
    }

    @Test func everySideItReachesPastIsNamed() {
        var session = loaded("screen root {\n  box a { left == 25; top == 8; width == 10; height == 4 }\n}", width: 30, height: 10).session
        let overflow = CanvasFit.overflow(of: session.frame("a")!, canvas: session.size)
        #expect(overflow == CanvasOverflow(left: 0, top: 0, right: 5, bottom: 2))
        #expect(overflow?.description == "5 cells past the right edge and 2 past the bottom edge")
        #expect(session.checkDiagnostics().contains { $0.message.contains("view 'a' is off the canvas: 5 cells past the right edge and 2 past the bottom edge") })
    }

    @Test func onlyTheOutermostViewOffTheCanvasIsWarnedAbout() {
        let spec = "screen root {\n  box a { left == 0; top == 8; width == 10; height == 4\n    box b { edges == parent inset 1 }\n  }\n}"
        var session = loaded(spec, width: 30, height: 10).session
        #expect(session.flags()[1] == [.offCanvas])
        #expect(session.flags()[2] == [.offCanvas])
        let warnings = session.checkDiagnostics().filter { $0.message.contains("off the canvas") }
        #expect(warnings.map(\.message).count == 1)
        #expect(warnings.first?.message.hasPrefix("view 'a' is off the canvas: 2 cells past the bottom edge") == true)
    }

    @Test func childrenOfAScrollingViewportMayLiePastTheCanvas() {
        let spec = """
            screen root {
              box port [overflow=scroll] { left == 0; top == 0; width == 10; height == 4
                box content { left == parent.left; top == parent.top - 3; width == 10; height == 40 }
              }
              box plain { left == 12; top == 8; width == 4; height == 4 }
            }
            """
        var session = loaded(spec, width: 30, height: 10).session
        #expect(session.frame("content") == rect(0, -3, 10, 40))
        #expect(session.flags()[2] == [])
        #expect(session.flags()[3] == [.offCanvas])      // outside any viewport: as before
        let warnings = session.checkDiagnostics().filter { $0.message.contains("off the canvas") }
        #expect(warnings.map(\.message).count == 1)
        #expect(warnings.first?.message.hasPrefix("view 'plain'") == true)
        #expect(!session.checkDiagnostics().contains { $0.message.contains("overflow") })
    }

    @Test func overflowTakesOnlyScroll() {
        let session = loaded("screen root {\n  box port [overflow=hidden] { edges == parent }\n}", width: 30, height: 10).session
        let error = session.checkDiagnostics().first { $0.message.contains("'overflow' takes `scroll`") }
        #expect(error?.severity == .error)
        #expect(error?.location.line == 2)
    }

    @Test func viewsInsideTheCanvasHiddenOrEmptyAreNotFlagged() {
        let spec = """
            screen root {
              box inside { left == 0; top == 0; width == 30; height == 10 }
              box hidden .hidden { left == -5; top == 0; width == 10; height == 2 }
              box empty { left == -5; top == 0; width == 0; height == 2 }
            }
            """
        var session = loaded("use \"s.cas\"\n" + spec, styles: ["s.cas": ".hidden { visible false }"], width: 30, height: 10).session
        let flags = session.flags()
        #expect(!flags.joined().contains(.offCanvas))
        #expect(!session.checkDiagnostics().contains { $0.message.contains("off the canvas") })
    }

    @Test func aTextCutOffByItsBoxIsFlaggedWithTheMissingCells() {
        var session = loaded("screen root {\n  text t \"Hello world\" { left == 0; top == 0; width == 5; height == 1 }\n}").session
        #expect(session.flags()[1].contains(.clipped))
        let warning = session.checkDiagnostics().first { $0.message.contains("cut off") }
        #expect(warning?.message == "the text of view 't' is cut off: 5 of its 10 cells do not fit in its 5x1 box (1 of 2 lines shown)")
        #expect(warning?.location.line == 2)
    }

    @Test func aTextWithRoomIsNotClipped() {
        var session = loaded("screen root {\n  text t \"Hello world\" { left == 0; top == 0 }\n}").session
        #expect(session.frame("t") == rect(0, 0, 11, 1))
        #expect(!session.flags()[1].contains(.clipped))
        #expect(!session.checkDiagnostics().contains { $0.message.contains("cut off") })
    }

    @Test func borderAndPaddingTakeTheirCellsFirst() {
        var style = ComputedStyleFixture.text("abcdef")
        style.border = .single
        style.padding.left = 1
        // 8 wide: 1 + 1 padding + 6 + 1 → the text fits exactly.
        #expect(CanvasFit.clipping(of: style, frame: rect(0, 0, 9, 3)) == nil)
        let squeezed = CanvasFit.clipping(of: style, frame: rect(0, 0, 8, 3))
        #expect(squeezed?.missingCells == 1)
        #expect(squeezed?.lines == 2)
        #expect(CanvasFit.clipping(of: style, frame: rect(0, 0, 3, 3))?.missingCells == 6)
    }

    @Test func wideCharactersCountTwoCells() {
        let style = ComputedStyleFixture.text("漢字かな")
        #expect(CanvasFit.clipping(of: style, frame: rect(0, 0, 8, 1)) == nil)
        let clipped = CanvasFit.clipping(of: style, frame: rect(0, 0, 4, 1))
        #expect(clipped?.missingCells == 4)
        #expect(clipped?.totalCells == 8)
    }

    @Test func theFlagsComeOutInViewFlagOrder() {
        var session = loaded("screen root {\n  text t \"Hello world\" { left == -2; top == 0; width == 5; height == 1 }\n}").session
        #expect(session.flags()[1] == [.unsatisfied, .offCanvas, .clipped])
    }
}

enum ComputedStyleFixture {
    static func text(_ text: String) -> ComputedStyle {
        var style = ComputedStyle()
        style.text = text
        return style
    }
}
