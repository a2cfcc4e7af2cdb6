import ArgumentParser
import Foundation
import LanguageServer
import Designer

/// `casement-bench lsp`: the language server on the stress demo, in process.
/// Times a keystroke (a `didChange` that edits one constant) to the published
/// diagnostics for that version, with no debounce (the configured debounce adds
/// to it), a hover on a view id, and an edit of the spec's stylesheet to that
/// stylesheet's diagnostics (which re-cascades and re-solves the spec).
struct LSPBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Language server: change-to-diagnostics and hover latency on the stress demo.",
        discussion: """
            Budgets (1,023 views): diagnostics ≤ 20 ms after a change, hover ≤ 5 ms. The `warnings` \
            workload: a keystroke in a 2,000-view spec with 800 warnings ≤ 20 ms, and a keystroke in \
            another open spec re-sends none of the 800.
            """)

    @Option(help: "The spec to open.")
    var spec = "demo/stress.layout"

    @Option(help: "Timed runs per figure.")
    var runs = 41

    func run() throws {
        // `casement lsp`'s allocator setting.
        AllocatorSetting.keepMemoryForEdits()
        let path = URL(fileURLWithPath: spec).standardizedFileURL.path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let editLine = lines.firstIndex(where: { $0.hasSuffix("top == 1") }),
            let hoverLine = lines.firstIndex(where: { $0.contains("grid tile0") })
        else { throw ValidationError("\(spec) has no `top == 1` line or no `grid tile0`") }
        let harness = BenchClient()
        let uri = Paths.uri(ofPath: path)
        harness.send(["id": 1, "method": "initialize", "params": ["capabilities": [:], "initializationOptions": ["debounce": 0]]])
        harness.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "casement", "version": 1, "text": text]]])
        harness.waitForDiagnostics(uri: uri, version: 1)
        let viewCount = Self.viewDeclarations(in: text)
        let column = lines[editLine].utf16.count - 1
        var changeSamples: [Double] = []
        for run in 0..<runs {
            let version = run + 2
            let digit = run % 2 == 0 ? "2" : "1"
            let change: [String: Any] = [
                "range": ["start": ["line": editLine, "character": column], "end": ["line": editLine, "character": column + 1]],
                "text": digit,
            ]
            let seconds = measureSeconds {
                harness.send(["method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [change]]])
                harness.waitForDiagnostics(uri: uri, version: version)
            }
            changeSamples.append(seconds * 1000)
        }
        print(benchLine(group: "lsp", workload: "stress", n: viewCount, phase: "change-to-diagnostics", unit: "ms", samples: changeSamples))
        var hoverSamples: [Double] = []
        for run in 0..<runs {
            let id = 1000 + run
            let seconds = measureSeconds {
                harness.send(["id": id, "method": "textDocument/hover", "params": ["textDocument": ["uri": uri], "position": ["line": hoverLine, "character": 10]]])
                harness.waitForResponse(id: id)
            }
            hoverSamples.append(seconds * 1000)
        }
        print(benchLine(group: "lsp", workload: "stress", n: viewCount, phase: "hover", unit: "ms", samples: hoverSamples))
        if let samples = try stylesheetSamples(harness, specPath: path, text: text) {
            print(benchLine(
                group: "lsp", workload: "stress", n: viewCount, phase: "stylesheet-change-to-diagnostics", unit: "ms",
                samples: samples))
        }
        try warningSamples()
    }

    /// A 2,000-view spec with 800 warnings open beside a small spec: a keystroke
    /// in the noisy spec (its 800 diagnostics converted and sent again; budget
    /// 20 ms) and a keystroke in the small one (the 800 are not sent again).
    private func warningSamples() throws {
        let harness = BenchClient()
        harness.send(["id": 1, "method": "initialize", "params": ["capabilities": [:], "initializationOptions": ["debounce": 0]]])
        let directory = NSTemporaryDirectory() + "casement-bench-lsp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let noisy = Self.warningSpec(views: 2000, warnings: 800)
        let noisyURI = Paths.uri(ofPath: directory + "/warnings.layout")
        let quietURI = Paths.uri(ofPath: directory + "/quiet.layout")
        let quiet = "screen root {\n  box a { top == 1; left == 1; size == 4 }\n}\n"
        for (uri, text) in [(noisyURI, noisy), (quietURI, quiet)] {
            harness.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "casement", "version": 1, "text": text]]])
            harness.waitForDiagnostics(uri: uri, version: 1)
        }
        let lines = noisy.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.hasSuffix("[bogus=1]") }) else { return }
        let column = lines[line].utf16.count - 2
        var noisySamples: [Double] = []
        var quietSamples: [Double] = []
        var republished: [Double] = []
        for run in 0..<runs {
            let digit = run % 2 == 0 ? "2" : "1"
            noisySamples.append(measureSeconds {
                harness.send(["method": "textDocument/didChange", "params": [
                    "textDocument": ["uri": noisyURI, "version": run + 2],
                    "contentChanges": [["range": ["start": ["line": line, "character": column], "end": ["line": line, "character": column + 1]], "text": digit]],
                ]])
                harness.waitForDiagnostics(uri: noisyURI, version: run + 2)
            } * 1000)
            let before = harness.publishCount(uri: noisyURI)
            quietSamples.append(measureSeconds {
                harness.send(["method": "textDocument/didChange", "params": [
                    "textDocument": ["uri": quietURI, "version": run + 2],
                    "contentChanges": [["range": ["start": ["line": 1, "character": 18], "end": ["line": 1, "character": 19]], "text": digit]],
                ]])
                harness.waitForDiagnostics(uri: quietURI, version: run + 2)
            } * 1000)
            harness.waitUntilIdle()
            republished.append(Double(harness.publishCount(uri: noisyURI) - before))
        }
        print(benchLine(group: "lsp", workload: "warnings", n: 800, phase: "change-to-diagnostics", unit: "ms", samples: noisySamples))
        print(benchLine(group: "lsp", workload: "warnings", n: 800, phase: "other-file-change-to-diagnostics", unit: "ms", samples: quietSamples))
        // How often a keystroke in the other file sent the 800 again (0: never).
        print(benchLine(
            group: "lsp", workload: "warnings", n: 800, phase: "republished-by-other-file-change", unit: "times",
            samples: republished))
    }

    /// A grid of `views` boxes, `warnings` of them with a parameter that means nothing.
    static func warningSpec(views: Int, warnings: Int) -> String {
        var lines = ["screen root {", "  grid g [columns=40] {", "    top, left, right, bottom == parent"]
        for index in 0..<views {
            lines.append("    box b\(index)" + (index * warnings / views != (index + 1) * warnings / views ? " [bogus=1]" : ""))
        }
        return (lines + ["  }", "}", ""]).joined(separator: "\n")
    }

    /// Opens the spec's first stylesheet and times edits of its first `N%` constant
    /// (a `$saturation` in the stress demo) to the stylesheet's published diagnostics.
    private func stylesheetSamples(_ harness: BenchClient, specPath: String, text: String) throws -> [Double]? {
        guard let use = text.split(separator: "\n").first(where: { $0.hasPrefix("use \"") }) else { return nil }
        let name = use.split(separator: "\"")[1]
        let path = URL(fileURLWithPath: specPath).deletingLastPathComponent().appendingPathComponent(String(name))
            .standardizedFileURL.path
        let sheet = try String(contentsOfFile: path, encoding: .utf8)
        let lines = sheet.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.hasPrefix("$") && $0.hasSuffix("5%") }) else { return nil }
        let uri = Paths.uri(ofPath: path)
        harness.send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "casement", "version": 1, "text": sheet]]])
        harness.waitForDiagnostics(uri: uri, version: 1)
        let column = lines[line].utf16.count - 2
        var samples: [Double] = []
        for run in 0..<runs {
            let change: [String: Any] = [
                "range": ["start": ["line": line, "character": column], "end": ["line": line, "character": column + 1]],
                "text": run % 2 == 0 ? "6" : "5",
            ]
            samples.append(measureSeconds {
                harness.send(["method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": run + 2], "contentChanges": [change]]])
                harness.waitForDiagnostics(uri: uri, version: run + 2)
            } * 1000)
        }
        return samples
    }

    /// How many views the spec declares (kind words as whole words), for the N of the figures.
    static func viewDeclarations(in text: String) -> Int {
        let pattern = try! NSRegularExpression(pattern: "\\b(screen|box|text|row|column|grid|overlay)\\b\\s+[#.a-zA-Z{\\[\"]")
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.reduce(0) {
            let line = String($1)
            return $0 + pattern.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line))
        }
    }
}

