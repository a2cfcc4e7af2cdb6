import Diagnostics

/// Collects the diagnostics of one spec, with excerpts taken from its source.
/// Past a limit it only counts, so a file of garbage cannot flood the report.
struct DiagnosticCollector: Sendable {
    static let limit = 1000

    let source: SourceText
    private(set) var items: [Diagnostic] = []
    private var dropped = 0
    /// Every diagnostic asked for, kept or not (a repeat, or past the limit).
    private(set) var attempts = 0
    /// (offset, message) pairs already reported: an error inside a `let` is
    /// found at every use, but reported once.
    private var seen: Set<String> = []

    init(source: SourceText, items: [Diagnostic] = []) {
        self.source = source
        self.items = items
    }

    var errorCount: Int { items.count(where: { $0.severity == .error }) + dropped }

    mutating func error(_ message: String, at span: SourceSpan, hint: String? = nil) {
        add(.error, message, span, hint)
    }

    mutating func warning(_ message: String, at span: SourceSpan, hint: String? = nil) {
        add(.warning, message, span, hint)
    }

    private mutating func add(_ severity: Diagnostic.Severity, _ message: String, _ span: SourceSpan, _ hint: String?) {
        attempts += 1
        guard seen.insert("\(span.start)|\(message)").inserted else { return }
        guard items.count < Self.limit else {
            dropped += 1
            return
        }
        let end = min(span.end, source.utf8.count)
        let start = min(span.start, end)
        // The caret underlines characters, not bytes.
        let length = String(decoding: source.utf8[start..<end], as: UTF8.self).count
        items.append(Diagnostic(severity, message, in: source, offset: start, length: length, hint: hint))
    }

    /// The diagnostics, with a closing note when some were not kept.
    func finished() -> [Diagnostic] {
        guard dropped > 0 else { return items }
        let note = Diagnostic(
            .note, "\(dropped) more diagnostics not shown", in: source,
            offset: source.utf8.count)
        return items + [note]
    }
}
