import Diagnostics

/// Collects one file's diagnostics with excerpts from its source. Capped, so a
/// megabyte of garbage yields a readable list instead of a million lines. A class:
/// every stage of one file's parse appends to the same log without copying it.
final class DiagnosticLog {
    static let limit = 500

    let source: SourceText
    private(set) var items: [Diagnostic] = []
    private(set) var suppressed = 0
    private var firstSuppressed: (offset: Int, length: Int)?

    init(source: SourceText) {
        self.source = source
    }

    func report(
        _ severity: Diagnostic.Severity, _ message: String,
        offset: Int, length: Int = 1, hint: String? = nil
    ) {
        guard items.count < Self.limit else {
            if suppressed == 0 { firstSuppressed = (offset, length) }
            suppressed += 1
            return
        }
        items.append(Diagnostic(severity, message, in: source, offset: offset, length: length, hint: hint))
    }

    /// At a token: its line and column are known, so no rescanning of the line.
    func report(
        _ severity: Diagnostic.Severity, _ message: String, at token: Token, hint: String? = nil
    ) {
        guard items.count < Self.limit else {
            report(severity, message, offset: Int(token.start))
            return
        }
        let location = SourceLocation(file: source.path, line: Int(token.line), column: Int(token.column))
        items.append(
            Diagnostic(
                severity, message, at: location, excerpt: source.lineText(location.line),
                length: max(1, Int(token.end - token.start)), hint: hint))
    }

    /// Replaces the hint of a diagnostic reported earlier, when later facts explain it better.
    func amendHint(of index: Int, to hint: String) {
        guard items.indices.contains(index) else { return }
        items[index].hint = hint
    }

    /// The diagnostics, with a closing note when some were suppressed.
    var finished: [Diagnostic] {
        guard suppressed > 0, let first = firstSuppressed else { return items }
        return items + [
            Diagnostic(
                .note, "\(suppressed) more diagnostics in this file were not shown, the first here", in: source,
                offset: first.offset, length: first.length)
        ]
    }
}