/// The server in process, with a writer that wakes the bench when the awaited message is written.
private final class BenchClient: @unchecked Sendable {
    private let condition = NSCondition()
    private var latestDiagnosticsVersion: [String: Int] = [:]
    private var publishes: [String: Int] = [:]
    private var responses = Set<Int>()
    private var server: LanguageServer!

    init() {
        server = LanguageServer(writer: MessageWriter { [unowned self] frame in self.received(frame) })
    }

    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        server.handle(try! JSONSerialization.data(withJSONObject: message))
    }

    private func received(_ frame: Data) {
        // A published list of diagnostics is read only for its uri and version:
        // parsing 800 diagnostics here would time the bench's own client, on the
        // server's thread.
        if let (uri, version) = Self.publishedVersion(frame) {
            condition.lock()
            latestDiagnosticsVersion[uri] = max(latestDiagnosticsVersion[uri] ?? 0, version)
            publishes[uri, default: 0] += 1
            condition.broadcast()
            condition.unlock()
            return
        }
        guard let split = frame.firstRange(of: Data("\r\n\r\n".utf8)),
            let json = try? JSONSerialization.jsonObject(with: frame[split.upperBound...]) as? [String: Any]
        else { return }
        condition.lock()
        if json["method"] as? String == "textDocument/publishDiagnostics",
            let params = json["params"] as? [String: Any], let version = params["version"] as? Int,
            let uri = params["uri"] as? String
        {
            latestDiagnosticsVersion[uri] = max(latestDiagnosticsVersion[uri] ?? 0, version)
            publishes[uri, default: 0] += 1
        } else if let id = json["id"] as? Int {
            responses.insert(id)
        }
        condition.broadcast()
        condition.unlock()
    }

    func waitForDiagnostics(uri: String, version: Int) {
        condition.lock()
        while latestDiagnosticsVersion[uri] ?? 0 < version { condition.wait() }
        condition.unlock()
    }

    /// The uri and version of a `publishDiagnostics` frame, read from its end (the
    /// server writes the params' keys sorted: the diagnostics first); nil for any other frame.
    static func publishedVersion(_ frame: Data) -> (String, Int)? {
        guard frame.prefix(200).firstRange(of: Data(#""method":"textDocument/publishDiagnostics""#.utf8)) != nil else {
            return nil
        }
        let tail = frame.suffix(1024)
        guard let uriKey = tail.lastRange(of: Data(#""uri":""#.utf8)),
            let uriEnd = tail[uriKey.upperBound...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        let uri = String(decoding: tail[uriKey.upperBound..<uriEnd], as: UTF8.self)
        guard let versionKey = tail[uriEnd...].firstRange(of: Data(#""version":"#.utf8)) else { return (uri, 0) }
        let digits = tail[versionKey.upperBound...].prefix { $0 >= 48 && $0 <= 57 }
        return (uri, Int(String(decoding: digits, as: UTF8.self)) ?? 0)
    }

    /// How many times diagnostics were published for `uri`.
    func publishCount(uri: String) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return publishes[uri] ?? 0
    }

    /// Waits until the server has nothing queued.
    func waitUntilIdle() { server.waitUntilIdle() }

    func waitForResponse(id: Int) {
        condition.lock()
        while !responses.contains(id) { condition.wait() }
        condition.unlock()
    }
}
