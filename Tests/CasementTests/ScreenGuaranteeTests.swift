import Foundation
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
        let layout = try Layout(root: root)
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
        let layout = try Layout(root: root)
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

/// `collapse true` on a view placed in Swift by its right and bottom keeps it
/// at that corner (it took no space, and floated to the screen's origin).
@Suite struct CollapseFromSwiftTests {
    @Test func aBadgePinnedBottomRightCollapsesIntoItsCorner() throws {
        let directory = NSTemporaryDirectory() + "casement-collapse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "#badge { collapse true }\n".write(toFile: directory + "/app.cas", atomically: true, encoding: .utf8)
        let root = View(.screen, id: "root")
        let badge = View(.box, id: "badge")
        root.addSubview(badge)
        badge.makeConstraints { make in
            make.right.bottom.equalToSuperview().inset(1)
            make.width.equalTo(12)
            make.height.equalTo(3)
        }
        let layout = try Layout(root: root, stylesheets: [directory + "/app.cas"])
        #expect(layout.frame(of: badge) == ViewFrame(x: 79, y: 23, width: 0, height: 0))
        #expect(layout.diagnostics.isEmpty, "\(layout.diagnostics.map(\.summary))")
    }
}
