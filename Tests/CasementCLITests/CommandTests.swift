import Canvas
import Cells
import Foundation
import LayoutEngine
import LayoutPainting
import Stylesheet
import Testing

@testable import casement

/// The commands' code, run on files from Golden/ served under stable paths.
@Suite struct CommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// `demo/NAME` for every file in Golden/, so outputs never show machine paths.
    static func reader(overriding extra: [String: String] = [:]) -> FileReader {
        var files: [String: String] = extra
        let names = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
        for name in names.sorted() {
            if let text = try? String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8) {
                files["demo/" + name] = text
            }
        }
        return .inMemory(files)
    }

    static let size = TerminalSize(width: 60, height: 14)

    // MARK: check

    @Test func checkPrintsOneLinePerDiagnosticAndExitsOneOnErrors() {
        let output = CheckCommand.output(spec: "demo/boxes.layout", size: Self.size, reader: Self.reader())
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            // One error per conflict set, at the member that was broken, the code last.
            "demo/boxes.layout:23:5: error: required constraint `fight.width == 20 as wide` conflicts with `fight.width == 10 as narrow` (demo/boxes.layout:22:5); it was broken (left out) [engine.conflict]",
        ])
    }

    @Test func checkExitsZeroOnWarningsOnly() {
        let spec = "screen root {\n  box a [colour=red] { left == 0; top == 0; size == 2 }\n  box b { left == 0; top == 3; height == 1 }\n}"
        let output = CheckCommand.output(spec: "x.layout", size: Self.size, reader: .inMemory(["x.layout": spec]))
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("x.layout:2:10: warning: "))
        #expect(lines[1] == "x.layout:3:3: warning: view 'b' is ambiguous: the width of 'b' is not constrained at all [engine.ambiguous]")
    }

    @Test func checkOfACleanSpecPrintsNothing() {
        let output = CheckCommand.output(spec: "demo/row.layout", size: Self.size, reader: Self.reader())
        #expect(output == CommandOutput(stdout: "", stderr: "", status: 0))
    }

    @Test func checkWithContextShowsTheCaret() {
        let spec = "screen root {\n  box a { left == 0; top == 0; size == 2; width == ghost.width }\n}"
        let output = CheckCommand.output(spec: "x.layout", size: Self.size, context: true, reader: .inMemory(["x.layout": spec]))
        #expect(output.status == 1)
        #expect(output.stdout.contains("\n    box a { left == 0; top == 0; size == 2; width == ghost.width }\n"))
        #expect(output.stdout.contains("^"))
    }

    @Test func aMissingSpecIsAClearErrorWithStatusOne() {
        let output = CheckCommand.output(spec: "nowhere.layout", size: Self.size, reader: .inMemory([:]))
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "error: cannot read spec 'nowhere.layout': file not found\n")
        #expect(RenderCommand.output(spec: "nowhere.layout", size: Self.size, format: .json, reader: .inMemory([:])).status == 1)
        #expect(ExplainCommand.output(spec: "nowhere.layout", view: "a", size: Self.size, reader: .inMemory([:])).status == 1)
    }

    // MARK: explain

    @Test func explainPrintsFrameConstraintsAndStyle() {
        let output = ExplainCommand.output(spec: "demo/boxes.layout", view: "red", size: Self.size, reader: Self.reader())
        #expect(output.status == 0)
        let text = output.stdout
        #expect(text.hasPrefix("view red  box .red-box \"Red\"\n"))
        #expect(text.contains("  frame     x=25 y=1 width=20 height=5\n"))
        #expect(text.contains("  red.left == blue.right + $margin-left @high as red-gap\n      = red.left == blue.right + 3 @high as red-gap\n      satisfied  demo/boxes.layout:12:5\n"))
        #expect(text.contains("  border-color #ff8800  .red-box  demo/boxes.cas:4:50  (border-color $accent)\n"))
        #expect(text.contains("  title \"Red\"  from the spec's quoted string  demo/boxes.layout:10:3\n"))
    }

    @Test func explainAnUnknownViewSuggestsANearOne() {
        let output = ExplainCommand.output(spec: "demo/boxes.layout", view: "rde", size: Self.size, reader: Self.reader())
        #expect(output.status == 1)
        #expect(output.stderr == "error: no view 'rde' in demo/boxes.layout\nhint: did you mean 'red'?\n")
    }

    // MARK: render

    @Test func renderJSONMatchesTheGolden() throws {
        for name in ["boxes", "row"] {
            let output = RenderCommand.output(
                spec: "demo/\(name).layout", size: Self.size, format: .json, reader: Self.reader())
            #expect(output.status == 0)
            let expected = try String(contentsOf: Self.golden.appendingPathComponent("\(name).json"), encoding: .utf8)
            #expect(output.stdout == expected, "golden \(name).json differs")
        }
    }

    @Test func renderJSONIsTheSameEveryTime() {
        let first = RenderCommand.output(spec: "demo/boxes.layout", size: Self.size, format: .json, reader: Self.reader())
        let second = RenderCommand.output(spec: "demo/boxes.layout", size: Self.size, format: .json, reader: Self.reader())
        #expect(first == second)
    }

    @Test func renderPlainDrawsTheBoxes() {
        let output = RenderCommand.output(spec: "demo/row.layout", size: TerminalSize(width: 30, height: 3), format: .plain, reader: Self.reader())
        #expect(output.status == 0)
        #expect(output.stdout == "\n Name:\n\n")
        let boxes = RenderCommand.output(spec: "demo/boxes.layout", size: Self.size, format: .plain, reader: Self.reader())
        let lines = boxes.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 15)
        #expect(lines[1] == "  ╭─ Blue ───────────╮   ┌─ Red ────────────┐")
        #expect(lines[7] == "  Hello 世界,")
        #expect(lines[8] == "  wrapped")
        #expect(boxes.stderr.contains("error: required constraint"))
    }

    @Test func renderANSIAndSVG() {
        let ansi = RenderCommand.output(spec: "demo/boxes.layout", size: Self.size, format: .ansi, depth: .ansi16, reader: Self.reader())
        #expect(ansi.stdout.contains("\u{1B}["))
        #expect(ansi.stdout.contains("Blue"))
        let svg = RenderCommand.output(spec: "demo/boxes.layout", size: Self.size, format: .svg, reader: Self.reader())
        #expect(svg.stdout.hasPrefix("<svg") || svg.stdout.hasPrefix("<?xml"))
        #expect(svg.stdout.contains("</svg>"))
    }

    @Test func colorDepthChoice() {
        #expect(RenderCommand.depth("256", format: .ansi, environment: [:]) == .palette256)
        #expect(RenderCommand.depth("auto", format: .svg, environment: [:]) == .trueColor)
        #expect(RenderCommand.depth("auto", format: .ansi, environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(RenderCommand.depth("auto", format: .ansi, environment: ["TERM": "xterm"]) == .ansi16)
        #expect(RenderCommand.depth("8", format: .ansi, environment: ["COLORTERM": "truecolor"]) == .ansi8)
    }

    @Test func aSizeTooLargeToDrawIsAClearErrorButJSONSolvesIt() {
        for format in [RenderCommand.Format.plain, .ansi, .svg] {
            let output = RenderCommand.output(
                spec: "demo/boxes.layout", size: TerminalSize(width: 10_000, height: 10_000), format: format,
                reader: Self.reader())
            #expect(output.status == 1)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.hasPrefix("error: --size 10000x10000 is too large to draw: at most a million cells\n"))
        }
        let wide = RenderCommand.output(
            spec: "demo/row.layout", size: TerminalSize(width: 10_000, height: 100), format: .plain, reader: Self.reader())
        #expect(wide.status == 0)
        let json = RenderCommand.output(
            spec: "demo/boxes.layout", size: TerminalSize(width: 10_000, height: 10_000), format: .json,
            reader: Self.reader())
        #expect(json.stdout.contains("\"size\": {\"width\": 10000, \"height\": 10000}"))
    }

    @Test func terminalSizeArgument() {
        #expect(TerminalSize(argument: "120x40") == TerminalSize(width: 120, height: 40))
        #expect(TerminalSize(argument: "80×24") == TerminalSize(width: 80, height: 24))
        #expect(TerminalSize(argument: "0x10") == nil)
        #expect(TerminalSize(argument: "80") == nil)
        #expect(TerminalSize(argument: "axb") == nil)
    }

    // MARK: Canvas adapter

    @Test func paintNodesFollowTheLayout() throws {
        var session = LayoutSession(specPath: "demo/boxes.layout", reader: Self.reader(), size: Self.size)
        session.load()
        let nodes = PaintNode.nodes(from: session.views, selected: "red", related: ["blue"])
        #expect(nodes.map(\.id) == session.views.map(\.id))
        let red = try #require(nodes.first { $0.id == "red" })
        #expect(red.frame == CellRect(x: 25, y: 1, width: 20, height: 5))
        #expect(red.highlight == .selected)
        #expect(nodes.first { $0.id == "blue" }?.highlight == .related)
        #expect(red.parent == 0)
        #expect(red.style.title == "Red")
    }
}
