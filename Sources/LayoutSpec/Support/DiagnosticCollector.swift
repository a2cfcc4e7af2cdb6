import Diagnostics

/// Collects the diagnostics of one spec, with excerpts taken from its source.
/// Past a limit it only counts, so a file of garbage cannot flood the report.
struct DiagnosticCollector: Sendable {
    static let limit = 1000

    let source: SourceText
    /// Where code spans were made, for syntax built in code.
    var locator = SpanLocator()
    private(set) var items: [Diagnostic] = []
    /// Diagnostics past the limit, counted but not kept, and the errors among them.
    private var dropped = 0
    private var droppedErrors = 0
    /// Every diagnostic asked for, kept or not (a repeat, or past the limit).
    private(set) var attempts = 0
    /// Diagnostics already reported: an error inside a `let` is found at every
    /// use, but reported once.
    private var seen: Set<Seen> = []
    /// The last location worked out, so reports along one long line count its
    /// characters once instead of from the line start each time.
    private var lastLocated: (offset: Int, location: SourceLocation)?

    /// A repeat is the same kind of problem at the same span; the message text
    /// is kept in the key only to tell apart two problems of one kind there.
    private struct Seen: Hashable {
        var code: DiagnosticCode
        var start: Int
        var end: Int
        var message: String
    }

    init(source: SourceText) {
        self.source = source
    }

    /// Continues another collector of the same source (lowering after parsing):
    /// its diagnostics and its count of those not kept carry on, so the finished
    /// list ends in one note with the true count.
    init(continuing other: DiagnosticCollector) {
        self = other
    }

    var errorCount: Int { items.count(where: { $0.severity == .error }) + droppedErrors }

    /// An error at `span`; `suggestion` is what a did-you-mean offers in its place.
    mutating func error(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, hint: String? = nil, suggestion: String? = nil
    ) {
        add(.error, code, message, span, hint, suggestion)
    }

    /// A warning at `span`; `suggestion` is what a did-you-mean offers in its place.
    mutating func warning(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, hint: String? = nil, suggestion: String? = nil
    ) {
        add(.warning, code, message, span, hint, suggestion)
    }

    /// An unknown name at `span`: a did-you-mean among `candidates` (the hint and
    /// the suggestion, `sigil` written before the name), else `otherwise` as the hint.
    mutating func unknown(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan,
        name: String, among candidates: [String], sigil: String = "", otherwise: String? = nil,
        severity: Diagnostic.Severity = .error
    ) {
        let near = Suggestion.closest(to: name, among: candidates).map { sigil + $0 }
        add(severity, code, message, span, near.map(Suggestion.hint(offering:)) ?? otherwise, near)
    }

    private mutating func add(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ span: SourceSpan, _ hint: String?,
        _ suggestion: String?
    ) {
        attempts += 1
        guard seen.insert(Seen(code: code, start: span.start, end: span.end, message: message)).inserted else { return }
        guard items.count < Self.limit else {
            dropped += 1
            if severity == .error { droppedErrors += 1 }
            return
        }
        if let location = locator.codeLocation(span) {
            // Made in code: reported at the program's line, without an excerpt of the spec.
            items.append(Diagnostic(severity, code, message, at: location, hint: hint))
            return
        }
        let end = min(span.end, source.utf8.count)
        let start = min(span.start, end)
        let location = source.location(atOffset: start, after: lastLocated)
        lastLocated = (start, location)
        // The caret underlines characters, not bytes; the excerpt cuts it to its window.
        let length = min(end - start, 4 * Excerpt.charactersAfter)
        let characters = String(decoding: source.utf8[start..<(start + length)], as: UTF8.self).count
        items.append(
            Diagnostic(
                severity, code, message, in: source, offset: start, length: characters, hint: hint, suggestion: suggestion,
                location: location))
    }

    /// The diagnostics, with a closing note when some were not kept.
    func finished() -> [Diagnostic] {
        guard dropped > 0 else { return items }
        let note = Diagnostic.moreNotShown(
            "\(dropped) more diagnostics not shown", omitted: .init(count: dropped, errors: droppedErrors), from: .spec,
            at: source.location(atOffset: source.utf8.count, after: lastLocated))
        return items + [note]
    }
}
