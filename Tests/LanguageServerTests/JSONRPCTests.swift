import Foundation
import Testing

@testable import LanguageServer

/// Issue 26 §2.6: JSON-RPC ids and the server's lifecycle, checked on the bytes the
/// server writes (a JSON decoder would round big ids the way the bug did).
@Suite struct JSONRPCTests {
    /// What the server writes for each body, in order, as raw JSON text.
    private func answers(to bodies: [String], initialized: Bool = true) -> [String] {
        let output = Output()
        let server = LanguageServer(options: .init(debounceMilliseconds: 0), writer: MessageWriter { output.append($0) })
        if initialized {
            server.handle(Data(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
        }
        server.waitUntilIdle()
        output.clear()
        for body in bodies {
            server.handle(Data(body.utf8))
            server.waitUntilIdle()
        }
        return output.bodies
    }

    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [Data] = []
        func append(_ frame: Data) { lock.withLock { frames.append(frame) } }
        func clear() { lock.withLock { frames.removeAll() } }
        /// Each frame without its header.
        var bodies: [String] {
            lock.withLock {
                frames.map { frame in
                    let text = String(decoding: frame, as: UTF8.self)
                    return text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? text
                }
            }
        }
    }

    private func shutdown(id: String) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"# }

    @Test func integerIdsOfSixtyFourBitsAndStringIdsAreEchoedExactly() {
        let ids = ["9007199254740993", "9223372036854775807", "9223372036854775808", "18446744073709551615",
                   "-9223372036854775808", "0", #""abc""#, #""9007199254740993""#, #""""#]
        for id in ids {
            let written = answers(to: [shutdown(id: id)])
            #expect(written == [#"{"id":\#(id),"jsonrpc":"2.0","result":null}"#], "id \(id)")
        }
    }

    @Test func anIdThatIsNeitherAnIntegerNorAStringIsAnInvalidRequestWithANullId() {
        for id in ["true", "[1]", "{}", "1.5", "18446744073709551616"] {
            let written = answers(to: [shutdown(id: id)])
            #expect(written.count == 1)
            #expect(written.first?.hasPrefix(#"{"error":{"code":-32600,"#) == true, "id \(id): \(written)")
            #expect(written.first?.hasSuffix(#""id":null,"jsonrpc":"2.0"}"#) == true, "id \(id): \(written)")
        }
    }

    @Test func aMessageWithoutJSONRPCTwoIsAnInvalidRequest() {
        for body in [#"{"jsonrpc":"1.0","id":1,"method":"shutdown"}"#, #"{"id":1,"method":"shutdown"}"#,
                     #"{"jsonrpc":2,"id":1,"method":"shutdown"}"#, #"[1,2]"#, #"{"jsonrpc":"2.0","id":1,"method":7}"#] {
            let written = answers(to: [body])
            #expect(written.count == 1)
            #expect(written.first?.contains(#""code":-32600"#) == true, "\(body): \(written)")
            #expect(written.first?.contains(#""id":null"#) == true, "\(body): \(written)")
        }
        #expect(answers(to: ["{not json"]).first?.contains(#""code":-32700"#) == true)
    }

    /// A trailing comma is not JSON (Foundation's reader takes it): a parse error,
    /// whose id is null because the message was never read (found by the lsp fuzz target).
    @Test func aTrailingCommaIsAParseErrorWithANullId() {
        let written = answers(to: [#"{"id":3,"jsonrpc":"2.0","method":"shutdown",}"#])
        #expect(written.count == 1)
        #expect(written.first?.contains(#""code":-32700"#) == true, "\(written)")
        #expect(written.first?.contains(#""id":null"#) == true, "\(written)")
    }

    /// JSON-RPC: a request whose id is null is still a request, answered with id null.
    @Test func aNullIdIsARequestAnsweredWithANullId() {
        #expect(answers(to: [shutdown(id: "null")]) == [#"{"id":null,"jsonrpc":"2.0","result":null}"#])
    }

    @Test func requestsBeforeInitializeGetServerNotInitializedAndNotificationsAreDropped() {
        let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.layout","languageId":"casement-layout","version":1,"text":"screen root {\n  bogus\n}"}}}"#
        let written = answers(to: [open, shutdown(id: "5")], initialized: false)
        #expect(written == [#"{"error":{"code":-32002,"message":"initialize first"},"id":5,"jsonrpc":"2.0"}"#])
    }

    @Test func aSecondInitializeIsRefused() {
        let written = answers(to: [#"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{}}"#])
        #expect(written.count == 1)
        #expect(written.first?.contains(#""code":-32600"#) == true)
        #expect(written.first?.contains(#""id":9"#) == true)
    }

    @Test func aClientsAnswerIsIgnoredEvenWithANullResult() {
        #expect(answers(to: [#"{"jsonrpc":"2.0","id":3,"result":null}"#, #"{"jsonrpc":"2.0","id":4,"error":{"code":1,"message":"x"}}"#]).isEmpty)
    }
}
