import Canvas
import Cells
import Diagnostics
import Foundation
import LayoutEngine
import Testing

@testable import Presentation

/// The package's root, for the demos.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@Suite("Presentation")
struct PresentationTests {
    @Test("docs/presentation.md's example: an inspection of a session, fitted into a pane, and a drawer")
    func docsExample() throws {
        var session = LayoutSession(
            specPath: packageRoot + "/demo/boxes.layout", size: TerminalSize(width: 80, height: 24))
        session.load()
        let inspection = Inspection(session: session, selecting: "red")
        let content = InspectorContent(inspection, focus: .tree)
        let pane = InspectorPane(content, width: 50, height: 20, viewport: InspectorViewport(), followFocus: true)
        #expect(pane.grid.plainLines().contains { $0.contains("SELECTION") })
        #expect(pane.targets.contains(.view(2)))

        let drawer = ErrorDrawer(situation: .keptLastLayout, errors: session.diagnostics.filter { $0.severity == .error })
        let rows = drawer.render(width: 80, height: drawer.requestedHeight(width: 80, limit: 8))
        #expect(rows.height == 1)  // no errors: the title alone
    }

    @Test("a status bar drops the least important piece first, and a right-aligned one grows back when room is left")
    func statusBar() {
        let bar = StatusBar([
            StatusSegment(" name ", style: .plain, importance: 90),
            StatusSegment(" figures figures ", style: .plain, importance: 10),
            StatusSegment(" long keys ", style: .plain, importance: 50, alignsRight: true, shorter: [(" k ", 60)]),
        ] + StatusSegment.problems(errors: 2, warnings: 1))
        #expect(bar.render(width: 60).plainLines()[0].hasSuffix(" long keys"))
        let narrow = bar.render(width: 30).plainLines()[0]
        #expect(!narrow.contains("figures"))
        #expect(narrow.contains("✖ 2") && narrow.contains("⚠ 1"))
        #expect(narrow.hasSuffix(" long keys"), "dropping the figures left room for the long form")
        let tiny = bar.render(width: 22).plainLines()[0]
        #expect(tiny.hasSuffix(" k"), "\(tiny)")
        // The keys shorten first, then a wider piece goes: the keys take their long form back.
        let regrow = StatusBar([
            StatusSegment(" name ", style: .plain, importance: 90),
            StatusSegment(" twenty cells wide  ", style: .plain, importance: 55),
            StatusSegment(" long keys ", style: .plain, importance: 45, alignsRight: true, shorter: [(" k ", 60)]),
        ])
        #expect(regrow.render(width: 28).plainLines()[0] == " name" + String(repeating: " ", count: 13) + "long keys")
    }
}
