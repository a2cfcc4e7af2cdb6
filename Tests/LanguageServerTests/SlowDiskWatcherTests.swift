import Foundation
import LanguageServer
import Testing

/// The server's own watcher, for a client that cannot watch files: a stylesheet
/// saved on disk (here by rename, as editors save) reaches the open spec without
/// any message from the client. Real time: a slow test.
@Suite struct SlowDiskWatcherTests {
    @Test func aClientThatCannotWatchStillSeesChangesOnDisk() throws {
        let client = try TestClient()
        try client.write("a.cas", "box\n  size 20 5\n")
        client.open("a.layout", "use \"a.cas\"\nscreen root {\n  box a { size == $size }\n}\n")
        _ = client.diagnostics("a.layout")
        #expect(!client.messages().contains { $0["method"]?.stringValue == "client/registerCapability" })
        func hover() -> String {
            client.request("textDocument/hover", client.at("a.layout", line: 2, character: 7))["result"]?["contents"]?["value"]?.stringValue ?? ""
        }
        #expect(hover().contains("width=20"))
        // The watcher starts on `initialized`; give it the spec's files before the save.
        Thread.sleep(forTimeInterval: 0.3)
        try client.write("a.cas", "box\n  size 30 5\n")  // written to a temporary file and renamed
        let deadline = Date().addingTimeInterval(10)
        var seen = hover()
        while !seen.contains("width=30"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            seen = hover()
        }
        #expect(seen.contains("width=30"), "\(seen)")
    }
}
