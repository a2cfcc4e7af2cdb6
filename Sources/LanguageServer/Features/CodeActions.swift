extension LanguageServer {
    /// `textDocument/codeAction`: a quick fix for every published diagnostic with
    /// a did-you-mean in the requested range, replacing what it underlines.
    func codeActions(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let range = try? (params["range"] ?? .null).decoded(as: LSPRange.self) else {
            throw ResponseError.invalidParams("missing range")
        }
        let candidates = published[document.uri] ?? []
        let actions = candidates.compactMap { entry -> CodeAction? in
            guard let replacement = entry.replacement, entry.lsp.range.overlaps(range) else { return nil }
            let edit = TextEdit(range: entry.lsp.range, newText: replacement)
            return CodeAction(
                title: "Change to '\(replacement)'", diagnostics: [entry.lsp], isPreferred: true,
                edit: WorkspaceEdit(changes: [document.uri: [edit]]))
        }
        return .encoding(actions)
    }
}
