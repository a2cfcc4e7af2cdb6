import Foundation
import LanguageServer
import Testing

/// The built `casement lsp` over real standard input and output.
@Suite struct StdioTests {
    static func binary() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("casement")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        for directory in ["debug", "release"] {
            let candidate = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/\(directory)/casement")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func frame(_ json: JSONValue) -> Data {
        let body = try! JSONEncoder().encode(json)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Runs `casement lsp --debounce 0` with `input` as its whole standard input.
    static func run(_ input: Data) throws -> (status: Int32, messages: [JSONValue]) {
        let directory = NSTemporaryDirectory() + "casement-lsp-stdio-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try input.write(to: URL(fileURLWithPath: directory + "/in"))
        FileManager.default.createFile(atPath: directory + "/out", contents: nil)
        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["lsp", "--debounce", "0"]
        process.standardInput = FileHandle(forReadingAtPath: directory + "/in")
        process.standardOutput = FileHandle(forWritingAtPath: directory + "/out")
        try process.run()
        process.waitUntilExit()
        let output = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: directory + "/out"))) ?? Data())
        var delivered = false
        var reader = MessageReader {
            defer { delivered = true }
            return delivered ? [] : output
        }
        var messages: [JSONValue] = []
        while let frame = reader.next() {
            if case .message(let body) = frame, let json = try? JSONDecoder().decode(JSONValue.self, from: body) {
                messages.append(json)
            }
        }
        return (process.terminationStatus, messages)
    }

    @Test func aSessionOverStdioEndsWithStatusZeroAfterShutdown() throws {
        let directory = NSTemporaryDirectory() + "casement-lsp-spec-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let uri = JSONValue.string(Paths.uri(ofPath: directory + "/a.layout"))
        let spec = "screen root {\n  box a { left == 1; top == 1; size == 5 }\n  box b { left == aa.right }\n}\n"
        var input = Data()
        input += Self.frame(.object(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": .object(["capabilities": .object([:])])]))
        input += Self.frame(.object(["jsonrpc": "2.0", "method": "initialized", "params": .object([:])]))
        input += Self.frame(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object([
            "textDocument": .object(["uri": uri, "languageId": "casement", "version": 1, "text": .string(spec)]),
        ])]))
        input += Data("Content-Length: nonsense\r\n\r\n".utf8)
        input += Self.frame(.object(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": .object([
            "textDocument": .object(["uri": uri]), "position": .object(["line": 1, "character": 7]),
        ])]))
        input += Self.frame(.object(["jsonrpc": "2.0", "id": 3, "method": "shutdown"]))
        input += Self.frame(.object(["jsonrpc": "2.0", "method": "exit"]))
        let run = try Self.run(input)
        #expect(run.status == 0)
        #expect(run.messages.first { $0["id"]?.intValue == 1 }?["result"]?["capabilities"] != nil)
        #expect(run.messages.contains { $0["id"] == .null && $0["error"]?["code"]?.intValue == ResponseError.parseError })
        let hover = run.messages.first { $0["id"]?.intValue == 2 }?["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(hover.contains("frame: x=1 y=1 width=5 height=5"))
        let published = run.messages.first { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        let codes = published?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.contains("layout.unknown-view"))
        #expect(run.messages.first { $0["id"]?.intValue == 3 }?["result"] == .null)
    }

    @Test func endOfInputWithoutExitOrGarbageEndsWithStatusOne() throws {
        #expect(try Self.run(Data()).status == 1)
        var random = [UInt8]()
        var state: UInt64 = 42
        for _ in 0..<5000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            random.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        let garbage = try Self.run(Data("Content-Length: 3\r\n\r\n{}}".utf8) + Data(random))
        #expect(garbage.status == 1)
        #expect(garbage.messages.allSatisfy { $0["error"] != nil })
    }
}
