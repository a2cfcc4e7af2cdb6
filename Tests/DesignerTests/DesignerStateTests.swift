import Canvas
import Cells
import LayoutEngine
import LayoutPainting
import Stylesheet
import Testing

@testable import Designer

@Suite("The designer: loading, reloading, resizing")
struct DesignerStateTests {
    @Test("the first frame paints the layout and names the spec in the status line")
    func firstFrame() throws {
        var designer = makeDesigner(twoBoxesFiles())
        let frame = designer.renderFrame()
        #expect(frame.canvasDamage == .full)
        #expect(frame.canvas.width == 60 && frame.canvas.height == 19)
        let rows = frame.canvas.plainLines()
        #expect(rows[1].hasPrefix(" ┌─ Alpha ──┐  ┌─ Beta ───┐"))
        #expect(rows[17] == " hello")
        let status = try #require(frame.status).plainLines()[0]
        #expect(status.contains("spec.layout"))
        #expect(status.contains("loaded in"))
        #expect(frame.inspector == nil && frame.drawer == nil)
    }

    @Test("a style edit repaints only the frames of the views it changed")
    func damageOnly() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files)
        let before = designer.renderFrame().canvas
        files["look.cas"] = twoBoxesStyle.replacing("bg red", with: "bg green")
        designer.reload(changedFiles: ["look.cas"])
        let frame = designer.renderFrame()
        #expect(frame.canvasDamage == .regions([CellRect(x: 15, y: 1, width: 12, height: 5)]))
        // Exactly the inside of beta changed colour, and nothing else.
        let runs = frame.canvas.changedRuns(since: before)
        #expect(!runs.isEmpty)
        for run in runs {
            #expect(run.y >= 1 && run.y < 6 && run.x >= 15 && run.x + run.cells.count <= 27)
        }
        // And the result is what a full paint gives.
        let full = Painter().paint(PaintNode.nodes(from: designer.session.views), width: 60, height: 19)
        #expect(frame.canvas == full.grid)
        #expect(designer.outcome?.kind == .reloaded)
    }

    @Test("a save that changes nothing on screen: no damage, and the same grids")
    func noChangeNoDamage() {
        var designer = makeDesigner(twoBoxesFiles())
        let first = designer.renderFrame()
        designer.reload(changedFiles: ["look.cas"])
        let second = designer.renderFrame()
        #expect(second.canvasDamage == CanvasDamage.none)
        #expect(second.canvas == first.canvas)
        // A file nothing depends on: nothing to do at all.
        designer.reload(changedFiles: ["elsewhere.cas"])
        #expect(designer.outcome?.kind == .unchanged)
        #expect(designer.renderFrame().canvasDamage == CanvasDamage.none)
    }

    @Test("the same save reported twice (leading and trailing edge) still reads 'reloaded'")
    func aFollowUpReloadThatChangesNothingKeepsReloaded() {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files)
        files["look.cas"] = twoBoxesStyle.replacing("bg red", with: "bg green")
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.outcome?.kind == .reloaded)
        // The watcher's trailing report of the same burst: nothing new.
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.outcome?.kind == .reloaded)
        // Long after, a save that changes nothing says so.
        designer.lastAppliedReload = .now - .seconds(5)
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.outcome?.kind == .unchanged)
    }

    @Test("a syntax error keeps the last good layout and opens the drawer; the fix closes it")
    func errorDrawer() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files, width: 100)
        let good = designer.renderFrame().canvas
        files["spec.layout"] = twoBoxesSpec.replacing("top == 1", with: "top == == 1")
        designer.reload(changedFiles: ["spec.layout"])
        let frame = designer.renderFrame()
        #expect(frame.canvas == good)
        let drawer = try #require(designer.drawer)
        #expect(drawer.situation == .keptLastLayout)
        let text = try #require(frame.drawer).plainLines()
        #expect(text[0].contains("1 error"))
        #expect(text[0].contains("last good layout"))
        #expect(text[1].hasPrefix(" spec.layout:4:12:"))
        // The source line, then a caret under the column.
        #expect(text[2].hasSuffix("│     top == == 1"))
        let caretColumn = try #require(text[3].firstIndex(of: "^"))
        let lineColumn = try #require(text[2].firstIndex(of: "│"))
        #expect(text[3].distance(from: text[3].startIndex, to: caretColumn)
            == text[2].distance(from: text[2].startIndex, to: lineColumn) + 2 + 11)
        #expect(frame.layout.drawer.height == text.count)
        #expect(try #require(frame.status).plainLines()[0].contains("last good layout kept"))

        files["spec.layout"] = twoBoxesSpec
        designer.reload(changedFiles: ["spec.layout"])
        let fixed = designer.renderFrame()
        #expect(designer.drawer == nil && fixed.drawer == nil)
        #expect(fixed.layout.drawer.isEmpty)
        #expect(try #require(fixed.status).plainLines()[0].contains("reloaded in"))
    }

    @Test("a deleted stylesheet is an error in the drawer; the layout stays")
    func deletedFile() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files)
        let good = designer.renderFrame().canvas
        files["look.cas"] = nil
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.renderFrame().canvas == good)
        #expect(designer.drawer?.errors.contains { $0.message.contains("look.cas") } == true)
        files["look.cas"] = twoBoxesStyle
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.drawer == nil)
    }

    @Test("errors the first load already has show in the drawer over what could be applied")
    func brokenFromTheStart() {
        let files = EditableFiles(["spec.layout": "screen root {\n  box a { width == }\n}\n"])
        let designer = makeDesigner(files)
        #expect(designer.drawer?.situation == .appliedWithErrors)
    }

    @Test("a resize lays the spec out again at the new size and repaints everything")
    func resize() {
        var designer = makeDesigner(twoBoxesFiles())
        _ = designer.renderFrame()
        designer.resize(to: TerminalSize(width: 40, height: 12))
        let frame = designer.renderFrame()
        #expect(frame.canvasDamage == .full)
        #expect(frame.canvas.width == 40 && frame.canvas.height == 11)
        #expect(designer.session.size == TerminalSize(width: 40, height: 11))
        #expect(frame.canvas.plainLines()[9] == " hello")
    }

    @Test("the inspector takes columns from the canvas, and the layout follows")
    func inspectorNarrowsTheCanvas() throws {
        var designer = makeDesigner(twoBoxesFiles(), width: 100, height: 30)
        #expect(designer.session.size.width == 100)
        designer.perform(.toggleInspector)
        let frame = designer.renderFrame()
        let inspector = try #require(frame.inspector)
        #expect(inspector.width == 40)
        #expect(designer.session.size.width == 60)
        #expect(inspector.plainLines()[0].contains("VIEWS 4"))
        designer.perform(.widenInspector)
        #expect(designer.renderFrame().layout.inspector.width == 44)
        #expect(designer.session.size.width == 56)
        designer.perform(.narrowInspector)
        designer.perform(.narrowInspector)
        #expect(designer.renderFrame().layout.inspector.width == 36)
        designer.perform(.toggleInspector)
        #expect(designer.renderFrame().inspector == nil)
        #expect(designer.session.size.width == 100)
    }

    @Test("the inspector never gets narrower than 20 columns, nor leaves the canvas fewer than 10")
    func inspectorLimits() {
        var designer = makeDesigner(twoBoxesFiles(), width: 40, height: 20, inspector: true)
        for _ in 0..<20 { designer.perform(.widenInspector) }
        #expect(designer.renderFrame().layout.canvas.width == 10)
        for _ in 0..<20 { designer.perform(.narrowInspector) }
        #expect(designer.renderFrame().layout.inspector.width == 20)
    }

    @Test("q asks to quit; Ctrl-L asks for a full repaint")
    func quitAndRepaint() {
        var designer = makeDesigner(twoBoxesFiles())
        designer.perform(.repaint)
        #expect(designer.wantsFullRepaint)
        #expect(!designer.wantsToQuit)
        designer.perform(.quit)
        #expect(designer.wantsToQuit)
    }

    @Test("a tiny screen never breaks the frame")
    func tinyScreens() {
        for (width, height) in [(1, 1), (2, 1), (1, 2), (3, 3), (10, 2)] {
            var designer = makeDesigner(twoBoxesFiles(), width: width, height: height, inspector: true)
            designer.perform(.nextView)
            designer.perform(.activate)
            let frame = designer.renderFrame()
            #expect(frame.canvas.width == frame.layout.canvas.width)
        }
    }
}
