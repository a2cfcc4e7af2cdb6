import Cells
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// What reaches a terminal or a tool from `check`, `explain` and `render`: codes
/// after messages, and no control character from the files.
@Suite struct DiagnosticOutputTests {
    static let size = TerminalSize(width: 60, height: 14)

    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func checkFlagsEachLineWithItsCode() {
        let spec = "use \"a.cas\"\nscreen root {\n  bx a\n}\n"
        let output = CheckCommand.output(
            spec: "x.layout", size: Self.size, reader: .inMemory(["x.layout": spec, "a.cas": "box { colr red }"]))
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("x.layout:3:3: error: unknown view kind 'bx' [layout.unknown-view-kind]"))
        #expect(lines.contains("a.cas:1:7: warning: unknown property 'colr' [cas.unknown-property]"))
        let context = CheckCommand.output(
            spec: "x.layout", size: Self.size, context: true,
            reader: .inMemory(["x.layout": spec, "a.cas": "box { colr red }"]))
        #expect(context.stdout.contains("x.layout:3:3: error: unknown view kind 'bx' [layout.unknown-view-kind]\n    bx a\n    ^~\n"))
    }

    @Test func checkEscapesControlBytesFromTheFiles() {
        let spec = "screen root {\n  box a\u{1B}]0;pwned\u{07} { }\u{0B}\u{0C} zz\n  box b { left == $x\u{85}\u{9B}31m }\n}\n\u{0E}"
        for context in [false, true] {
            let output = CheckCommand.output(
                spec: "x.layout", size: Self.size, context: context, reader: .inMemory(["x.layout": spec]))
            #expect(!output.stdout.isEmpty)
            #expect(!Self.hasControls(output.stdout), "\(output.stdout)")
            #expect(output.stdout.contains("\\x1b"))
            #expect(output.stdout.contains("$x\\u{85}\\u{9b}31m"))
        }
    }

    @Test func explainEscapesControlCharactersInTitlesAndIds() {
        let spec = "screen root {\n  box a \"T\u{1B}[2J\u{85}\" { left == 0; top == 0; size == 2 }\n}\n"
        let output = ExplainCommand.output(spec: "x.layout", view: "a", size: Self.size, reader: .inMemory(["x.layout": spec]))
        #expect(output.status == 0)
        #expect(!Self.hasControls(output.stdout), "\(output.stdout)")
        #expect(output.stdout.contains("T\\x1b[2J\\u{85}"))
        let unknown = ExplainCommand.output(spec: "x.layout", view: "\u{1B}[2J", size: Self.size, reader: .inMemory(["x.layout": spec]))
        #expect(!Self.hasControls(unknown.stderr))
    }

    @Test func jsonCarriesTheCodeAndEscapesControls() throws {
        let spec = "screen root {\n  box a\u{1B} { left == 0; top == 0; size == 2 }\n  bx \"\u{85}\"\n}\n"
        let output = RenderCommand.output(spec: "x.layout", size: Self.size, format: .json, reader: .inMemory(["x.layout": spec]))
        #expect(!Self.hasControls(output.stdout))
        #expect(output.stdout.contains("\"code\": \"layout.unknown-view-kind\""))
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let diagnostics = try #require(json?["diagnostics"] as? [[String: Any]])
        let codes = diagnostics.compactMap { $0["code"] as? String }
        #expect(!codes.isEmpty && codes.count == diagnostics.count)
    }

    @Test func aByteOrderMarkedSpecChecksClean() {
        let spec = "\u{FEFF}screen root {\n  box a { left == 0; top == 0; size == 2 }\n}\n"
        let output = CheckCommand.output(spec: "x.layout", size: Self.size, reader: .inMemory(["x.layout": spec]))
        #expect(output == CommandOutput(stdout: "", stderr: "", status: 0))
    }
}
