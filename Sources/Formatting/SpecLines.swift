import Diagnostics
import LayoutSpec

/// The canonical lines of a `.layout` spec. Blanks between tokens never change
/// what a spec means (only whether two words touch, and the formatter never joins
/// tokens), so besides indentation by brace depth the style spaces the relations
/// (`a == b`), puts a space after `,` and `;` and none before them. Visual Format
/// Language lines keep their own spacing, collapsed to single blanks.
enum SpecLines {
    static func format(_ source: SourceText) throws(FormattingError) -> [FormattedLine] {
        let errors = SpecParser.parse(source).diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .syntaxErrors(errors) }
        let lexemes = SpecLexeme.scan(source)
        if let invalid = lexemes.first(where: { $0.kind == .invalid }) {
            throw .syntaxErrors([Diagnostic(
                .error, .layoutSyntax, "unexpected text", in: source, offset: invalid.span.start,
                length: max(1, invalid.span.length))])
        }
        let bytes = source.utf8
        let count = LineLayout.split(source.text).count
        let byLine = LineLayout.group(lexemes, start: { $0.span.start }, lineStarts: source.lineStarts)
        var lines: [FormattedLine] = []
        var open = 0
        for line in 0..<count {
            let items = byLine[line]
            guard let first = items.first else {
                lines.append(.blank)
                continue
            }
            let depth = max(0, open - (text(first, bytes) == "}" ? 1 : 0))
            let visualFormat = isVisualFormat(items, bytes)
            var code = ""
            var comment: String?
            var align: Alignment?
            for (position, lexeme) in items.enumerated() {
                let piece = text(lexeme, bytes)
                if piece == "{" { open += 1 }
                if piece == "}" { open = max(0, open - 1) }
                if lexeme.kind == .comment {
                    if position == 0 { code = LineLayout.trimmingTrailingBlanks(Substring(piece)) } else { comment = LineLayout.trimmingTrailingBlanks(Substring(piece)) }
                    continue
                }
                if position > 0 {
                    code += gap(before: lexeme, after: items[position - 1], bytes: bytes, visualFormat: visualFormat)
                }
                // `let name = …` lines line up their `=`.
                if position == 2, piece == "=", text(items[0], bytes) == "let", !code.hasSuffix("=") {
                    align = Alignment(kind: .definition, offset: code.utf8.count)
                }
                code += piece
            }
            if items.count == 1, first.kind == .comment {
                lines.append(.code(depth: depth, text: "", comment: code))
            } else {
                lines.append(.code(depth: depth, text: code, comment: comment, align: align))
            }
        }
        return lines
    }

    private static func text(_ lexeme: SpecLexeme, _ bytes: [UInt8]) -> String {
        String(decoding: bytes[lexeme.span.start..<lexeme.span.end], as: UTF8.self)
    }

    private static let relations: Set<String> = ["==", ">=", "<="]

    /// The blank between two lexemes on a line.
    private static func gap(before lexeme: SpecLexeme, after previous: SpecLexeme, bytes: [UInt8], visualFormat: Bool) -> String {
        let written = lexeme.span.start > previous.span.end ? " " : ""
        guard !visualFormat, lexeme.kind == .punctuation || previous.kind == .punctuation else { return written }
        let this = text(lexeme, bytes), before = text(previous, bytes)
        if this == "," || this == ";" { return "" }
        if before == "," || before == ";" { return " " }
        if relations.contains(this) || relations.contains(before) { return " " }
        return written
    }

    /// `H:|-[a]-|`, `V:[a]-[b]`, `|-[a]`, `[a]-[b]`: a line of the Visual Format Language.
    private static func isVisualFormat(_ items: [SpecLexeme], _ bytes: [UInt8]) -> Bool {
        guard let first = items.first else { return false }
        let head = text(first, bytes)
        if head == "|" || head == "[" { return true }
        guard head == "H" || head == "V", items.count > 1 else { return false }
        return text(items[1], bytes) == ":"
    }
}
