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
        _ diagnostics: [(diagnostic: Diagnostic, placement: Workspace.Placement)], in document: TextDocument, files: OverlayFiles
    ) -> [PublishedDiagnostic] {
        var relatedDocuments: [String: TextDocument] = [:]
        func related(_ file: String) -> TextDocument {
            if let known = relatedDocuments[file] { return known }
            let text = TextDocument(uri: Paths.uri(ofPath: file), path: file, version: 0, text: files.text(file) ?? "")
            relatedDocuments[file] = text
            return text
        }
        return diagnostics.map { entry in
            let diagnostic = entry.diagnostic
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            let range: LSPRange
            let prefix: String
            switch entry.placement {
            case .here:
                let range = document.range(
                    line: diagnostic.location.line, column: diagnostic.location.column, length: diagnostic.length)
                let lsp = LSPDiagnostic(
                    range: range, severity: severity(diagnostic.severity), code: diagnostic.code.rawValue, message: message)
                return PublishedDiagnostic(lsp: lsp, replacement: replacement(for: diagnostic))
            case .top(let spec):
                // An engine diagnostic of a spec that uses this stylesheet: at the top of the sheet.
                range = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
                prefix = "in \(name(spec)): "
            case .line(let line):
                // A diagnostic of a stylesheet the spec reads, not open: on the `use` line that reads it.
                let number = max(0, min(line - 1, document.lineCount - 1))
                range = LanguageServer.span(number, 0, document.line(number).utf16.count)
                prefix = "in \(name(diagnostic.location.file)):\(diagnostic.location.line): "
            }
            let file = related(diagnostic.location.file)
            let place = file.range(line: diagnostic.location.line, column: diagnostic.location.column, length: diagnostic.length)
            var lsp = LSPDiagnostic(
                range: range, severity: severity(diagnostic.severity), code: diagnostic.code.rawValue, message: prefix + message)
            lsp.relatedInformation = [
                DiagnosticRelatedInformation(location: LSPLocation(uri: file.uri, range: place), message: diagnostic.message)
            ]
            return PublishedDiagnostic(lsp: lsp, replacement: nil)
        }
    }

    private static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

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
