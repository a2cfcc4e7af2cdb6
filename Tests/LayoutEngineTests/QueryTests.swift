import LayoutSpec
import Testing
import TestSupport

@testable import LayoutEngine

/// Unsatisfied preferences, ambiguity, the alternative layout, explanations.
@Suite struct QueryTests {
    @Test func unsatisfiedPreferencesWithHowFarOff() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 25 @high as wish }\n}").session
        let unsatisfied = session.unsatisfiedPreferences()
        #expect(unsatisfied.count == 1)
        #expect(unsatisfied[0].constraint.text == "a.width == 25 @high as wish")
        #expect(unsatisfied[0].violation == 15)
        #expect(unsatisfied[0].constraint.status == .unsatisfied(by: 15))
        #expect(session.flags()[1] == [.unsatisfied])
    }

    @Test func strongStackPinsGiveWayAndAreListed() {
        let session = loaded("screen root {\n  row r { edges == parent\n    box a { width == 10; height == 4 }\n  }\n}").session
        let texts = session.unsatisfiedPreferences().map(\.constraint.text)
        #expect(texts == ["a.bottom == r.bottom @999 as row.align"])
    }

    @Test func anAttributeNothingMentionsIsAmbiguous() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1 }\n}").session
        let ambiguities = session.ambiguities()
        #expect(ambiguities.count == 1)
        #expect(ambiguities[0].view == "a")
        #expect(ambiguities[0].attributes == [.width])
        #expect(ambiguities[0].constraints.isEmpty)
        #expect(ambiguities[0].message == "the width of 'a' is not constrained at all")
        let warning = session.checkDiagnostics().first { $0.severity == .warning }
        #expect(warning?.location.line == 2)
        #expect(warning?.message.contains("ambiguous") == true)
    }

    @Test func aRangeWithoutAPreferenceIsAmbiguous() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width >= 5; width <= 10 }\n}").session
        let ambiguity = session.ambiguities().first
        #expect(ambiguity?.view == "a")
        #expect(ambiguity?.attributes == [.width])
        #expect(ambiguity?.constraints.map(\.text).contains("a.width >= 5") == true)
        #expect(session.flags()[1].contains(.ambiguous))
    }

    @Test func aDeterminedLayoutIsNotAmbiguous() {
        let session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width >= 5; width <= 10; width == 7 @low }\n}").session
        #expect(session.ambiguities().isEmpty)
        #expect(session.checkDiagnostics().isEmpty)
    }

    /// Issue 11, item 11: one VFL chain of views without widths. Every width
    /// is a free direction that moves the rest of the chain; the engine takes
    /// the directions one at a time and keeps, per view, only the moving slots
    /// and the first constraints that mention it.
    @Test func aLongChainOfFreeWidthsFlagsEveryViewWithAFewConstraints() {
        let n = 150
        let boxes = (0..<n).map { "  box v\($0) { top == 0; height == 1 }" }.joined(separator: "\n")
        let chain = "  H:|" + (0..<n).map { "[v\($0)]" }.joined() + "|"
        let session = loaded("screen root {\n\(boxes)\n\(chain)\n}", width: 400).session
        let found = session.ambiguities()
        #expect(found.map(\.view) == (0..<n).map { "v\($0)" })
        #expect(found.first?.attributes == [.width])
        #expect(found.dropFirst().allSatisfy { $0.attributes == [.left, .width] })
        for ambiguity in found {
            #expect((1...LayoutSession.involvedLimit).contains(ambiguity.constraints.count))
            #expect(ambiguity.constraints.allSatisfy { $0.views.contains(ambiguity.view) })
        }
    }

    /// Issue 26 §2.8: the ambiguity scan of a chain of N free widths took the
    /// directions one at a time, each moving the rest of the chain: N^2 (an
    /// undetermined 4,000-view chain took 6.9 s in `check`). It is one pass now.
    @Test func theAmbiguityScanOfALongChainGrowsLinearly() {
        func chain(_ n: Int) -> LayoutSession {
            let boxes = (0..<n).map { "  box v\($0) { top == 0; height == 1 }" }.joined(separator: "\n")
            let spec = "screen root {\n\(boxes)\n  H:|" + (0..<n).map { "[v\($0)]" }.joined() + "|\n}"
            return loaded(spec, width: 400).session
        }
        let ratio = growthRatio(from: 250, runs: 3, prepare: chain) { session in
            var fresh = session
            fresh.queries = Memo(QueryCache())
            #expect(fresh.ambiguousViews().count > 200)
        }
        #expect(ratio < 24, "8x the chain cost \(ratio)x")
    }

    /// Badges, `check`'s warnings and `explain` read the ambiguous views before
    /// their constraints are described (`ambiguousViews`), and a snapshot for
    /// JSON skips the described list: all of them must say what the described
    /// list says. Two sessions, so neither reads the other's cached answers.
    @Test func badgesWarningsAndExplanationsAgreeWithTheDescribedAmbiguities() {
        let n = 30
        let boxes = (0..<n).map { "  box v\($0) { top == 0; height == 1 }" }.joined(separator: "\n")
        let chain = "  H:|" + (0..<n).map { "[v\($0)]" }.joined() + "|"
        let spec = "screen root {\n\(boxes)\n\(chain)\n  box w { left == 0; top == 2; height == 1 }\n"
            + "  box r { left == 0; top == 4; height == 1; width >= 5; width <= 10 }\n}"
        let listed = loaded(spec, width: 400).session.ambiguities()
        let session = loaded(spec, width: 400).session
        let lean = session.snapshot(listingAmbiguities: false)
        #expect(lean.ambiguities.isEmpty)
        #expect(listed.count == n + 2)
        let flagged = session.views.indices.filter { lean.flags[$0].contains(.ambiguous) }.map { session.views[$0].id }
        #expect(flagged == listed.map(\.view))
        let warnings = lean.diagnostics.filter { $0.code == .engineAmbiguous }
        #expect(warnings.map(\.message) == listed.map { "view '\($0.view)' is ambiguous: \($0.message)" })
        let hints = listed.map { ambiguity in
            ambiguity.constraints.isEmpty
                ? "give it a rule for each of them"
                : "involved: " + ambiguity.constraints.prefix(4).map { "`\($0.text)`" }.joined(separator: ", ")
                    + (ambiguity.constraints.count > 4 ? ", …" : "")
        }
        #expect(warnings.map(\.hint) == hints)
        for ambiguity in listed {
            #expect(session.explain(ambiguity.view)?.ambiguity == ambiguity)
        }
        #expect(session.explain("root")?.ambiguity == nil)
        #expect(session.snapshot().ambiguities == listed)
    }

    @Test func alternativeLayoutShowsAnotherSolutionAndComesBack() {
        var session = loaded("screen root {\n  box a { left == 0; top == 0; height == 1; width >= 5; width <= 30 }\n}").session
        let original = session.frame("a")!
        let shown = session.showAlternative()
        #expect(shown.applied)
        #expect(session.isShowingAlternative)
        let alternative = session.frame("a")!
        #expect(alternative != original)
        #expect((5...30).contains(alternative.width))
        // The badge stays while the alternative pins the ambiguous attribute.
        #expect(session.ambiguities().count == 1)
        session.showAlternative()
        #expect((5...30).contains(session.frame("a")!.width))
        session.restoreLayout()
        #expect(!session.isShowingAlternative)
        #expect(session.frame("a") == original)
    }

    @Test func noAlternativeWithoutAmbiguity() {
        var session = loaded("screen root {\n  box a { left == 0; top == 0; size == 3 }\n}").session
        #expect(!session.showAlternative().applied)
        #expect(!session.isShowingAlternative)
    }

    @Test func zeroAndNegativeSizesAreKeptAndFlagged() {
        let session = loaded("screen root {\n  box a { left == 10; right == parent.left + 4; top == 0; height == 0 }\n}").session
        #expect(session.frame("a") == rect(10, 0, -6, 0))
        #expect(session.flags()[1] == [.zeroHeight, .negativeWidth])
        let warning = session.checkDiagnostics().first { $0.message.contains("negative width") }
        #expect(warning?.message == "view 'a' has a negative width (-6 cells)")
    }

    @Test func explanationListsConstraintsWithStatusAndStyleWithProvenance() {
        let styles = """
            box { bg blue; border single }
            .card { bg red }
            #a { title "From sheet" }
            """
        let session = loaded(
            "use \"s.cas\"\nscreen root {\n  box a .card \"From spec\" { left == 1; top == 0; size == 4; width == 9 @low }\n  box b { left == a.right; top == 0; size == 2 }\n}",
            styles: ["s.cas": styles]
        ).session
        let explanation = session.explain("a")!
        #expect(explanation.view.frame == rect(1, 0, 4, 4))
        #expect(explanation.constraints.map(\.text) == [
            "a.left == root.left + 1", "a.top == root.top", "a.width == 4", "a.height == 4", "a.width == 9 @low",
            "b.left == a.right",
        ])
        #expect(explanation.constraints[4].status == .unsatisfied(by: 5))
        #expect(explanation.constraints[0].status == .satisfied)
        let background = explanation.style.first { $0.property == .backgroundColor }!
        guard case .stylesheet(let winner) = background.source else {
            Issue.record("background should come from a stylesheet")
            return
        }
        #expect(winner.selector == ".card")
        #expect(background.overridden.map(\.selector) == ["box"])
        // The spec's quoted string is the title, over the stylesheet's.
        let title = explanation.style.first { $0.property == .title }!
        #expect(title.value == .text("From spec"))
        guard case .spec = title.source else {
            Issue.record("the title should come from the spec")
            return
        }
        #expect(title.overridden.map(\.selector) == ["#a"])
        let text = explanation.formatted()
        #expect(text.contains("unsatisfied by 5"))
        #expect(text.contains("overridden: box"))
        #expect(session.explain("nope") == nil)
        #expect(session.suggestion(forView: "bb") == "b")
    }
}
