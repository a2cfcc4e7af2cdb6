import Cells
import Diagnostics
import Testing

@testable import LayoutEngine

/// `collapse true`: the view takes no space, and a row closes up around it.
@Suite struct CollapseTests {
    static let spec = """
        use "s.cas"
        screen root {
          row r [gap=2] {
            left == 0; top == 0; height == 3
            box a .cell { width == $size-width }
            box b .cell { width == $size-width }
            box c .cell { width == $size-width }
          }
        }
        """
    static let styles = ".cell { size-width 10 }\n"

    private func framesByID(_ session: LayoutSession) -> [String: ViewFrame] {
        Dictionary(uniqueKeysWithValues: session.views.map { ($0.id, $0.frame) })
    }

    @Test func aCollapsedChildTakesNoSpaceAndNoGap() {
        let before = frames(Self.spec, styles: ["s.cas": Self.styles])
        #expect(before["a"] == rect(0, 0, 10, 3))
        #expect(before["b"] == rect(12, 0, 10, 3))
        #expect(before["c"] == rect(24, 0, 10, 3))

        var session = loaded(Self.spec, styles: ["s.cas": Self.styles + "#b { collapse true }\n"]).session
        #expect(session.frame("a") == rect(0, 0, 10, 3))
        #expect(session.frame("b")?.width == 0)
        #expect(session.frame("b")?.height == 0)
        #expect(session.frame("b")?.x == 10)
        #expect(session.frame("c") == rect(12, 0, 10, 3))
        #expect(session.conflicts().isEmpty)
        #expect(session.unsatisfiedPreferences().isEmpty)
        #expect(session.flags()[3] == [.zeroWidth, .zeroHeight, .collapsed])
        // Its own width rule is set aside, and says why.
        let width = session.explain("b")?.constraints.first { $0.text == "b.width == $size-width" }
        #expect(width?.status == .inactive(.collapsed(view: "b")))
        #expect(!session.checkDiagnostics().contains { $0.severity == .error })
    }

    @Test func collapsedFirstAndLastChildrenLeaveNoGapAtTheEnds() {
        let spec = """
            screen root {
              row r [gap=3] {
                left == 0; top == 0; height == 1
                box a { width == 4 }
                box b { width == 4 }
                box c { width == 4 }
              }
            }
            """
        let session = loaded("use \"s.cas\"\n" + spec, styles: ["s.cas": "#a, #c { collapse true }"]).session
        #expect(session.frame("a")?.x == 0)
        #expect(session.frame("b") == rect(0, 0, 4, 1))
        #expect(session.frame("c")?.x == 4)
        #expect(session.frame("c")?.width == 0)
    }

    @Test func aGrowingChildCollapsedGivesItsShareToTheOthers() {
        let spec = """
            screen root {
              row r [gap=1] {
                left == 0; top == 0; width == 21; height == 1
                box a [grow=1]
                box b [grow=1]
              }
            }
            """
        let session = loaded("use \"s.cas\"\n" + spec, styles: ["s.cas": "#b { collapse true }"]).session
        #expect(session.frame("a") == rect(0, 0, 21, 1))
        #expect(session.frame("b")?.width == 0)
    }

    @Test func toggledByAStylesheetReload() {
        let spec = Self.spec
        var (session, files) = loaded(spec, styles: ["s.cas": Self.styles])
        let original = framesByID(session)
        #expect(original["c"] == rect(24, 0, 10, 3))

        files["s.cas"] = Self.styles + "#b { collapse true }\n"
        var report = session.reload(changedFiles: ["s.cas"])
        #expect(report.applied)
        #expect(session.frame("b")?.width == 0)
        #expect(session.frame("c") == rect(12, 0, 10, 3))
        #expect(report.movedViews.contains("c"))
        // The same as loading the collapsed files from scratch.
        let fresh = loaded(spec, styles: ["s.cas": files["s.cas"]!]).session
        #expect(framesByID(session) == framesByID(fresh))

        files["s.cas"] = Self.styles
        report = session.reload(changedFiles: ["s.cas"])
        #expect(report.applied)
        #expect(report.restyledViews == ["b"], "\(report)")
        #expect(framesByID(session) == original)
        let width = session.explain("b")?.constraints.first { $0.text == "b.width == $size-width" }
        #expect(width?.status == .satisfied)
    }

    @Test func requiredSizeRulesAreSetAsideButLeftAndTopStay() {
        let spec = """
            use "s.cas"
            screen root {
              box a {
                left == 5; top == 2; right == 20; height == 4
                width >= 30 @high
              }
            }
            """
        var session = loaded(spec, styles: ["s.cas": "#a { collapse true; min-width 8 }"]).session
        #expect(session.frame("a") == rect(5, 2, 0, 0))
        #expect(session.conflicts().isEmpty)
        let statuses = Dictionary(uniqueKeysWithValues: session.explain("a")!.constraints.map { ($0.text, $0.status) })
        #expect(statuses["a.left == root.left + 5"] == .satisfied)
        #expect(statuses["a.top == root.top + 2"] == .satisfied)
        #expect(statuses["a.right == root.right + 20"] == .inactive(.collapsed(view: "a")))
        #expect(statuses["a.height == 4"] == .inactive(.collapsed(view: "a")))
        // A preference stays, and does not hold.
        #expect(statuses["a.width >= 30 @high"] == .unsatisfied(by: 30))
        // The engine's min-width gives way to the collapse.
        #expect(statuses["a.width >= 8 as style.min-width"] == nil)
        #expect(statuses["a.width == 0 as collapse.width"] == .satisfied)
        // Set aside on purpose: explain shows them, check does not warn.
        #expect(session.checkDiagnostics().isEmpty, "\(session.checkDiagnostics().map(\.summary))")
    }

