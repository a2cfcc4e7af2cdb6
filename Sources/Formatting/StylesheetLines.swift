import Diagnostics
import Stylesheet

/// The canonical lines of a `.cas` file. Blanks between tokens matter in `.cas`
/// (`box .a` is not `box.a`, `10 -5` is not `10 - 5`), so a run of blanks becomes
/// one space and touching tokens stay touching; indentation follows the block
/// structure the parser sees, so an indented block stays a block.
enum StylesheetLines {
    static func format(_ source: SourceText) throws(FormattingError) -> [FormattedLine] {
        let outline = StylesheetOutline(path: source.path, text: source.text)
        let errors = syntaxErrors(outline, source: source)
        guard errors.isEmpty else { throw .syntaxErrors(errors) }
        let bytes = source.utf8
        let lexemes = outline.lexemes
        let count = LineLayout.split(source.text).count
        let byLine = LineLayout.group(Array(lexemes.indices), start: { lexemes[$0].range.lowerBound }, lineStarts: source.lineStarts)
        // Lines inside a comment that began on an earlier line stay as written.
        var insideComment = [Bool](repeating: false, count: count)
        for lexeme in lexemes where lexeme.role == .comment {
            let first = source.line(atOffset: lexeme.range.lowerBound) - 1
            let last = source.line(atOffset: max(lexeme.range.lowerBound, lexeme.range.upperBound - 1)) - 1
            if last > first { for line in (first + 1)...min(last, count - 1) { insideComment[line] = true } }
        }
        let nextDepths = commentDepths(outline, byLine: byLine, count: count, bytes: bytes)
        var lines: [FormattedLine] = []
        var previousToken: Int?  // the last token (not comment) before the current line
        for line in 0..<count {
            let text = source.lineText(line + 1)
            let items = byLine[line]
            defer {
                if let last = items.last(where: { lexemes[$0].role != .comment }) { previousToken = last }
            }
            if insideComment[line] {
                lines.append(.verbatim(LineLayout.trimmingTrailingBlanks(Substring(text))))
                continue
            }
            guard let first = items.first else {
                lines.append(text.allSatisfy { $0 == " " || $0 == "\t" } ? .blank : .verbatim(LineLayout.trimmingTrailingBlanks(Substring(text))))
                continue
            }
            // A token after a leading comment takes its column from the comment: keep the line.
            if lexemes[first].role == .comment, items.count > 1 {
                lines.append(.verbatim(LineLayout.trimmingTrailingBlanks(Substring(text))))
                continue
            }
            let lineEnd = line + 1 < source.lineStarts.count ? source.lineStarts[line + 1] - 1 : bytes.count
            var depth = nextDepths[line]
            if let shape = outline.lines[line] {
                depth = shape.depth
                if shape.isContinuation, continuesDeeper(first: lexemes[first], previous: previousToken.map { lexemes[$0] }, bytes: bytes) {
                    depth += 1
                }
            }
            var code = ""
            var comment: String?
            var offsets: [Int] = []  // where each piece starts in `code`
            for (position, item) in items.enumerated() {
                let lexeme = lexemes[item]
                let piece = String(decoding: bytes[lexeme.range.lowerBound..<min(lexeme.range.upperBound, lineEnd)], as: UTF8.self)
                let isTrailingComment = lexeme.role == .comment && position == items.count - 1
                    && lexeme.range.upperBound <= lineEnd
                if isTrailingComment {
                    comment = LineLayout.trimmingTrailingBlanks(Substring(piece))
                    continue
                }
                if position > 0 {
                    let previous = lexemes[items[position - 1]]
                    if lexeme.range.lowerBound > previous.range.upperBound { code += " " }
                }
                offsets.append(code.utf8.count)
                code += piece
            }
            let isStatementStart = outline.lines[line].map { !$0.isContinuation } ?? false
            let align = isStatementStart ? alignment(items.map { lexemes[$0] }, offsets: offsets, bytes: bytes) : nil
            lines.append(.code(depth: depth, text: LineLayout.trimmingTrailingBlanks(Substring(code)), comment: comment, align: align))
        }
        return lines
    }

    /// Errors of the lexer, the block structure and the parser's reading of
    /// statements and selectors: a file with any is not formatted.
    static func syntaxErrors(_ outline: StylesheetOutline, source: SourceText) -> [Diagnostic] {
        if !outline.syntaxErrors.isEmpty { return outline.syntaxErrors }
        return Stylesheet.parse(source.text, path: source.path).diagnostics.filter {
            $0.severity == .error && $0.location.file == source.path && ($0.code == .casSyntax || $0.code == .casSelector)
        }
    }

    /// The `=` of a variable definition, or the `{` of a rule written on one line
    /// (`#top { text "top" }`), when a blank is before it.
    private static func alignment(_ items: [StylesheetOutline.Lexeme], offsets: [Int], bytes: [UInt8]) -> Alignment? {
        let code = items.filter { $0.role != .comment }
        guard code.count >= 2, offsets.count >= code.count else { return nil }
        func text(_ lexeme: StylesheetOutline.Lexeme) -> String {
            String(decoding: bytes[lexeme.range], as: UTF8.self)
        }
        func spaced(_ index: Int) -> Bool { code[index].range.lowerBound > code[index - 1].range.upperBound }
        if code[0].role == .variable, code[0].isDeclaration, text(code[1]) == "=", spaced(1) {
            return Alignment(kind: .definition, offset: offsets[1])
        }
        let selectorRoles: Set<StylesheetOutline.Role> = [.kind, .styleClass, .viewID, .operator]
        guard selectorRoles.contains(code[0].role), text(code[code.count - 1]) == "}",
            let brace = code.firstIndex(where: { text($0) == "{" }), brace > 0, spaced(brace)
        else { return nil }
        return Alignment(kind: .oneLineRule, offset: offsets[brace])
    }

    /// A continued statement's line is indented one step more, except a line that
    /// goes on a comma-separated list (a selector group one per line) or closes a bracket.
    private static func continuesDeeper(
        first: StylesheetOutline.Lexeme, previous: StylesheetOutline.Lexeme?, bytes: [UInt8]
    ) -> Bool {
        let firstByte = bytes[first.range.lowerBound]
        if firstByte == UInt8(ascii: ",") || firstByte == UInt8(ascii: ")") || firstByte == UInt8(ascii: "]") { return false }
        if let previous, bytes[previous.range.lowerBound] == UInt8(ascii: ","), previous.range.count == 1 { return false }
        return true
    }

    /// For a line holding only a comment: the depth of the next line with a token
    /// (one more when that line closes a block with `}`), 0 at the end of the file.
    private static func commentDepths(
        _ outline: StylesheetOutline, byLine: [[Int]], count: Int, bytes: [UInt8]
    ) -> [Int] {
        var depths = [Int](repeating: 0, count: count)
        var next = 0
        for line in stride(from: count - 1, through: 0, by: -1) {
            if let shape = outline.lines[line] {
                let startsWithBrace = byLine[line].first.map { bytes[outline.lexemes[$0].range.lowerBound] == UInt8(ascii: "}") } ?? false
                next = shape.depth + (startsWithBrace ? 1 : 0)
            }
            depths[line] = next
        }
        return depths
    }
}
