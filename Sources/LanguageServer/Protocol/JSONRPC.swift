#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON-RPC 2.0 error, sent as the `error` of a response.
public struct ResponseError: Error, Codable, Hashable, Sendable {
    /// The JSON-RPC or LSP error code, one of the constants below.
    public var code: Int
    /// A one-line explanation for the client's log.
    public var message: String

    /// An error with `code` and `message`.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// JSON-RPC: the message was not valid JSON.
    public static let parseError = -32700
    /// JSON-RPC: the JSON was not a valid request object.
    public static let invalidRequest = -32600
    /// JSON-RPC: the server has no such method.
    public static let methodNotFound = -32601
    /// JSON-RPC: the params were missing or of the wrong shape.
    public static let invalidParams = -32602
    /// JSON-RPC: the server failed while answering.
    public static let internalError = -32603
    /// LSP: a request before `initialize`.
    public static let serverNotInitialized = -32002
    /// LSP: the client cancelled the request (`$/cancelRequest`) before it was answered.
    public static let requestCancelled = -32800
    /// LSP: a request about a document the server cannot answer for.
    public static let requestFailed = -32803

    /// An `invalidParams` error that says what was wrong with the params.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: invalidParams, message: message)
    }
}

/// A request's id, echoed exactly in its response: an integer (any that fits in
/// 64 bits, signed or not, never rounded through a `Double`) or a string. `null`
/// is what JSON-RPC answers with when the request's own id is null or could not
/// be read.
public enum RequestID: Hashable, Sendable, Encodable {
    case integer(Int64)
    /// An integer above `Int64.max` (up to 2^64 - 1).
    case unsigned(UInt64)
    case string(String)
    case null

    /// Encodes the id as the JSON number or string it came as.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

/// An incoming message as the dispatcher sees it, after the JSON-RPC rules were
/// checked: a request, a notification, a response to a request of the server's
/// own (ignored), or something that is no valid message (answered with `error`
/// and a null id).
enum IncomingMessage: Equatable {
    case request(id: RequestID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response
    case invalid(ResponseError)

    /// Reads one message body: `-32700` when it is not JSON, `-32600` when it is
    /// JSON but no JSON-RPC 2.0 message (no `"jsonrpc": "2.0"`, a method that is
    /// not a string, an id that is neither an integer nor a string nor null).
    init(body: Data) {
        guard let (members, rawID) = try? JSONParser.parseMessage(body) else {
            self = .invalid(ResponseError(code: ResponseError.parseError, message: "not a JSON-RPC message"))
            return
        }
        guard let members else {
            self = .invalid(Self.invalidRequest("not a JSON-RPC message object"))
            return
        }
        guard members["jsonrpc"] == .string("2.0") else {
            self = .invalid(Self.invalidRequest("\"jsonrpc\" must be \"2.0\""))
            return
        }
        // A present `"id": null` is a request with a null id, not a notification.
        var id: RequestID?
        switch rawID {
        case .valid(let valid): id = valid
        case .invalid:
            self = .invalid(Self.invalidRequest("an id is an integer or a string"))
            return
        case nil: id = nil
        }
        let params = members["params"] ?? .null
        switch (members["method"], id) {
        case (.string(let method), let id?): self = .request(id: id, method: method, params: params)
        case (.string(let method), nil): self = .notification(method: method, params: params)
        case (.some, _): self = .invalid(Self.invalidRequest("\"method\" must be a string"))
        case (nil, _) where members["result"] != nil || members["error"] != nil: self = .response
        case (nil, _): self = .invalid(Self.invalidRequest("no method"))
        }
    }

    private static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: ResponseError.invalidRequest, message: message)
    }
}

/// What the server sends: a response to a request or a notification.
struct OutgoingResponse: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
    var result: JSONValue?
    var error: ResponseError?

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error {
            try container.encode(error, forKey: .error)
        } else {
            // A response always carries `result`, null included.
            try container.encode(result ?? .null, forKey: .result)
        }
    }

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    /// The response as JSON text (see `JSONWriter`).
    var json: Data {
        var writer = JSONWriter()
        if let error {
            writer.writeObject([
                ("error", { $0.writeObject([("code", { $0.write(Double(error.code)) }), ("message", { $0.write(error.message) })]) }),
                ("id", { $0.write(id) }), ("jsonrpc", { $0.write(jsonrpc) }),
            ])
        } else {
            writer.writeObject([
                ("id", { $0.write(id) }), ("jsonrpc", { $0.write(jsonrpc) }), ("result", { $0.write(result ?? .null) }),
            ])
        }
        return Data(writer.bytes)
    }
}

struct OutgoingNotification: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: JSONValue

    /// The notification as JSON text (see `JSONWriter`).
    var json: Data {
        JSONWriter.data(.object(["jsonrpc": .string(jsonrpc), "method": .string(method), "params": params]))
    }
}
