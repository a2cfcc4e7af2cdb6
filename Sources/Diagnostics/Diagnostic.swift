/// One message about a source file: where, how bad, what, and how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a diagnostic is; ordered note < warning < error.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .note: 0
            }
        }
        /// Orders by badness: a note is less than a warning, a warning less than an error.
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// How bad the problem is: error, warning or note.
    public var severity: Severity
    /// What kind of problem this is; code compares diagnostics by it, never by `message`.
    public var code: DiagnosticCode
    /// The stage that reported it.
    public var origin: DiagnosticOrigin
    /// For people: escaped (see `PrintableText`) and cut to `messageLimit` characters.
    public var message: String
    /// The file, 1-based line and column the diagnostic points at.
    public var location: SourceLocation
    /// The part of the source line shown under the summary (escaped, cut to a
    /// window around the column on a long line; see `Excerpt`).
    public var excerpt: String?
    /// The 1-based column in `excerpt` the caret goes under; the location's column
    /// unless the excerpt was cut or escaped before it.
    public var caretColumn: Int
    /// How many characters the caret underlines (at least one).
    public var length: Int
    /// A way out: valid values, the nearest known name, the expected form.
    public var hint: String?
    /// What a did-you-mean offers: the text to write over the underlined one
    /// (`length` characters at `location`), exactly as it goes in the source
    /// (`$margin-top`, `@import`, `blue`). The hint says it in words; an editor's
    /// quick fix writes this.
    public var suggestion: String?
    /// The source text the diagnostic is about (what the caret underlines, cut
    /// short), when it points into a source; part of its `identity`.
    public var subject: String?
    /// On the note that closes a capped list: how many diagnostics were not shown.
    public var omitted: Omission?

    /// How many diagnostics a "more not shown" note stands for.
    public struct Omission: Hashable, Sendable {
        /// Diagnostics of every severity that were not shown.
        public var count: Int
        /// How many of them are errors.
        public var errors: Int

        /// A note standing for `count` diagnostics not shown, `errors` of them errors.
        public init(count: Int, errors: Int) {
            self.count = count
            self.errors = errors
        }
    }

    /// Messages and hints longer than this many characters keep their start and end.
    public static let messageLimit = 320

    /// A diagnostic at `location`; message and hint are escaped and capped, the caret follows escapes in `excerpt`.
    public init(
        _ severity: Severity,
        _ code: DiagnosticCode,
        _ message: String,
        at location: SourceLocation,
        excerpt: String? = nil,
        length: Int = 1,
        hint: String? = nil,
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.origin = code.origin
        self.message = Self.printable(message)
        self.location = location
        self.excerpt = excerpt.map { PrintableText.escaped($0) }
        // Escapes before the column move the caret along with the text.
        if let excerpt, PrintableText.needsEscaping(excerpt) {
            self.caretColumn = PrintableText.escaped(excerpt.prefix(max(0, location.column - 1))).count + 1
        } else {
            self.caretColumn = location.column
        }
        self.length = max(1, length)
        self.hint = hint.map(Self.printable)
        self.suggestion = suggestion
    }

    /// A diagnostic without a code, for tests and ad-hoc tools; every stage of
    /// the pipeline gives its diagnostics a code.
    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation,
        excerpt: String? = nil,
        length: Int = 1,
        hint: String? = nil
    ) {
        self.init(severity, .unclassified, message, at: location, excerpt: excerpt, length: length, hint: hint)
    }

    /// Builds a diagnostic at a UTF-8 offset of a source, with the excerpt around
    /// it. `location`, when the caller knows it, saves counting the column again.
    public init(
        _ severity: Severity,
        _ code: DiagnosticCode,
        _ message: String,
        in source: SourceText,
        offset: Int,
        length: Int = 1,
        hint: String? = nil,
        suggestion: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.init(severity, code, message, at: location ?? source.location(atOffset: offset), hint: hint, suggestion: suggestion)
        attachExcerpt(source.excerpt(atOffset: offset, length: length))
    }

    /// `init(_:_:_:in:offset:length:hint:location:)` without a code, for tests.
    public init(
        _ severity: Severity,
        _ message: String,
        in source: SourceText,
        offset: Int,
        length: Int = 1,
        hint: String? = nil
    ) {
        self.init(severity, .unclassified, message, in: source, offset: offset, length: length, hint: hint)
    }

    /// Shows `excerpt` under the summary; it also names the diagnostic's subject.
    public mutating func attachExcerpt(_ excerpt: Excerpt) {
        self.excerpt = excerpt.text
        caretColumn = excerpt.caretColumn
        length = excerpt.length
        subject = String(excerpt.text.dropFirst(excerpt.caretColumn - 1).prefix(min(excerpt.length, 64)))
    }

    /// What makes two diagnostics the same problem across edits that move it:
    /// the file, the code and the source text the diagnostic is about.
    public struct Identity: Hashable, Sendable {
        /// The file the diagnostic is in.
        public var file: String
        /// The kind of problem.
        public var code: DiagnosticCode
        /// The source text the diagnostic is about; nil when it points into no source.
        public var subject: String?
    }

    /// This diagnostic's identity: its file, code and subject, not its line or message.
    public var identity: Identity { Identity(file: location.file, code: code, subject: subject) }

    /// `file:line:col: severity: message` — one line, editor quick-fix friendly.
    public var summary: String { "\(PrintableText.escaped(location.description)): \(severity.rawValue): \(message)" }

    /// The summary with the code after it, like a compiler's warning flag:
    /// `file:line:col: warning: unknown property 'colr' [cas.unknown-property]`
    /// (the form `casement check` prints; no flag for an unclassified diagnostic).
    public var flaggedSummary: String {
        code == .unclassified ? summary : summary + " [\(code)]"
    }

    /// The one-line `summary`.
    public var description: String { summary }

    /// Whether it belongs in a list of errors: an error, or the note closing a
    /// capped list that counts errors left out (`[Diagnostic].errorCount` adds them).
    public var standsForErrors: Bool { severity == .error || (omitted?.errors ?? 0) > 0 }

    /// The summary (flagged with the code when `flagged`), the source line with
    /// a caret under the location, and the hint.
    public func rendered(flagged: Bool = false) -> String {
        var lines = [flagged ? flaggedSummary : summary]
        if let excerpt {
            lines.append("  " + excerpt)
            lines.append("  " + Self.caretLine(under: excerpt, column: caretColumn, length: length))
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

    /// Escaped, and when very long, its start and end around a `…`: a name of a
    /// megabyte quoted in a message must not make a megabyte of output.
    static func printable(_ text: String) -> String {
        var text = text
        if text.utf8.count > messageLimit, text.count > messageLimit {
            text = String(text.prefix(messageLimit - 60)) + "…" + String(text.suffix(59))
        }
        return PrintableText.escaped(text)
    }
}

extension Array where Element == Diagnostic {
    /// True when any of the diagnostics is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, line and column; stable for equal locations.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}

extension Diagnostic {
    /// The note that closes a capped list, saying how many diagnostics it stands
    /// for (the true count: a reader of `omitted` can add it to what is shown).
    /// `origin` is the stage whose diagnostics were left out.
    public static func moreNotShown(
        _ message: String, omitted: Omission, from origin: DiagnosticOrigin, at location: SourceLocation
    ) -> Diagnostic {
        var note = Diagnostic(.note, .moreNotShown, message, at: location)
        note.omitted = omitted
        note.origin = origin
        return note
    }
}

extension Array where Element == Diagnostic {
    /// How many errors the list stands for: the errors in it plus those its
    /// "more not shown" notes count.
    public var errorCount: Int {
        reduce(0) { $0 + ($1.severity == .error ? 1 : 0) + ($1.omitted?.errors ?? 0) }
    }

    /// At most `limit` diagnostics (in order), then one note at the first left
    /// out saying how many more there were, `what` naming them in the note.
    public func capped(at limit: Int, what: String = "diagnostics", from origin: DiagnosticOrigin) -> [Diagnostic] {
        guard count > limit, let first = dropFirst(limit).first else { return self }
        let rest = dropFirst(limit)
        let omission = Diagnostic.Omission(
            count: rest.count, errors: rest.count(where: { $0.severity == .error }) + rest.reduce(0) { $0 + ($1.omitted?.errors ?? 0) })
        return Array(prefix(limit)) + [
            Diagnostic.moreNotShown(
                "\(rest.count) more \(what) not shown", omitted: omission, from: origin, at: first.location)
        ]
    }
}
