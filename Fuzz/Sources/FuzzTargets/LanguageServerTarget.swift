import LanguageServer
import Synchronization
import Foundation

extension FuzzTarget {
    /// The language server's framing and dispatch: bytes in, every byte out checked.
    /// The input is message bodies separated by NULs, each sent with a correct
    /// `Content-Length` header, except a part that starts with the byte 0x01, which
    /// is sent as it is (broken headers, bodies cut short, several frames at once).
    /// Every frame the server writes must have a correct header and a JSON-RPC 2.0
    /// body: a notification with a method, or a response with an id it was sent
    /// (or null) and one of `result` and `error`.
    static let languageServer = FuzzTarget(
        name: "lsp",
        summary: "language server: framed and raw bytes in, every frame out checked as JSON-RPC 2.0"
    ) { input, found in
        let parts = input.split(separator: 0, omittingEmptySubsequences: false)
        var stream: [UInt8] = []
        var sent = LanguageServerFuzzing.Sent()
        for part in parts {
            if part.first == 1 {
                stream += part.dropFirst()
                sent.rawBytes = true
            } else {
                stream += Array("Content-Length: \(part.count)\r\n\r\n".utf8) + part
                sent.note(Data(part))
            }
        }
        let output = Mutex<[UInt8]>([])
        let server = LanguageServer(
            options: LanguageServer.Options(debounceMilliseconds: 0),
            writer: MessageWriter { @Sendable data in output.withLock { $0 += data } })
        var delivered = false
        var reader = MessageReader(maximumLength: 1 << 20) {
            defer { delivered = true }
            return delivered ? [] : stream
        }
        server.run(reader: &reader)
        server.waitUntilIdle()
        found.append(contentsOf: LanguageServerFuzzing.check(output.withLock { $0 }, sent: sent))
    }
}

enum LanguageServerFuzzing {
    /// What the client sent, as far as the target can tell.
    struct Sent {
        /// Ids of every message that has one (canonical, see `canonical(_:)`).
        var ids: Set<String> = []
        /// How many well-formed requests (JSON-RPC 2.0, a method, a string or
        /// integer id) were sent with each id before `exit`: each must be answered.
        var requests: [String: Int] = [:]
        /// True once `exit` was sent: nothing after it is answered.
        var exited = false
        /// True when some bytes were sent unframed: their messages are not known here.
        var rawBytes = false

        mutating func note(_ body: Data) {
            // The server reads invalid UTF-8 as U+FFFD, so a body JSON would refuse
            // for one bad byte in a string is still a request it answers.
            let readable = Data(String(decoding: body, as: UTF8.self).utf8)
            guard let object = (try? JSONSerialization.jsonObject(with: readable, options: [.fragmentsAllowed])) as? [String: Any]
            else { return }
            if let id = object["id"], let key = canonical(id) { ids.insert(key) }
            // Foundation reads `{"id": 3, "method": "m",}`; JSON does not, and the
            // server answers it as a parse error, with a null id (JSON-RPC 2.0, §5).
            guard !exited, !LanguageServerFuzzing.hasTrailingComma(readable) else { return }
            guard object["jsonrpc"] as? String == "2.0", let method = object["method"] as? String else { return }
            if method == "exit", object["id"] == nil { exited = true }
            if let id = object["id"], let key = canonical(id), isWellFormed(id) { requests[key, default: 0] += 1 }
        }

        /// A string, or an integer that fits in 64 bits (what the server echoes exactly).
        func isWellFormed(_ id: Any) -> Bool {
            id is String || (id as? NSNumber).map(isInteger) == true
        }
    }

    /// True when a `,` is followed (after spaces) by `}` or `]` outside strings:
    /// valid to Foundation's reader, not to JSON's grammar.
    static func hasTrailingComma(_ text: Data) -> Bool {
        var inString = false, escaped = false, afterComma = false
        for byte in text {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; afterComma = false
            case UInt8(ascii: ","): afterComma = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if afterComma { return true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            default: afterComma = false
            }
        }
        return false
    }

