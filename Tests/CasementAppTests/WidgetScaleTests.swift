@testable import CasementApp
import Testing
import TestSupport

/// The large-input widgets cost what the screen shows, not what they hold: a
/// scroll, a keystroke or a step at 8N costs about what it does at N (a whole-
/// text or whole-tree pass per key or frame would give about 8). The budgets
/// themselves are `casement-bench app`'s (release, never a time here).
@MainActor
@Suite struct WidgetScaleTests {
    static func lines(_ count: Int) -> String {
        (0..<count).map { "line \($0): " + String(repeating: "word ", count: $0 % 40) }.joined(separator: "\n")
    }

    @Test func scrollingATextViewCostsTheRowsShown() throws {
        let ratio = growthRatio(from: 2_000, prepare: { count -> (AppPilot, TextView) in
            let view = TextView(text: Self.lines(count))
            let pilot = try! pilot(on: view, width: 80, height: 24)
            pilot.app.focus(view)
            pilot.settle()
            return (pilot, view)
        }, measure: { pilot, _ in
            for _ in 0..<20 { pilot.press(.down) }
        })
        #expect(ratio < 3, "8N lines scroll at \(ratio)× the cost of N")
    }

    @Test func aScrollByOneRowWrapsOnlyTheLineItBringsIn() throws {
        // Every line wraps (200 cells in 40): each is wrapped once when it first shows.
        let view = TextView(text: (0..<1_000).map { "\($0) " + String(repeating: "wrapped ", count: 25) }.joined(separator: "\n"))
        let pilot = try pilot(on: view, width: 40, height: 10)
        let first = view.scrolled.store.wrappedLines
        #expect(first == 2)                              // 5 or 6 rows a line: two lines fill 10 rows
        for _ in 0..<60 { pilot.press(.down) }
        #expect(view.scrollOffset == 60)
        #expect(view.scrolled.store.wrappedLines - first <= 12)   // 60 rows: about 11 lines more
        pilot.press(.home)
        #expect(view.scrolled.store.wrappedLines - first <= 14)   // back at the top: a few wrapped again at most
        view.wraps = false
        pilot.settle()
        #expect(view.rowCount == 1_000)                  // a row a line
        let unwrapped = view.scrolled.store.wrappedLines
        view.wraps = true                                // a new width wraps anew
        pilot.settle()
        #expect(view.scrolled.store.wrappedLines - unwrapped == 2)
        #expect(pilot.lines[0].hasPrefix("0 wrapped wrapped"))
    }

    @Test func aTextViewMeasuresItsLinesOncePerWidth() throws {
        let view = TextView(text: Self.lines(1_000))
        let built = view.scrolled.store.measuredLines     // as the text was set (unwrapped)
        let scrolling = try pilot(on: view, width: 40, height: 10)
        #expect(view.scrolled.store.measuredLines - built == 1_000)       // once, beside the bar
        for _ in 0..<30 { scrolling.press(.down) }
        scrolling.press(.pageDown, .end, .home)
        #expect(view.scrolled.store.measuredLines - built == 1_000)       // scrolling measures nothing
        let few = TextView(text: "short\n" + String(repeating: "long ", count: 30))
        let fewPilot = try pilot(on: few, width: 40, height: 10)
        #expect(few.rowCount == 5 && fewPilot.lines[1].hasPrefix("long long"))   // fits: the full width, no bar
        #expect(!fewPilot.lines[0].hasSuffix("┃") && !fewPilot.lines[0].hasSuffix("│"))
    }

    @Test func typingInATextAreaCostsTheLinesTouched() throws {
        let ratio = growthRatio(from: 1_000, prepare: { count -> (AppPilot, TextArea) in
            let area = TextArea(text: Self.lines(count))
            let pilot = try! pilot(on: area, width: 80, height: 24)
            pilot.app.focus(area)
            area.cursor = TextPosition(line: count / 2, column: 3)
            pilot.settle()
            return (pilot, area)
        }, measure: { pilot, _ in
            for _ in 0..<20 { pilot.type("x") }
        })
        #expect(ratio < 3, "typing in 8N lines costs \(ratio)× typing in N")
    }

    static func folders(_ count: Int) -> TreeNode {
        TreeNode("root", children: (0..<count / 50).map { folder in
            TreeNode("folder \(folder)", children: (0..<49).map { TreeNode("file \($0)") }, isExpanded: true)
        }, isExpanded: true)
    }

    @Test func steppingThroughAnExpandedTreeCostsTheRowsShown() throws {
        let ratio = growthRatio(from: 2_000, prepare: { count -> (AppPilot, Tree) in
            let tree = Tree(root: Self.folders(count))
            let pilot = try! pilot(on: tree, width: 80, height: 24)
            pilot.app.focus(tree)
            pilot.press(.end)                            // deep in the tree: far from the top row
            return (pilot, tree)
        }, measure: { pilot, _ in
            pilot.press(.up, .up, .down, .down)
            pilot.press(.left, .right)                   // to the folder, then into its first file
        })
        #expect(ratio < 3, "a step in 8N nodes costs \(ratio)× a step in N")
    }

    @Test func aTreeStepFindsTheParentAndChildNearby() throws {
        let tree = Tree(root: Self.folders(500))
        let pilot = try pilot(on: tree, width: 40, height: 10)
        pilot.app.focus(tree)
        pilot.press(.end)
        #expect(tree.selectedNode?.label == "file 48")
        pilot.press(.left)
        #expect(tree.selectedNode?.label == "folder 9")
        pilot.press(.right)
        #expect(tree.selectedNode?.label == "file 0" && tree.selectedNode?.parent?.label == "folder 9")
    }
}
