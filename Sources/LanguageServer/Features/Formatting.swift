import Formatting

extension LanguageServer {
    /// `textDocument/formatting`: `casement fmt`'s canonical form as edits, one per
    /// changed line (a line that goes is deleted whole). A document with syntax
    /// errors gets an error that says so, and no edit.
    func formatting(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        return .encoding(try formattingEdits(document, lines: nil))
    }

    /// `textDocument/rangeFormatting`: the same edits, for the lines the range touches.
    func rangeFormatting(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let range = try? (params["range"] ?? .null).decoded(as: LSPRange.self) else {
            throw ResponseError.invalidParams("missing range")
        }
        return .encoding(try formattingEdits(document, lines: range.start.line...max(range.start.line, range.end.line)))
    }

    private func formattingEdits(_ document: TextDocument, lines: ClosedRange<Int>?) throws -> [TextEdit] {
        let formatted: FormattedText
        do {
            formatted = try SourceFormatter.format(document.text, path: document.path)
        } catch .syntaxErrors(let diagnostics) {
            throw ResponseError(
                code: ResponseError.requestFailed,
                message: "not formatted: \(diagnostics.count) syntax error(s), the first at line \(diagnostics.first?.location.line ?? 0)")
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: "\(error)")
        }
        guard !formatted.isUnchanged else { return [] }
        // CR line ends or a byte-order mark: the canonical text replaces the whole buffer.
        if lines == nil, document.text.contains("\r") || document.text.unicodeScalars.first == "\u{FEFF}" {
            let end = document.position(of: document.text.endIndex)
            return [TextEdit(range: LSPRange(start: Position(line: 0, character: 0), end: end), newText: formatted.text)]
        }
        var edits: [TextEdit] = []
        for (line, replacement) in formatted.changedLines where lines?.contains(line) ?? true {
            if let replacement {
                let end = Position(line: line, character: formatted.originalLines[line].utf16.count)
                edits.append(TextEdit(range: LSPRange(start: Position(line: line, character: 0), end: end), newText: replacement))
            } else {
                let range = LSPRange(start: Position(line: line, character: 0), end: Position(line: line + 1, character: 0))
                edits.append(TextEdit(range: range, newText: ""))
            }
        }
        let last = formatted.originalLines.count - 1
        if formatted.addsFinalNewline, lines?.contains(last) ?? true {
            let end = Position(line: last, character: formatted.originalLines[last].utf16.count)
            // The last line's own edit already ends there; the newline follows it.
            edits.append(TextEdit(range: LSPRange(start: end, end: end), newText: "\n"))
        }
        return edits
    }
}
