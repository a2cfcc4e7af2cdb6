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

/// An incoming message as the dispatcher sees it: a request (with `id`), a
/// notification (without), or a response to the server's own request (ignored).
struct IncomingMessage: Decodable {
    var jsonrpc: String?
    var id: JSONValue?
    var method: String?
    var params: JSONValue?
    var result: JSONValue?
    var error: JSONValue?
}

/// What the server sends: a response to a request or a notification.
struct OutgoingResponse: Encodable {
    var jsonrpc = "2.0"
    var id: JSONValue
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