    /// True for a number JSON wrote as an integer (not a boolean, not a fraction or exponent).
    static func isInteger(_ number: NSNumber) -> Bool {
        ["q", "Q", "i", "I", "l", "L", "s", "S"].contains(String(cString: number.objCType))
    }

    static func canonical(_ value: Any) -> String? {
        switch value {
        case let string as String: "s:" + string
        case let number as NSNumber where isInteger(number): "n:" + number.stringValue
        case let number as NSNumber: "x:" + number.stringValue
        default: nil
        }
    }

    /// Every frame in `output`, checked.
    static func check(_ output: [UInt8], sent: Sent) -> [String] {
        var found = Violations()
        var rest = output[...]
        var answered: [String: Int] = [:]
        let prefix = Array("Content-Length: ".utf8), separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard rest.starts(with: prefix),
                let end = rest.firstRange(of: separator),
                let length = Int(String(decoding: rest[rest.startIndex + prefix.count..<end.lowerBound], as: UTF8.self)),
                length >= 0, rest.count - (end.upperBound - rest.startIndex) >= length
            else {
                found.record("a frame without a correct header: \(String(decoding: rest.prefix(80), as: UTF8.self))")
                break
            }
            let body = rest[end.upperBound..<end.upperBound + length]
            if let id = checkMessage(Data(body), sent: sent, &found) { answered[id, default: 0] += 1 }
            rest = rest[(end.upperBound + length)...]
        }
        if !sent.rawBytes {
            for (id, count) in sent.requests where answered[id, default: 0] != count {
                found.record("\(count) request(s) with the id \(id) got \(answered[id, default: 0]) response(s)")
            }
        }
        return found.messages
    }

    /// Checks one body the server wrote; returns the id it answers (canonical), if any.
    static func checkMessage(_ body: Data, sent: Sent, _ found: inout Violations) -> String? {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            found.record("a body that is not a JSON object: \(text)")
            return nil
        }
        found.expect(message["jsonrpc"] as? String == "2.0", "no \"jsonrpc\": \"2.0\": \(text)")
        if let method = message["method"] {
            found.expect(method is String, "a method that is not a string: \(text)")
            found.expect(message["id"] == nil, "the server sent a request: \(text)")
            if method as? String == "textDocument/publishDiagnostics" { checkDiagnostics(message["params"], text, &found) }
            return nil
        }
        guard let id = message["id"] else {
            found.record("neither a method nor an id: \(text)")
            return nil
        }
        if !(id is NSNull), !sent.rawBytes {
            let known = canonical(id).map(sent.ids.contains) ?? false
            found.expect(known, "a response to an id that was never sent: \(text)")
        }
        let hasResult = message.keys.contains("result"), error = message["error"]
        found.expect(hasResult != (error != nil), "a response needs exactly one of result and error: \(text)")
        if let error {
            let object = error as? [String: Any]
            found.expect(object?["code"] is NSNumber && object?["message"] is String, "a malformed error: \(text)")
        }
        return canonical(id)
    }

    /// Published diagnostics have ranges of non-negative positions, start before end.
    static func checkDiagnostics(_ params: Any?, _ text: String, _ found: inout Violations) {
        guard let params = params as? [String: Any], params["uri"] is String,
            let diagnostics = params["diagnostics"] as? [[String: Any]]
        else {
            found.record("malformed publishDiagnostics: \(text)")
            return
        }
        for diagnostic in diagnostics {
            guard let range = diagnostic["range"] as? [String: Any],
                let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
                let startLine = start["line"] as? Int, let startCharacter = start["character"] as? Int,
                let endLine = end["line"] as? Int, let endCharacter = end["character"] as? Int,
                diagnostic["message"] is String
            else {
                found.record("a malformed diagnostic: \(diagnostic)")
                continue
            }
            found.expect(startLine >= 0 && startCharacter >= 0, "a diagnostic before the start: \(diagnostic)")
            found.expect((startLine, startCharacter) <= (endLine, endCharacter), "a diagnostic ending before it starts: \(diagnostic)")
        }
    }
}
