import Canvas
import Diagnostics
import Foundation
import LayoutEngine
import Testing

@testable import Designer
@testable import Presentation

@Suite("Error drawer hardening")
struct DrawerHardeningTests {
    @Test("a 5 MB one-token file: the drawer's lines come out, each bounded by the screen, not by the file")
    func hugeOneTokenFile() throws {
        let token = String(repeating: "x", count: 5_000_000)
        let files = EditableFiles(["spec.layout": token + "\n"])
        var designer = makeDesigner(files, width: 100, height: 20)
        let drawer = try #require(designer.drawer)
        #expect(drawer.errors.count == 1)
        let lines = drawer.errors.flatMap { ErrorDrawer.lines(of: $0, width: 100) }
        #expect(lines.allSatisfy { $0.text.count <= Diagnostic.messageLimit + 40 })
        let rows = drawer.render(width: 100, height: 20).plainLines()
        #expect(rows.count == 20)
        #expect(rows[1].hasPrefix(" spec.layout:1:1: unknown view kind"), "\(rows)")
        // The source line starts at the caret's column (no cut at the start), and
        // the caret line under it fits on one row.
        let source = try #require(rows.firstIndex { $0.hasPrefix("   1 │ ") })
        #expect(rows[source].hasPrefix("   1 │ xxx") && rows[source].hasSuffix("…"), "\(rows)")
        #expect(rows[source + 1].hasPrefix("     │ ^~~") && rows[source + 1].count <= 100, "\(rows)")
        #expect(rows[source + 2].hasPrefix("   hint:"), "\(rows)")
        #expect(drawer.requestedHeight(width: 100, limit: 20) <= 20)
        let frame = designer.renderFrame()
        #expect(frame.drawer != nil)
    }

    @Test("a long excerpt is cut in time linear in it: the caret still sits under the column")
    func longExcerptGivenWhole() {
        // A diagnostic made by hand with a whole 200,000-character line as its excerpt.
        let line = String(repeating: "a", count: 100_000) + " bad " + String(repeating: "b", count: 100_000)
        let error = Diagnostic(.error, "bad", at: SourceLocation(file: "a.cas", line: 7, column: 100_002), excerpt: line, length: 3)
        let rows = ErrorDrawer(situation: .keptLastLayout, errors: [error]).render(width: 40, height: 5).plainLines()
        #expect(rows[2].hasPrefix("   7 │ …") && rows[2].hasSuffix("…"))
        let caret = rows[3].firstIndex(of: "^").map { rows[3].distance(from: rows[3].startIndex, to: $0) }
        let bad = rows[2].range(of: "bad").map { rows[2].distance(from: rows[2].startIndex, to: $0.lowerBound) }
        #expect(caret != nil && caret == bad)
    }

    @Test("the title counts the errors a capped list left out")
    func trueErrorCount() {
        let at = SourceLocation(file: "a.layout", line: 1, column: 1)
        var errors = (0..<1000).map { Diagnostic(.error, .layoutSyntax, "bad \($0)", at: at) }
        errors.append(Diagnostic.moreNotShown(
            "72000 more diagnostics not shown", omitted: .init(count: 72_000, errors: 72_000), from: .spec, at: at))
        let rows = ErrorDrawer(situation: .appliedWithErrors, errors: errors).render(width: 80, height: 4).plainLines()
        #expect(rows[0].contains("✖ 73000 errors"))
    }

    @Test("a file with more errors than the cap: the designer's drawer says the true count")
    func designerTrueCount() throws {
        let files = EditableFiles(["spec.layout": String(repeating: "?\n", count: 3000)])
        let designer = makeDesigner(files, width: 100, height: 20)
        let drawer = try #require(designer.drawer)
        #expect(drawer.title().text.contains("3000 errors"))
        // Conflicts stay the inspector's: the file errors are chosen by origin.
        #expect(designer.fileErrors().allSatisfy { $0.origin != .engine })
    }
}
