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
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body) else {
            let isJSON = (try? JSONDecoder().decode(JSONValue.self, from: body)) != nil
            self = .invalid(isJSON
                ? ResponseError(code: ResponseError.invalidRequest, message: "not a JSON-RPC message object")
                : ResponseError(code: ResponseError.parseError, message: "not a JSON-RPC message"))
            return
        }
        guard envelope.jsonrpc == "2.0" else {
            self = .invalid(ResponseError(code: ResponseError.invalidRequest, message: "\"jsonrpc\" must be \"2.0\""))
            return
        }
        if case .invalid = envelope.id {
            self = .invalid(ResponseError(code: ResponseError.invalidRequest, message: "an id is an integer or a string"))
            return
        }
        switch (envelope.method, envelope.id) {
        case (.some(.string(let method)), .some(.valid(let id))):
            self = .request(id: id, method: method, params: envelope.params ?? .null)
        case (.some(.string(let method)), nil):
            self = .notification(method: method, params: envelope.params ?? .null)
        case (.some, _):
            self = .invalid(ResponseError(code: ResponseError.invalidRequest, message: "\"method\" must be a string"))
        case (nil, _) where envelope.isResponse:
            self = .response
        case (nil, _):
            self = .invalid(ResponseError(code: ResponseError.invalidRequest, message: "no method"))
        }
    }

    /// The members the dispatcher reads, each as loosely as needed to say what was wrong.
    private struct Envelope: Decodable {
        var jsonrpc: String?
        var id: IDField?
        var method: JSONValue?
        var params: JSONValue?
        /// Whether `result` or `error` is present (null included): a client's answer.
        var isResponse = false

        enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
            // A present `"id": null` is a request with a null id, not a notification.
            if container.contains(.id) {
                id = try container.decodeNil(forKey: .id) ? .valid(.null) : container.decode(IDField.self, forKey: .id)
            }
            method = try container.decodeIfPresent(JSONValue.self, forKey: .method)
            params = try container.decodeIfPresent(JSONValue.self, forKey: .params)
            isResponse = container.contains(.result) || container.contains(.error)
        }
    }

    /// An id as written: integers are read as integers, so 2^53 + 1 stays itself.
    private enum IDField: Decodable {
        case valid(RequestID)
        case invalid

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int64.self) {
                self = .valid(.integer(value))
            } else if let value = try? container.decode(UInt64.self) {
                self = .valid(.unsigned(value))
            } else if let value = try? container.decode(String.self) {
                self = .valid(.string(value))
            } else {
                self = .invalid
            }
        }
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
}

struct OutgoingNotification: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: JSONValue
}
