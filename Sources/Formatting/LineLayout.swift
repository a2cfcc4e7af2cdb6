import TextMetrics

/// One input line as a language's formatter leaves it, before blank lines and
/// trailing comments are settled across lines.
enum FormattedLine: Equatable {
    /// A line with nothing on it.
    case blank
    /// A line kept as written (inside a multi-line comment), trailing blanks removed.
    case verbatim(String)
    /// Code at a block depth: its text without indentation, and a trailing comment
    /// (for a line that is only a comment, `text` is empty).
    case code(depth: Int, text: String, comment: String?, align: Alignment? = nil)
}

/// A point in a line that lines up with the same point of its neighbours: the `=`
/// of variable definitions and `let`s, the `{` of one-line rules.
struct Alignment: Equatable {
    /// What is aligned; only lines of one kind line up.
    enum Kind: Equatable { case definition, oneLineRule }

    var kind: Kind
    /// Where the aligned token starts in the line's text, in UTF-8 bytes (a blank is before it).
    var offset: Int
}

/// What both languages share: indentation, blank lines, trailing comments.
enum LineLayout {
    /// Two spaces per block.
    static let indentUnit = "  "
    /// The least room between code and the comment after it.
    static let commentGap = 2

    /// The input's lines (the text after the last newline is a line only when not empty).
    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// Each input line's final text, or nil where a surplus blank line goes: blank
    /// lines at either end and all but the first of a run. Trailing comments of
    /// neighbouring code lines share one column, `commentGap` past the longest code.
    static func finish(_ given: [FormattedLine]) -> [String?] {
        let lines = aligned(given)
        var result = [String?](repeating: nil, count: lines.count)
        guard let first = lines.firstIndex(where: { $0 != .blank }),
            let last = lines.lastIndex(where: { $0 != .blank })
        else { return result }
        var index = first
        while index <= last {
            switch lines[index] {
            case .blank:
                if lines[index - 1] != .blank { result[index] = "" }
                index += 1
            case .verbatim(let text):
                result[index] = text
                index += 1
            case .code(let depth, let text, let comment, _):
                guard comment != nil, !text.isEmpty else {
                    let indentation = String(repeating: indentUnit, count: depth)
                    result[index] = text.isEmpty ? indentation + (comment ?? "") : indentation + text
                    index += 1
                    continue
                }
                // A run of code lines with trailing comments: one column for the comments.
                var end = index
                while end + 1 <= last, case .code(_, let next, let nextComment, _) = lines[end + 1], !next.isEmpty,
                    nextComment != nil
                {
                    end += 1
                }
                var codes: [(code: String, comment: String)] = []
                for line in index...end {
                    guard case .code(let depth, let text, let comment?, _) = lines[line] else { continue }
                    codes.append((String(repeating: indentUnit, count: depth) + text, comment))
                }
                let column = codes.map { cellWidth(of: $0.code) }.max()! + commentGap
                for (offset, entry) in codes.enumerated() {
                    let padding = String(repeating: " ", count: column - cellWidth(of: entry.code))
                    result[index + offset] = entry.code + padding + entry.comment
                }
                index = end + 1
            }
        }
        return result
    }

    /// Lines whose alignment points line up with their neighbours' (same kind,
    /// same depth, no line between them without one) padded so the points share
    /// a column, one blank past the longest text before a point.
    static func aligned(_ lines: [FormattedLine]) -> [FormattedLine] {
        var result = lines
        var index = 0
        while index < lines.count {
            guard case .code(let depth, _, _, let align?) = lines[index] else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < lines.count, case .code(depth, _, _, let next?) = lines[end + 1], next.kind == align.kind {
                end += 1
            }
            if end > index {
                var heads: [(head: String, tail: String)] = []
                for line in index...end {
                    guard case .code(_, let text, _, let point?) = lines[line] else { continue }
                    let bytes = Array(text.utf8)
                    let head = String(decoding: bytes[..<point.offset], as: UTF8.self)
                    heads.append((LineLayout.trimmingTrailingBlanks(Substring(head)), String(decoding: bytes[point.offset...], as: UTF8.self)))
                }
                let column = heads.map { cellWidth(of: $0.head) }.max()! + 1
                for (offset, entry) in heads.enumerated() {
                    guard case .code(let depth, _, let comment, _) = lines[index + offset] else { continue }
                    let padding = String(repeating: " ", count: column - cellWidth(of: entry.head))
                    result[index + offset] = .code(depth: depth, text: entry.head + padding + entry.tail, comment: comment)
                }
            }
            index = end + 1
        }
        return result
    }

    /// The line's text with trailing spaces and tabs removed.
    static func trimmingTrailingBlanks(_ text: Substring) -> String {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == " " || text[before] == "\t" else { break }
            end = before
        }
        return String(text[..<end])
    }

    /// The lexemes starting on each line, by 0-based line, for lexemes in source order.
    static func group<Item>(_ items: [Item], start: (Item) -> Int, lineStarts: [Int]) -> [[Item]] {
        var lines = [[Item]](repeating: [], count: lineStarts.count)
        var line = 0
        for item in items {
            let offset = start(item)
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
            lines[line].append(item)
        }
        return lines
    }
}
