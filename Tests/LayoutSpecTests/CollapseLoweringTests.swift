import Diagnostics
import Testing

@testable import LayoutSpec

/// A row or column lowers a collapsed child (`collapse true`) with no gap, grow or stretch.
@Suite struct CollapseLoweringTests {
    let spec = "screen root {\n row r [gap=2] {\n  box a [grow=1]\n  box b [grow=1 min=3]\n  box c\n }\n}"

    func compile(collapsed: Set<String>) -> LayoutDocument {
        LayoutDocument(source: SourceText(path: "t.layout", text: spec)) { view, name in
            name == "collapse" && collapsed.contains(view) ? 1 : nil
        }
    }

    func lines(_ document: LayoutDocument, containing part: String) -> [String] {
        document.constraints.map(\.description).filter { $0.contains(part) }
    }

    @Test func withoutCollapseEveryNeighbourHasItsGap() {
        let document = compile(collapsed: [])
        #expect(lines(document, containing: "row.gap") == ["b.left == a.right + 2 as row.gap", "c.left == b.right + 2 as row.gap"])
        #expect(document.structuralReads.map(\.view) == ["a", "b", "c"])
        #expect(document.structuralReads.allSatisfy { $0.name == "collapse" && $0.value == nil })
    }

    @Test func aCollapsedChildTakesNoGapNoGrowNoMinAndNoStretch() {
        let document = compile(collapsed: ["b"])
        #expect(document.diagnostics.isEmpty)
        #expect(lines(document, containing: "row.gap") == ["b.left == a.right as row.gap", "c.left == b.right + 2 as row.gap"])
        #expect(lines(document, containing: "row.grow").allSatisfy { !$0.hasPrefix("b.") })
        #expect(lines(document, containing: "row.min").isEmpty)
        #expect(lines(document, containing: "b.bottom").isEmpty)
        #expect(lines(document, containing: "b.top") == ["b.top == r.top as row.align"])
    }

    @Test func aCollapsedFirstChildLeavesNoGapBeforeTheNext() {
        let document = compile(collapsed: ["a"])
        #expect(lines(document, containing: "row.gap") == ["b.left == a.right as row.gap", "c.left == b.right + 2 as row.gap"])
    }

    @Test func togglingCollapseNeedsAnotherLowering() {
        let document = compile(collapsed: [])
        #expect(!document.needsLowering { _, _ in nil })
        #expect(document.needsLowering { view, name in view == "b" && name == "collapse" ? 1 : nil })
    }
}
