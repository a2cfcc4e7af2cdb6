import Foundation

/// A JSON-RPC 2.0 error, sent as the `error` of a response.
public struct ResponseError: Error, Codable, Hashable, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    /// LSP: a request before `initialize`.
    public static let serverNotInitialized = -32002
    /// LSP: a request about a document the server cannot answer for.
    public static let requestFailed = -32803

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