    @Test func aCollapsedTextHasNoTextSizeAndIsNotClipped() {
        let spec = "use \"s.cas\"\nscreen root {\n  column col {\n    left == 0; top == 0; width == 20\n    text t \"Hello\"\n    text u \"World\"\n  }\n}"
        var session = loaded(spec, styles: ["s.cas": "#t { collapse true }"]).session
        #expect(session.frame("t")?.width == 0)
        #expect(session.frame("u") == rect(0, 0, 20, 1))
        #expect(!session.flags()[2].contains(.clipped))
        #expect(session.unsatisfiedPreferences().isEmpty)
    }

    @Test func theChildrenOfACollapsedViewAreCollapsedTooAndQuiet() {
        let spec = "use \"s.cas\"\nscreen root {\n  box panel { left == 0; top == 0; width == 10; height == 5\n    text t \"A long text here\" { edges == parent inset 1 }\n  }\n}"
        var session = loaded(spec, styles: ["s.cas": "#panel { collapse true }"]).session
        #expect(session.frame("panel") == rect(0, 0, 0, 0))
        #expect(session.flags()[2].contains(.collapsed))
        #expect(!session.flags()[2].contains(.clipped))
        let warnings = session.checkDiagnostics().filter { $0.message.contains("'t'") }
        #expect(warnings.isEmpty)
    }
}

/// A collapsed view stays where its rules place it, whichever edge they name.
@Suite struct CollapsedPlacementTests {
    @Test func aViewPlacedByItsRightAndBottomStaysAtThem() {
        let spec = """
            use "s.cas"
            screen root {
              box badge { right == parent.right - 2; bottom == parent.bottom - 1; width == 10; height == 3 }
            }
            """
        #expect(frames(spec, styles: ["s.cas": ""])["badge"] == rect(68, 20, 10, 3))
        let session = loaded(spec, styles: ["s.cas": "#badge { collapse true }"]).session
        #expect(session.frame("badge") == rect(78, 23, 0, 0))
        #expect(session.conflicts().isEmpty)
        let statuses = Dictionary(uniqueKeysWithValues: session.explain("badge")!.constraints.map { ($0.text, $0.status) })
        #expect(statuses["badge.right == root.right - 2"] == .satisfied)
        #expect(statuses["badge.bottom == root.bottom - 1"] == .satisfied)
        #expect(statuses["badge.width == 10"] == .inactive(.collapsed(view: "badge")))
        #expect(session.checkDiagnostics().isEmpty, "\(session.checkDiagnostics().map(\.summary))")
    }

    @Test func aCentredViewStaysAtItsCentre() {
        let spec = """
            use "s.cas"
            screen root {
              box dialog { center == parent; size == 20 }
            }
            """
        let session = loaded(spec, styles: ["s.cas": "#dialog { collapse true }"]).session
        #expect(session.frame("dialog") == rect(40, 12, 0, 0))
    }

    @Test func withALeftRuleTheRightOneIsStillSetAside() {
        let spec = """
            use "s.cas"
            screen root {
              box a { left == 3; right == parent.right - 2; top == 1; height == 2 }
            }
            """
        let session = loaded(spec, styles: ["s.cas": "#a { collapse true }"]).session
        #expect(session.frame("a") == rect(3, 1, 0, 0))
        #expect(session.conflicts().isEmpty)
    }

    @Test func uncollapsingPutsItBack() {
        let spec = """
            use "s.cas"
            screen root {
              box badge { right == parent.right; bottom == parent.bottom; width == 10; height == 3 }
            }
            """
        var (session, files) = loaded(spec, styles: ["s.cas": "#badge { collapse true }"])
        #expect(session.frame("badge") == rect(80, 24, 0, 0))
        files["s.cas"] = ""
        #expect(session.reload(changedFiles: ["s.cas"]).applied)
        #expect(session.frame("badge") == rect(70, 21, 10, 3))
    }
}

/// A structural style value toggled by stylesheet saves, there and back.
@Suite struct StructuralToggleTests {
    /// The spec as parsed read no `columns`; after a save set it and a save took it
    /// away again, the layout on screen must not keep two columns.
    @Test func aGridGoesBackToOneColumnWhenTheStylesheetStopsSettingIt() {
        let spec = "use \"s.cas\"\nscreen root {\n  grid cards [gap=0] {\n    edges == parent\n    box a\n    box b\n  }\n}"
        var (session, files) = loaded(spec, styles: ["s.cas": "#cards { bold true }"])
        #expect(session.frame("b") == rect(0, 12, 80, 12))
        files["s.cas"] = "#cards { columns 2 }"
        #expect(session.reload(changedFiles: ["s.cas"]).applied)
        #expect(session.frame("b") == rect(40, 0, 40, 24))
        files["s.cas"] = "#cards { bold true }"
        #expect(session.reload(changedFiles: ["s.cas"]).applied)
        #expect(session.frame("b") == rect(0, 12, 80, 12))
    }
}
