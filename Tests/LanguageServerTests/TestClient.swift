import Foundation
import LanguageServer
import Testing

/// Drives a `LanguageServer` in process: sends message bodies straight to
/// `handle`, collects what it writes, and waits (bounded) for answers.
final class TestClient: @unchecked Sendable {
    let server: LanguageServer
    private let lock = NSLock()
    private var output = Data()
    private var parsed: [JSONValue] = []
    private var parsedBytes = 0
    private var nextID = 1
    let directory: String

    init(
        debounce: Int = 0, width: Int = 80, height: Int = 24, initialize: Bool = true,
        capabilities: JSONValue = .object([:]), sizes: LayoutSizeSource? = nil, observer: BufferObserver? = nil
    ) throws {
        var collected: TestClient?
        let writer = MessageWriter { data in collected?.append(data) }
        server = LanguageServer(
            options: .init(debounceMilliseconds: debounce, width: width, height: height), writer: writer, sizes: sizes,
            observer: observer)
        directory = NSTemporaryDirectory() + "casement-lsp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        collected = self
        if initialize {
            let options: [String: JSONValue] = [
                "debounce": .number(Double(debounce)), "width": .number(Double(width)), "height": .number(Double(height)),
            ]
            let params: [String: JSONValue] = [
                "processId": .null, "rootUri": .string(Paths.uri(ofPath: directory)), "capabilities": capabilities, "initializationOptions": .object(options),
            ]
            request("initialize", .object(params))
            notify("initialized", .object([:]))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    private func append(_ data: Data) { lock.withLock { output.append(data) } }

    /// Every message written so far, decoded (each frame once: the writer appends whole frames).
    func messages() -> [JSONValue] {
        lock.withLock {
            guard parsedBytes < output.count else { return parsed }
            let bytes = [UInt8](output[parsedBytes...])
            parsedBytes = output.count
            var delivered = false
            var reader = MessageReader {
                defer { delivered = true }
                return delivered ? [] : bytes
            }
            while let frame = reader.next() {
                if case .message(let body) = frame, let json = try? JSONDecoder().decode(JSONValue.self, from: body) {
                    parsed.append(json)
                }
            }
            return parsed
        }
    }

    func send(_ object: [String: JSONValue]) {
        var message = object
        message["jsonrpc"] = .string("2.0")
        server.handle(try! JSONEncoder().encode(JSONValue.object(message)))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["method": .string(method), "params": params])
    }

    /// Sends a request and waits for its response (the whole message, with `result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        send(["id": .number(Double(id)), "method": .string(method), "params": params])
        guard let response = waitFor({ $0["id"]?.intValue == id }) else {
            Issue.record("no answer to \(method) \(params)")
            return .null
        }
        return response
    }

    static let patience = Double(ProcessInfo.processInfo.environment["LSP_TEST_PATIENCE"] ?? "") ?? 20

    /// Waits up to 20 seconds for a message matching `condition`; the latest match.
    func waitFor(_ condition: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(TestClient.patience)
        while Date() < deadline {
            server.waitUntilIdle()
            if let match = messages().last(where: condition) { return match }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }

    // MARK: Documents

    func uri(_ name: String) -> String { Paths.uri(ofPath: directory + "/" + name) }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }

    func open(_ name: String, _ text: String, version: Int = 1) {
        let language = name.hasSuffix(".cas") ? "casement-stylesheet" : "casement-layout"
        notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri(name)), "languageId": .string(language), "version": .number(Double(version)), "text": .string(text),
        ])]))
    }

    func change(_ name: String, version: Int, range: LSPRange?, text: String) {
        var change: [String: JSONValue] = ["text": .string(text)]
        if let range { change["range"] = .encoding(range) }
        notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri(name)), "version": .number(Double(version))]),
            "contentChanges": .array([.object(change)]),
        ]))
    }

    /// The latest diagnostics published for a document at (at least) `version`.
    func diagnostics(_ name: String, version: Int = 1) -> [JSONValue] {
        let target = uri(name)
        let message = waitFor {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == target
                && ($0["params"]?["version"]?.intValue ?? 0) >= version
        }
        return message?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// A request's params: the document, a position, and more members.
    func at(_ name: String, line: Int, character: Int, _ more: [String: JSONValue]) -> JSONValue {
        guard case .object(var members) = at(name, line: line, character: character) else { return .null }
        for (key, value) in more { members[key] = value }
        return .object(members)
    }

    /// `{"textDocument": {"uri": …}}` and more members.
    func document(_ name: String, _ more: [String: JSONValue] = [:]) -> JSONValue {
        var members: [String: JSONValue] = ["textDocument": .object(["uri": .string(uri(name))])]
        for (key, value) in more { members[key] = value }
        return .object(members)
    }

    /// How many `publishDiagnostics` were sent for a document so far.
    func publishCount(_ name: String) -> Int {
        let target = uri(name)
        return messages().filter {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == target
        }.count
    }

    func at(_ name: String, line: Int, character: Int) -> JSONValue {
        .object(["textDocument": .object(["uri": .string(uri(name))]),
            "position": .object(["line": .number(Double(line)), "character": .number(Double(character))])])
    }
}
