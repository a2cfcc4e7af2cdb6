import Diagnostics

/// The canonical form of `.cas` stylesheets and `.layout` specs: what
/// `casement fmt` prints and what the language server's formatting applies.
///
/// The formatter keeps every line break, token and comment where the author put
/// them and changes only the blanks (docs/formatting.md has the whole style):
/// two spaces of indentation per block, one space between tokens that had any
/// blank between them, trailing comments of neighbouring lines in one column,
/// at most one blank line in a row, none at either end, and a final newline.
/// Before it answers, it parses the result and checks that it means what the
/// input meant (the same views, rules, selectors, declarations and variables);
/// it never hands back text that would lay out or style anything differently.
public enum SourceFormatter {
    /// The language of a file, from its name.
    public enum Language: Sendable {
        /// A `.cas` stylesheet.
        case stylesheet
        /// A `.layout` spec.
        case spec

        /// The language a path's extension names; nil for any other file.
        public init?(path: String) {
            if path.hasSuffix(".cas") {
                self = .stylesheet
            } else if path.hasSuffix(".layout") {
                self = .spec
            } else {
                return nil
            }
        }
    }

    /// Formats `text`, the contents of `path` (whose extension picks the language).
    /// Throws `FormattingError` for a file that is neither `.cas` nor `.layout`,
    /// one with syntax errors (left alone: the errors say where), or, should the
    /// formatter ever get a file wrong, one whose meaning the result would change.
    public static func format(_ text: String, path: String) throws(FormattingError) -> FormattedText {
        guard let language = Language(path: path) else { throw .notASourceFile(path: path) }
        let source = SourceText(path: path, text: text)
        let lines: [FormattedLine]
        switch language {
        case .stylesheet: lines = try StylesheetLines.format(source)
        case .spec: lines = try SpecLines.format(source)
        }
        let result = FormattedText(source: source, original: text, lines: LineLayout.finish(lines))
        if result.text != source.text || result.text != text {
            try MeaningCheck.verify(before: source.text, after: result.text, path: path, language: language)
        }
        return result
    }
}

/// Why a file was not formatted.
public enum FormattingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is neither a `.cas` stylesheet nor a `.layout` spec.
    case notASourceFile(path: String)
    /// The file has syntax errors; it is left as it is.
    case syntaxErrors([Diagnostic])
    /// The formatted text would not mean what the file means (a formatter bug:
    /// the file is left as it is). The text says what differs.
    case meaningWouldChange(path: String, difference: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .notASourceFile(let path): "\(path): not a .cas or .layout file"
        case .syntaxErrors(let diagnostics):
            "\(diagnostics.first?.location.file ?? "file"): \(diagnostics.count) syntax error(s); not formatted"
        case .meaningWouldChange(let path, let difference):
            "\(path): formatting would change what the file means (\(difference)); not formatted — please report this"
        }
    }
}

/// A formatted file: the canonical text, and how it differs line by line from
/// the file as given (what an editor applies as edits).
public struct FormattedText: Sendable {
    /// The canonical text (LF line ends, ending in one newline).
    public let text: String
    /// For each line of the input (0-based, after CR and CRLF are read as LF):
    /// its canonical text, or nil when the line goes (a surplus blank line).
    public let lines: [String?]
    /// The input's lines as read.
    public let originalLines: [String]
    /// True when the input lacked a final newline.
    public let addsFinalNewline: Bool
    /// True when the input was already canonical, byte for byte.
    public let isUnchanged: Bool

    init(source: SourceText, original: String, lines: [String?]) {
        originalLines = LineLayout.split(source.text)
        self.lines = lines
        let kept = lines.compactMap { $0 }
        text = kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
        addsFinalNewline = !source.text.isEmpty && !source.text.hasSuffix("\n") && !kept.isEmpty
        isUnchanged = text == original
    }

    /// The lines that change, in order: (0-based line, its new text or nil when it goes).
    public var changedLines: [(line: Int, replacement: String?)] {
        lines.indices.compactMap { index in
            let new = lines[index]
            return new == originalLines[index] ? nil : (index, new)
        }
    }
}
