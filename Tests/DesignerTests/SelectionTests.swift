import Canvas
import Cells
import LayoutEngine
import Testing

@testable import Designer
@testable import Presentation

@Suite("Selection, focus and keys")
struct SelectionTests {
    @Test("Tab and Shift-Tab cycle through the views in tree order, wrapping")
    func tabCycles() {
        var designer = makeDesigner(twoBoxesFiles())
        #expect(designer.selection == nil)
        designer.perform(.nextView)
        #expect(designer.selection == "root")
        designer.perform(.nextView)
        #expect(designer.selection == "alpha")
        designer.perform(.previousView)
        designer.perform(.previousView)
        #expect(designer.selection == "note")
        designer.perform(.nextView)
        #expect(designer.selection == "root")
    }

    @Test("the selected view gets the selected state, so [state:selected] styles apply")
    func selectedState() {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.nextView)
        designer.perform(.nextView)
        #expect(designer.session.states(ofView: "alpha") == ["selected"])
        let frame = designer.renderFrame()
        #expect(frame.canvas.plainLines()[1].hasPrefix(" ╔═ Alpha ══╗  ┌─ Beta"))
        designer.perform(.nextView)
        #expect(designer.session.states(ofView: "alpha").isEmpty)
        #expect(designer.session.states(ofView: "beta") == ["selected"])
        let next = designer.renderFrame()
        #expect(next.canvas.plainLines()[1].hasPrefix(" ┌─ Alpha ──┐  ╔═ Beta ═══╗"))
        // Only the two boxes were repainted.
        #expect(next.canvasDamage == .regions([
            CellRect(x: 1, y: 1, width: 12, height: 5), CellRect(x: 15, y: 1, width: 12, height: 5),
        ]))
    }

    @Test("the selection is outlined on the canvas")
    func selectionHighlight() {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.nextView)
        designer.perform(.nextView)
        let nodes = designer.paintNodes()
        #expect(nodes.map(\.highlight) == [.none, .selected, .none, .none])
        let corner = designer.renderFrame().canvas[1, 1]
        #expect(corner.foreground == Painter().selectedColor)
    }

    @Test("arrows move in the tree without wrapping; left goes to the parent, right to the first child")
    func arrowsInTheTree() {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.up)
        #expect(designer.selection == "note")
        designer.perform(.down)
        #expect(designer.selection == "note")
        designer.perform(.left)
        #expect(designer.selection == "root")
        designer.perform(.right)
        #expect(designer.selection == "alpha")
        designer.perform(.up)
        designer.perform(.up)
        #expect(designer.selection == "root")
        designer.perform(.lastView)
        #expect(designer.selection == "note")
        designer.perform(.firstView)
        #expect(designer.selection == "root")
    }

    @Test("Enter steps into the constraints; arrows move through them; related views light up")
    func constraintFocus() throws {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.nextView)
        designer.perform(.nextView)
        designer.perform(.nextView)
        #expect(designer.selection == "beta")
        designer.perform(.activate)
        #expect(designer.focus == .constraint(0))
        #expect(designer.inspectorVisible)
        let constraints = designer.selectedConstraints()
        #expect(constraints[0].text == "beta.top == alpha.top")
        #expect(designer.relatedViews() == ["alpha"])
        let nodes = designer.paintNodes()
        #expect(nodes.first { $0.id == "alpha" }?.highlight == .related)
        #expect(nodes.first { $0.id == "beta" }?.highlight == .selected)

        designer.perform(.down)
        #expect(designer.focus == .constraint(1))
        for _ in 0..<50 { designer.perform(.down) }
        #expect(designer.focus == .constraint(constraints.count - 1))
        designer.perform(.left)
        #expect(designer.focus == .tree)
        #expect(designer.relatedViews().isEmpty)
        #expect(designer.selection == "beta")

        // Up from the first constraint goes back to the tree.
        designer.perform(.activate)
        designer.perform(.up)
        #expect(designer.focus == .tree)
    }

    @Test("Enter on a constraint goes to the other view it mentions")
    func followConstraint() {
        var designer = makeDesigner(twoBoxesFiles())
        for _ in 0..<3 { designer.perform(.nextView) }
        designer.perform(.activate)
        designer.perform(.activate)
        #expect(designer.selection == "alpha")
        #expect(designer.focus == .tree)
    }

    @Test("Escape leaves the constraints, then clears the selection and its state")
    func escape() {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.nextView)
        designer.perform(.nextView)
        designer.perform(.activate)
        designer.perform(.escape)
        #expect(designer.focus == .tree && designer.selection == "alpha")
        designer.perform(.escape)
        #expect(designer.selection == nil)
        #expect(designer.session.states(ofView: "alpha").isEmpty)
    }

    @Test("a click selects the topmost box under the pointer; a click on nothing clears")
    func clickOnCanvas() {
        var designer = makeDesigner(twoBoxesFiles())
        _ = designer.renderFrame()
        designer.perform(.click(x: 17, y: 3))
        #expect(designer.selection == "beta")
        designer.perform(.click(x: 3, y: 2))
        #expect(designer.selection == "alpha")
        designer.perform(.click(x: 40, y: 10))
        #expect(designer.selection == "root")
    }

    @Test("a click on an inspector row selects that view or constraint")
    func clickInInspector() throws {
        var designer = makeDesigner(twoBoxesFiles(), width: 100, height: 40, inspector: true)
        let frame = designer.renderFrame()
        let rows = try #require(frame.inspector).plainLines()
        let betaRow = try #require(rows.firstIndex { $0.contains("beta box") })
        designer.perform(.click(x: frame.layout.inspector.x + 5, y: betaRow))
        #expect(designer.selection == "beta")
        let next = designer.renderFrame()
        let details = try #require(next.inspector).plainLines()
        let constraintRow = try #require(details.firstIndex { $0.contains("beta.left == alpha.right + 2 as gap") })
        designer.perform(.click(x: next.layout.inspector.x + 5, y: constraintRow))
        guard case .constraint(let index) = designer.focus else {
            Issue.record("no constraint focused")
            return
        }
        #expect(designer.selectedConstraints()[index].label == "gap")
    }

    @Test("a reload that removes the selected view clears the selection")
    func selectionRemoved() {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files)
        designer.perform(.lastView)
        #expect(designer.selection == "note")
        files["spec.layout"] = twoBoxesSpec.replacing("  text note \"hello\" { left == 1; bottom == parent.bottom - 1 }\n", with: "")
        designer.reload(changedFiles: ["spec.layout"])
        #expect(designer.session.viewIndex(of: "note") == nil)
        #expect(designer.selection == nil)
    }

    @Test("a reload keeps the constraint focus inside the list")
    func focusClampedOnReload() {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files)
        for _ in 0..<3 { designer.perform(.nextView) }
        designer.perform(.activate)
        for _ in 0..<50 { designer.perform(.down) }
        let before = designer.selectedConstraints().count
        files["spec.layout"] = twoBoxesSpec.replacing("    left == alpha.right + 2   as gap\n", with: "")
        designer.reload(changedFiles: ["spec.layout"])
        #expect(designer.focus == .constraint(before - 2))
    }
}

@Suite("Key bindings")
struct KeyBindingTests {
    @Test("every documented key maps to a command")
    func keys() {
        #expect(KeyBindings.command(for: .character("q")) == .quit)
        #expect(KeyBindings.command(for: .function(12)) == .toggleInspector)
        #expect(KeyBindings.command(for: .character("i")) == .toggleInspector)
        #expect(KeyBindings.command(for: .character("<")) == .widenInspector)
        #expect(KeyBindings.command(for: .character(">")) == .narrowInspector)
        #expect(KeyBindings.command(for: .tab) == .nextView)
        #expect(KeyBindings.command(for: .backTab) == .previousView)
        #expect(KeyBindings.command(for: .enter) == .activate)
        #expect(KeyBindings.command(for: .character("r")) == .reload)
        #expect(KeyBindings.command(for: .character("a")) == .toggleAlternative)
        #expect(KeyBindings.command(for: .backspace) == .back)
        #expect(KeyBindings.command(for: .character("g")) == .back)
        #expect(KeyBindings.command(for: .mouseClick(x: 3, y: 4)) == .click(x: 3, y: 4))
        #expect(KeyBindings.command(for: .character("z")) == nil)
    }
}
