import Cells
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// The screen never shrinks below the terminal, and nothing calls its rule
/// satisfied when it does not hold: `check`, `render --format json`, `explain`.
@Suite struct ScreenCommandTests {
    static let size = TerminalSize(width: 80, height: 24)
    static let narrowing = "screen root {\n  box v { edges == parent }\n  width == 10\n}\n"

    @Test func checkReportsTheRuleThatWouldNarrowTheScreenAtItsLine() {
        let output = CheckCommand.output(spec: "x.layout", size: Self.size, reader: .inMemory(["x.layout": Self.narrowing]))
        #expect(output.status == 1)
        let stdout = output.stdout
        #expect(stdout.hasPrefix(
            "x.layout:3:3: error: required constraint `root.width == 10` conflicts with `root.width >= 80 as screen.min-width`"))
    }

    @Test func theJSONFramesFillTheTerminalAndListTheBrokenRule() throws {
        let output = RenderCommand.output(
            spec: "x.layout", size: Self.size, format: .json, reader: .inMemory(["x.layout": Self.narrowing]))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let views = try #require(json["views"] as? [[String: Any]])
        let frame = try #require(views.first?["frame"] as? [String: Int])
        #expect(frame["width"] == 80)
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        let broken = String(describing: conflicts.first?["broken"] ?? "")
        #expect(broken.contains("root.width == 10"), "\(broken)")
    }

    @Test func explainCallsTheScreenRuleUnsatisfiedWhileTheScreenIsLarger() {
        let spec = "screen root {\n  width == 100\n}\n"
        let output = ExplainCommand.output(
            spec: "x.layout", view: "root", size: Self.size, reader: .inMemory(["x.layout": spec]))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let rule = lines.firstIndex { $0.contains("root.width == terminal.width as screen.width") }
        #expect(rule != nil, "\(output.stdout)")
        if let rule {
            #expect(lines[rule + 2].contains("unsatisfied by 20"), "\(output.stdout)")
        }
    }
}
