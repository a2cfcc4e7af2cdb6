import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct TreeTests {
    func sample() -> TreeNode {
        TreeNode("root", children: [
            TreeNode("src", children: [TreeNode("a.swift"), TreeNode("b.swift")]),
            TreeNode("docs", children: [TreeNode("apps.md")]),
            TreeNode("README"),
        ], isExpanded: true)
    }

    @Test func arrowsMoveExpandCollapseAndActivate() throws {
        let tree = Tree(root: sample(), id: "files")
        var activated: [String] = []
        tree.onActivate = { activated.append($0.label) }
        let pilot = try pilot(on: tree, width: 20, height: 8)
        #expect(pilot.lines == ["▾ root", "├─ ▸ src", "├─ ▸ docs", "└─   README", "", "", "", ""])
        #expect(tree.selectedNode?.label == "root")
        pilot.press(.down, .right)
        #expect(pilot.lines[1...4] == ["├─ ▾ src", "│  ├─   a.swift", "│  └─   b.swift", "├─ ▸ docs"])
        pilot.press(.right)
        #expect(tree.selectedNode?.label == "a.swift")
        pilot.press(.left)
        #expect(tree.selectedNode?.label == "src")
        pilot.press(.left)
        #expect(pilot.lines[2] == "├─ ▸ docs")
        pilot.press(.end, .enter)
        #expect(activated == ["README"])
        pilot.press(.home)
        #expect(tree.selectedNode === tree.root)
        #expect(pilot.cell(x: 2, y: 0).attributes.contains(.reverse))
    }

    @Test func clicksSelectAndToggleOnTheExpander() throws {
        let tree = Tree(root: sample())
        let pilot = try pilot(on: tree, width: 20, height: 8)
        pilot.click(tree, x: 10, y: 2)
        #expect(tree.selectedNode?.label == "docs" && !(tree.selectedNode?.isExpanded ?? true))
        pilot.click(tree, x: 3, y: 2)
        #expect(tree.selectedNode?.isExpanded == true)
        #expect(pilot.lines[3] == "│  └─   apps.md")
    }

    @Test func lazyChildrenLoadOnceOnTheFirstExpand() throws {
        var loads = 0
        let root = TreeNode("root", loadChildren: {
            loads += 1
            return [TreeNode("one"), TreeNode("two")]
        })
        let tree = Tree(root: root)
        let pilot = try pilot(on: tree, width: 20, height: 4)
        #expect(pilot.lines[0] == "▸ root" && loads == 0)
        pilot.press(.right, .left, .right)
        #expect(loads == 1 && tree.visibleNodes.map(\.label) == ["root", "one", "two"])
    }

    @Test func aSlowSourceLoadsOffTheMainActorWithAPlaceholder() async throws {
        let gate = Gate()
        let root = TreeNode(TreeItem("root", value: "/", isExpandable: true)) { item in
            await gate.wait()
            return [TreeItem("child of \(item.value)", value: "/c", isExpandable: true), TreeItem("leaf")]
        }
        let tree = Tree(root: root)
        let pilot = try pilot(on: tree, width: 30, height: 5)
        pilot.press(.right)
        #expect(root.isLoading)
        #expect(pilot.lines[1] == "└─   Loading…")
        pilot.press(.character("x"))                    // input goes on meanwhile
        await gate.open()
        for _ in 0..<200 where root.isLoading {
            try await Task.sleep(for: .milliseconds(5))
            pilot.settle()
        }
        #expect(pilot.lines[1...2] == ["├─ ▸ child of /", "└─   leaf"])
        #expect(tree.visibleNodes[1].value == "/c")
    }

    @Test func thePlaceholderRowTakesItsPlaceForClicksAndKeys() async throws {
        let gate = Gate()
        let slow = TreeNode(TreeItem("slow", value: "/s", isExpandable: true)) { _ in
            await gate.wait()
            return [TreeItem("loaded")]
        }
        let root = TreeNode("root", children: [slow, TreeNode("after")], isExpanded: true)
        let tree = Tree(root: root)
        let pilot = try pilot(on: tree, width: 30, height: 6)
        pilot.press(.down, .right)                       // expand "slow": it loads
        #expect(pilot.lines[0...3] == ["▾ root", "├─ ▾ slow", "│  └─   Loading…", "└─   after"])
        pilot.click(tree, x: 6, y: 3)                    // the row drawn under the placeholder
        #expect(tree.selectedNode?.label == "after")
        pilot.press(.up)                                 // over the placeholder, onto its node
        #expect(tree.selectedNode?.label == "slow")
        pilot.press(.down)
        #expect(tree.selectedNode?.label == "after")
        pilot.click(tree, x: 8, y: 2)                    // the placeholder itself: nothing
        #expect(tree.selectedNode?.label == "after")
        pilot.press(.end)
        #expect(tree.selectedNode?.label == "after")
        await gate.open()
        for _ in 0..<200 where slow.isLoading {
            try await Task.sleep(for: .milliseconds(5))
            pilot.settle()
        }
        #expect(pilot.lines[0...3] == ["▾ root", "├─ ▾ slow", "│  └─   loaded", "└─   after"])
        #expect(tree.selectedNode?.label == "after")     // the selection stays on its node
    }

    @Test func collapsingKeepsTheSelectionOnTheNearestShownAncestor() throws {
        let tree = Tree(root: sample())
        _ = try pilot(on: tree, width: 20, height: 8)
        tree.select(tree.root.children[0].children[1])
        #expect(tree.selectedNode?.label == "b.swift")
        tree.root.children[0].collapse()
        #expect(tree.selectedNode?.label == "src")
    }
}

/// Holds a background loader until the test lets it go.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
