import Diagnostics

/// Collects one file's diagnostics with excerpts from its source. Capped, so a
/// megabyte of garbage yields a readable list instead of a million lines. A class:
/// every stage of one file's parse appends to the same log without copying it.
final class DiagnosticLog {
    static let limit = 500

    let source: SourceText
    private(set) var items: [Diagnostic] = []
    /// Diagnostics past the limit, counted but not kept, and the errors among them.
    private(set) var suppressed = 0
    private var suppressedErrors = 0
    private var firstSuppressed: (offset: Int, length: Int)?
    /// The last location worked out from an offset: reports along one long line
    /// then count its characters once instead of from the line start each time.
    private var lastLocated: (offset: Int, location: SourceLocation)?

    init(source: SourceText) {
        self.source = source
    }

    /// Every report so far, kept or suppressed: compare two counts to learn whether
    /// a step reported anything.
    var reportCount: Int { items.count + suppressed }

    func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
        offset: Int, length: Int = 1, hint: String? = nil, suggestion: String? = nil
    ) {
        guard items.count < Self.limit else {
            suppress(severity, offset: offset, length: length)
            return
        }
        let location = source.location(atOffset: offset, after: lastLocated)
        lastLocated = (offset, location)
        items.append(
            Diagnostic(
                severity, code, message, in: source, offset: offset, length: length, hint: hint, suggestion: suggestion,
                location: location))
    }

    /// At a token: its line and column are known, so no rescanning of the line.
    func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at token: Token,
        hint: String? = nil, suggestion: String? = nil
    ) {
        guard items.count < Self.limit else {
            suppress(severity, offset: Int(token.start), length: 1)
            return
        }
        let location = SourceLocation(file: source.path, line: Int(token.line), column: Int(token.column))
        items.append(
            Diagnostic(
                severity, code, message, in: source, offset: Int(token.start),
                length: Self.characters(in: token, of: source), hint: hint, suggestion: suggestion, location: location))
    }

    private func suppress(_ severity: Diagnostic.Severity, offset: Int, length: Int) {
        if suppressed == 0 { firstSuppressed = (offset, length) }
        suppressed += 1
        if severity == .error { suppressedErrors += 1 }
    }

    /// The token's length in characters (the caret counts characters), looking at
    /// no more of it than an excerpt can show.
    private static func characters(in token: Token, of source: SourceText) -> Int {
        let start = Int(token.start)
        let end = min(Int(token.end), start + 4 * Excerpt.charactersAfter, source.utf8.count)
        guard end > start else { return 1 }
        return String(decoding: source.utf8[start..<end], as: UTF8.self).count
    }

    /// Replaces the hint (and what it suggests) of a diagnostic reported
    /// earlier, when later facts explain it better.
    func amendHint(of index: Int, to hint: String, suggestion: String?) {
        guard items.indices.contains(index) else { return }
        items[index].hint = hint
        items[index].suggestion = suggestion
    }

    /// The diagnostics, with a closing note when some were suppressed.
    var finished: [Diagnostic] {
        guard suppressed > 0, let first = firstSuppressed else { return items }
        var note = Diagnostic(
            .note, .moreNotShown, "\(suppressed) more diagnostics in this file were not shown, the first here",
            in: source, offset: first.offset, length: first.length)
        note.omitted = Diagnostic.Omission(count: suppressed, errors: suppressedErrors)
        note.origin = .stylesheet
        return items + [note]
    }
}
