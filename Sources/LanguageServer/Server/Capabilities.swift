/// What the server tells the client it can do, and which function answers each request.
enum Capabilities {
    static let initializeResult: JSONValue = .object([
        "capabilities": .object([
            // 2: incremental sync; open, close and save notifications wanted (a save
            // hands a running designer back to the file on disk).
            "textDocumentSync": .object(["openClose": .bool(true), "change": .number(2), "save": .bool(true)]),
            "hoverProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "documentHighlightProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "workspaceSymbolProvider": .bool(true),
            "renameProvider": .object(["prepareProvider": .bool(true)]),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
            "completionProvider": .object(["triggerCharacters": .array(["$", ".", "#", "\"", "/"].map(JSONValue.string))]),
            "inlayHintProvider": .bool(true),
            "colorProvider": .bool(true),
            "semanticTokensProvider": .object([
                "legend": SemanticTokens.legend, "full": .bool(true), "range": .bool(true),
            ]),
            "documentFormattingProvider": .bool(true),
            "documentRangeFormattingProvider": .bool(true),
            "foldingRangeProvider": .bool(true),
            "documentLinkProvider": .object(["resolveProvider": .bool(false)]),
            "executeCommandProvider": .object(["commands": .array([.string(LanguageServer.setSizeCommand)])]),
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
        "textDocument/documentHighlight": { try $0.documentHighlight($1) },
        "textDocument/documentSymbol": { try $0.documentSymbols($1) },
        "textDocument/prepareRename": { try $0.prepareRename($1) },
        "textDocument/rename": { try $0.rename($1) },
        "textDocument/codeAction": { try $0.codeActions($1) },
        "textDocument/completion": { try $0.completion($1) },
        "textDocument/inlayHint": { try $0.inlayHints($1) },
        "textDocument/documentColor": { try $0.documentColors($1) },
        "textDocument/colorPresentation": { try $0.colorPresentations($1) },
        "textDocument/semanticTokens/full": { try $0.semanticTokensFull($1) },
        "textDocument/semanticTokens/range": { try $0.semanticTokensRange($1) },
        "textDocument/formatting": { try $0.formatting($1) },
        "textDocument/rangeFormatting": { try $0.rangeFormatting($1) },
        "textDocument/foldingRange": { try $0.foldingRanges($1) },
        "textDocument/documentLink": { try $0.documentLinks($1) },
        "workspace/symbol": { try $0.workspaceSymbols($1) },
        "workspace/executeCommand": { try $0.executeCommand($1) },
    ]
}
