/// What the server tells the client it can do, and which function answers each request.
enum Capabilities {
    static let initializeResult: JSONValue = .object([
        "capabilities": .object([
            // 2: incremental sync; open and close notifications wanted.
            "textDocumentSync": .object(["openClose": .bool(true), "change": .number(2), "save": .bool(false)]),
            "hoverProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "renameProvider": .bool(true),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
            "completionProvider": .object(["triggerCharacters": .array(["$", ".", "#", "\"", "/"].map(JSONValue.string))]),
            "positionEncoding": .string("utf-16"),
        ]),
        "serverInfo": .object(["name": .string("casement"), "version": .string("1")]),
    ])
}

extension LanguageServer {
    typealias Feature = @Sendable (LanguageServer, JSONValue) throws -> JSONValue

    /// Request method to the function that answers it on the analysis queue.
    static let features: [String: Feature] = [
        "textDocument/hover": { try $0.hover($1) },
        "textDocument/definition": { try $0.definition($1) },
        "textDocument/references": { try $0.references($1) },
        "textDocument/documentSymbol": { try $0.documentSymbols($1) },
        "textDocument/rename": { try $0.rename($1) },
        "textDocument/codeAction": { try $0.codeActions($1) },
        "textDocument/completion": { try $0.completion($1) },
    ]
}
