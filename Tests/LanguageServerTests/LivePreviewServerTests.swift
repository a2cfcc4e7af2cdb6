import Cells
import Foundation
import LanguageServer
import LiveLink
import Testing

/// The server's side of the live preview, through a real link to a designer's end.
@Suite struct LivePreviewServerTests {
    /// A live directory of its own, with a short path.
    final class Directory {
        let root = "/tmp/cl-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        var live: LiveDirectory { LiveDirectory(path: root + "/live") }
        init() { try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static let spec = "screen root {\n  box card { top == 1; left == 2; width == parent.width - 4; height == 3 }\n}\n"

    static func until(_ step: () -> Void = {}, _ condition: () -> Bool) -> Bool {
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            step()
            if condition() { return true }
            usleep(2_000)
        }
        return false
    }

    @Test func theInlayHintsUseARunningDesignersSizeAndAreRefreshedWhenItChanges() throws {
        let directory = Directory()
        let link = try EditorLink(directory: directory.live)
        defer { link.stop() }
        let capabilities: JSONValue = ["workspace": ["inlayHint": ["refreshSupport": true]]]
        let client = try TestClient(capabilities: capabilities, sizes: link, observer: link)
        link.onSizesChanged = { [server = client.server] in server.layoutSizesChanged() }
        try client.write("app.layout", Self.spec)
        client.open("app.layout", Self.spec)
        func hints() -> [String] {
            (client.request("textDocument/inlayHint", client.document("app.layout"))["result"]?.arrayValue ?? [])
                .compactMap { $0["label"]?.stringValue }
        }
        func refreshes() -> Int { client.messages().filter { $0["method"]?.stringValue == "workspace/inlayHint/refresh" }.count }
        #expect(hints() == ["⟨x 0 y 0 · 80×24⟩", "⟨x 2 y 1 · 76×3⟩"], "no designer: the configured size")

        let designer = try DesignerLink(directory: directory.live)
        defer { designer.stop() }
        let path = client.directory + "/app.layout"
        designer.show(spec: path, files: [path], size: TerminalSize(width: 50, height: 12))
        #expect(Self.until({ _ = designer.service() }) { refreshes() == 1 }, "the client is asked to refresh")
        #expect(hints() == ["⟨x 0 y 0 · 50×12⟩", "⟨x 2 y 1 · 46×3⟩"])
        let hover = client.request("textDocument/hover", client.at("app.layout", line: 1, character: 7))
        #expect(hover["result"]?["contents"]?["value"]?.stringValue?.contains("(at 50x12)") == true)

        designer.show(spec: path, files: [path], size: TerminalSize(width: 60, height: 12))
        #expect(Self.until({ _ = designer.service() }) { refreshes() == 2 })
        #expect(hints().last == "⟨x 2 y 1 · 56×3⟩")
        designer.stop()
        #expect(Self.until { refreshes() == 3 }, "the designer quit: the configured size again")
        #expect(hints().first == "⟨x 0 y 0 · 80×24⟩")
    }

    @Test func everyChangeReachesTheDesignerBeforeTheDebounceAndASaveHandsBackToTheDisk() throws {
        let directory = Directory()
        let link = try EditorLink(directory: directory.live)
        defer { link.stop() }
        // A minute's debounce: no analysis runs during the test.
        let client = try TestClient(debounce: 60_000, sizes: link, observer: link)
        try client.write("look.cas", "box\n")
        let path = client.directory + "/look.cas"
        let designer = try DesignerLink(directory: directory.live)
        defer { designer.stop() }
        designer.show(spec: client.directory + "/app.layout", files: [client.directory + "/app.layout", path], size: TerminalSize(width: 80, height: 24))
        #expect(Self.until({ _ = designer.service() }) { link.designerCount == 1 })
        client.open("look.cas", "box\n")
        client.change("look.cas", version: 2, range: LSPRange(start: .init(line: 1, character: 0), end: .init(line: 1, character: 0)), text: "  bg red\n")
        var texts: [(path: String, text: String?)] = []
        #expect(Self.until({ texts += designer.service().texts }) { texts.last?.text == "box\n  bg red\n" })
        #expect(texts.allSatisfy { $0.path == path })
        client.notify("textDocument/didSave", client.document("look.cas"))
        #expect(Self.until({ texts += designer.service().texts }) { texts.last.map { $0.text == nil } == true })
        #expect(!client.messages().contains { $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.intValue == 2 })
    }
}
