import Diagnostics

/// A diagnostic as published, with the text its did-you-mean offers (for code actions).
struct PublishedDiagnostic: Sendable {
    var lsp: LSPDiagnostic
    /// The replacement a quick fix puts over `lsp.range`, when the hint suggests one.
    var replacement: String?
}

/// Turns the pipeline's diagnostics into LSP ones: 1-based character columns
/// into 0-based UTF-16 ranges, severities into numbers, hints into the message.
enum DiagnosticConversion {
    static func convert(
        _ diagnostics: [(diagnostic: Diagnostic, relatedTo: String?)], in document: TextDocument, files: OverlayFiles
    ) -> [PublishedDiagnostic] {
        var relatedDocuments: [String: TextDocument] = [:]
        return diagnostics.map { entry in
            let diagnostic = entry.diagnostic
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            guard let spec = entry.relatedTo else {
                let range = document.range(
                    line: diagnostic.location.line, column: diagnostic.location.column, length: diagnostic.length)
                let lsp = LSPDiagnostic(
                    range: range, severity: severity(diagnostic.severity), code: diagnostic.code.rawValue, message: message)
                return PublishedDiagnostic(lsp: lsp, replacement: replacement(for: diagnostic))
            }
            // An engine diagnostic of a spec that uses this stylesheet: shown at the
            // top of the sheet, pointing at its place in the spec.
            let file = diagnostic.location.file
            if relatedDocuments[file] == nil {
                relatedDocuments[file] = TextDocument(
                    uri: Paths.uri(ofPath: file), path: file, version: 0, text: files.text(file) ?? "")
            }
            let related = relatedDocuments[file]!
            let place = related.range(line: diagnostic.location.line, column: diagnostic.location.column, length: diagnostic.length)
            let name = spec.split(separator: "/").last.map(String.init) ?? spec
            let top = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
            var lsp = LSPDiagnostic(
                range: top, severity: severity(diagnostic.severity), code: diagnostic.code.rawValue,
                message: "in \(name): " + message)
            lsp.relatedInformation = [
                DiagnosticRelatedInformation(location: LSPLocation(uri: related.uri, range: place), message: diagnostic.message)
            ]
            return PublishedDiagnostic(lsp: lsp, replacement: nil)
        }
    }

    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// What a did-you-mean offers in place of the underlined text: the
    /// diagnostic's `suggestion`, written by the stage that made it.
    static func replacement(for diagnostic: Diagnostic) -> String? {
        diagnostic.suggestion.flatMap { $0.isEmpty ? nil : $0 }
    }
}
