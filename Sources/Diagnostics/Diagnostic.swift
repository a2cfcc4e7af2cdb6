/// One message about a source file: where, how bad, what, and how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .note: 0
            }
        }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// The source line the location points into, for the caret excerpt.
    public var excerpt: String?
    /// How many characters the caret underlines (at least one).
    public var length: Int
    /// A way out: valid values, the nearest known name, the expected form.
    public var hint: String?

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation,
        excerpt: String? = nil,
        length: Int = 1,
        hint: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.excerpt = excerpt
        self.length = max(1, length)
        self.hint = hint
    }

    /// Builds a diagnostic at a UTF-8 offset of a source, taking the excerpt from it.
    public init(
        _ severity: Severity,
        _ message: String,
        in source: SourceText,
        offset: Int,
        length: Int = 1,
        hint: String? = nil
    ) {
        let location = source.location(atOffset: offset)
        self.init(
            severity, message, at: location,
            excerpt: source.lineText(location.line), length: length, hint: hint
        )
    }

    /// `file:line:col: severity: message` — one line, editor quick-fix friendly.
    public var summary: String { "\(location): \(severity.rawValue): \(message)" }

    public var description: String { summary }

    /// The summary, the source line with a caret under the location, and the hint.
    public func rendered() -> String {
        var lines = [summary]
        if let excerpt {
            lines.append("  " + excerpt)
            lines.append("  " + Self.caretLine(under: excerpt, column: location.column, length: length))
        }
        if let hint { lines.append("  hint: " + hint) }
        return lines.joined(separator: "\n")
    }

    /// Spaces (tabs kept, so the caret lines up under tabbed text) then `^~~~`.
    static func caretLine(under line: String, column: Int, length: Int) -> String {
        var padding = ""
        for character in line.prefix(max(0, column - 1)) {
            padding.append(character == "\t" ? "\t" : " ")
        }
        let available = max(1, line.count - (column - 1))
        let span = max(1, min(length, available))
        return padding + "^" + String(repeating: "~", count: span - 1)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, line and column; stable for equal locations.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
