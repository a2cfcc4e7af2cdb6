import Casement
import Testing

/// The screen never shrinks below the terminal, for views built in Swift as for
/// specs: a rule that would make it smaller is the one broken, reported as an
/// error at the Swift line that wrote it.
@Suite struct ScreenGuaranteeTests {
    @Test func aWidthThatWouldNarrowTheScreenIsBrokenAtItsSwiftLine() throws {
        let root = View(.screen, id: "root")
        let v = View(.box, id: "v")
        root.addSubview(v)
        v.makeConstraints { make in make.edges.equalToSuperview() }
        var layout = try Layout(root: root)
        v.makeConstraints { make in make.width.equalTo(10) }; let line = #line
        #expect(layout.frame(of: root) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        #expect(layout.frame(of: v) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        let errors = layout.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.file.hasSuffix("ScreenGuaranteeTests.swift") == true)
        #expect(errors.first?.location.line == line)
        let explained = layout.explain(root)
        let explanation = try #require(explained)
        // Nothing about the screen's size is called satisfied beside a frame that differs from it.
        #expect(explanation.contains("root.width == terminal.width"))
        #expect(explanation.contains("width=80"))
    }

    @Test func anUpdatedCentreNeverCollapsesTheScreen() throws {
        let root = View(.screen, id: "root")
        let v = View(.box, id: "v")
        root.addSubview(v)
        v.makeConstraints { make in make.edges.equalToSuperview() }
        root.makeConstraints { make in make.centerX.equalTo(40) }
        let ruleLine = #line - 1
        var layout = try Layout(root: root)
        #expect(layout.frame(of: root) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        #expect(layout.diagnostics.isEmpty)
        // Updated in place: the rule keeps its line, and it is the one broken.
        root.updateConstraints { make in make.centerX.equalTo(5) }
        #expect(layout.frame(of: root) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        #expect(layout.frame(of: v) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        let error = layout.diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == ruleLine)
        #expect(error?.message.contains("root.centerX == 5") == true, "\(String(describing: error))")
    }
}
