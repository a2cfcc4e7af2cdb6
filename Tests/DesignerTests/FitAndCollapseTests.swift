import Canvas
import LayoutEngine
import Testing

@testable import Designer

private func inspectorRows(_ designer: inout DesignerState) -> [String] {
    designer.renderFrame().inspector?.plainLines() ?? []
}

@Suite("The designer: off-canvas, clipped and collapsed views")
struct FitAndCollapseTests {
    @Test("views off the canvas and cut-off texts are badged in the tree")
    func badges() {
        let spec = """
            screen root {
              box far { left == -4; top == 0; width == 10; height == 1 }
              text squeezed "Hello world" { left == 0; top == 2; width == 5; height == 1 }
            }
            """
        var designer = makeDesigner(EditableFiles(["spec.layout": spec]), width: 120, height: 30, inspector: true)
        let rows = inspectorRows(&designer)
        #expect(rows.contains { $0.contains("far ↗off-canvas box") }, "\(rows)")
        #expect(rows.contains { $0.contains("squeezed ~preference …clipped text") }, "\(rows)")
    }

    @Test("a stylesheet save toggling collapse closes and reopens the row's gap on the canvas")
    func collapseThroughReload() {
        let spec = """
            use "look.cas"
            screen root {
              row tools [gap=1] {
                left == 0; top == 0; width == 30; height == 1
                text save "Save"
                text export "Export"
                text quit "Quit"
              }
            }
            """
        let files = EditableFiles(["spec.layout": spec, "look.cas": "text { bold true }\n"])
        var designer = makeDesigner(files, width: 40, height: 6)
        #expect(designer.renderFrame().canvas.text.hasPrefix("Save Export Quit\n"))

        files["look.cas"] = "text { bold true }\n#export { collapse true }\n"
        designer.reload(changedFiles: ["look.cas"])
        let collapsed = designer.renderFrame().canvas
        #expect(collapsed.text.hasPrefix("Save Quit\n"), "\(collapsed.text)")
        #expect(!collapsed.text.contains("Export"))
        #expect(designer.session.checkDiagnostics().isEmpty)
        let full = Painter().paint(PaintNode.nodes(from: designer.session.views), width: 40, height: 5)
        #expect(collapsed == full.grid)

        files["look.cas"] = "text { bold true }\n"
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.renderFrame().canvas.text.hasPrefix("Save Export Quit\n"))
    }
}
