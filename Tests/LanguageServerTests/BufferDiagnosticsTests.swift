import Cells
import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import LanguageServer

/// Issue 26 §2.5: a buffer's diagnostics are about the buffer, as `casement check`
/// prints them, even while it does not parse (the designer keeps its last good
/// layout on screen; an editor has no screen to keep).
@Suite struct BufferDiagnosticsTests {
    static let good = """
        screen root {
          box oldname {
            top == parent.top
          }
        }

        """

    /// `oldname` renamed, and a syntax error on another line.
    static let broken = """
        screen root {
          box newname {
            top == parent.top
            left ==
          }
        }

        """

    @Test func aBufferThatDoesNotParseGetsItsOwnDiagnosticsNotTheLastGoodLayouts() throws {
        let client = try TestClient()
        client.open("a.layout", Self.good)
        let before = client.diagnostics("a.layout").compactMap { $0["message"]?.stringValue }
        #expect(before.contains { $0.contains("'oldname' is ambiguous") })
        client.change("a.layout", version: 2, range: nil, text: Self.broken)
        let after = client.diagnostics("a.layout", version: 2)
        // Each message without the hint the server appends.
        let messages = after.compactMap { $0["message"]?.stringValue?.components(separatedBy: "\nhint:").first }
        #expect(!messages.contains { $0.contains("oldname") }, "\(messages)")
        // What check prints for the same text, in the same order.
        try client.write("fresh.layout", Self.broken)
        var check = LayoutSession(specPath: client.directory + "/fresh.layout", size: TerminalSize(width: 80, height: 24))
        check.load()
        let expected = check.checkDiagnostics().map(\.message)
        #expect(messages == expected)
        #expect(messages.contains { $0.contains("'newname' is ambiguous") })
    }

    @Test func fixingTheErrorAgainGivesWhatCheckGives() throws {
        let client = try TestClient()
        client.open("a.layout", Self.good)
        client.change("a.layout", version: 2, range: nil, text: Self.broken)
        _ = client.diagnostics("a.layout", version: 2)
        client.change("a.layout", version: 3, range: nil, text: Self.good.replacingOccurrences(of: "oldname", with: "third"))
        let messages = client.diagnostics("a.layout", version: 3).compactMap { $0["message"]?.stringValue }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'third' is ambiguous") == true, "\(messages)")
    }
}
