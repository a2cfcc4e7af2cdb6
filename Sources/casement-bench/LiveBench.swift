import ArgumentParser
import Cells
import Designer
import Foundation
import LanguageServer
import LiveLink

/// `casement-bench live`: the live preview end to end, in one process but through
/// the real link (a private live directory of Unix sockets): an editor's keystroke
/// (`didChange`, handed to the language server as its reader would) until the
/// designer, on a pseudo-terminal drained as a terminal emulator would, has laid
/// out the unsaved text and presented the frame.
struct LiveBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Keystroke to screen: an unsaved change in an editor until a running designer has drawn it.",
        discussion: """
            demo/stress.layout (1,023 views) at --size, the designer watching its files and \
            joined to the server through a live directory of its own. keystroke-to-screen-spec: \
            one constant of the spec changed; keystroke-to-screen-stylesheet: one view's colour \
            in styles/stress.cas. The server runs with its default 30 ms debounce, so its \
            diagnostics are worked out beside the designer as in real use; the live path does \
            not wait for them. Budget: ≤ 50 ms, debounce included. The latency-p95 line gives \
            the 95th percentile as its median. The demos are the copies built into casement.
            """)

    @Option(help: "Timed runs per figure.") var runs = 41
    @Option(help: "Terminal size of the designer, as WIDTHxHEIGHT.") var size = "120x40"

    mutating func validate() throws {
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
        guard RenderBench.parseScreens(size)?.count == 1 else { throw ValidationError("--size is WIDTHxHEIGHT") }
    }

    func run() throws {
        AllocatorSetting.keepMemoryForEdits()
        let root = "/tmp/casement-live-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in DefaultSpec.embeddedFiles {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        let directory = LiveDirectory(path: root + "/live")
        let link = try EditorLink(directory: directory)
        defer { link.stop() }
        let server = LanguageServer(writer: MessageWriter { _ in }, sizes: link, observer: link)
        link.onSizesChanged = { [weak server] in server?.layoutSizesChanged() }
        let pty = try DrainedTerminal(screen: RenderBench.parseScreens(size)![0])
        let specPath = root + "/demo/stress.layout", sheetPath = root + "/styles/stress.cas"
        let designer = try LiveDesigner(
            specPath: specPath, options: .init(terminal: pty.options, watchesFiles: true, live: directory))
        designer.redraw()
        let views = designer.state.session.views.count

        func send(_ message: [String: Any]) {
            var message = message
            message["jsonrpc"] = "2.0"
            server.handle(try! JSONSerialization.data(withJSONObject: message))
        }
        send(["id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        send(["method": "initialized", "params": [:]])
        let spec = try String(contentsOfFile: specPath, encoding: .utf8)
        let sheet = try String(contentsOfFile: sheetPath, encoding: .utf8)
        for (path, text) in [(specPath, spec), (sheetPath, sheet)] {
            send(["method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": Paths.uri(ofPath: path), "languageId": "casement", "version": 1, "text": text,
            ]]])
        }
        let connected = ContinuousClock.now + .seconds(10)
        while link.designerCount == 0, ContinuousClock.now < connected { designer.step(timeout: .milliseconds(10)) }
        guard link.designerCount == 1 else { throw ValidationError("the designer and the server never met") }

        let edits: [(workload: String, path: String, text: (Int) -> String)] = [
            ("keystroke-to-screen-spec", specPath, { spec.replacing("    top == 1\n", with: "    top == \($0 % 2 + 2)\n") }),
            ("keystroke-to-screen-stylesheet", sheetPath, { sheet + "\n#heading\n  fg \(["#ff8800", "#00aaff"][$0 % 2])\n" }),
        ]
        var version = 1
        for edit in edits {
            var latencies: [Double] = []
            for run in -3..<runs {
                version += 1
                let start = ContinuousClock.now
                send(["method": "textDocument/didChange", "params": [
                    "textDocument": ["uri": Paths.uri(ofPath: edit.path), "version": version],
                    "contentChanges": [["text": edit.text(run + 4)]],
                ]])
                var shown = false
                while !shown, ContinuousClock.now - start < .seconds(5) {
                    shown = !designer.step(timeout: .seconds(1)).liveFiles.isEmpty
                }
                let elapsed = ContinuousClock.now - start
                guard shown else { throw ValidationError("the designer never showed the change") }
                if run >= 0 { latencies.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3) }
            }
            print(benchLine(group: "live", workload: edit.workload, n: views, phase: "latency", unit: "ms", samples: latencies))
            let sorted = latencies.sorted()
            let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
            print(benchLine(group: "live", workload: edit.workload, n: views, phase: "latency-p95", unit: "ms", samples: [p95]))
        }
    }
}
