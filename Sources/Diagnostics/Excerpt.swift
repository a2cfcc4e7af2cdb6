/// The part of a source line a diagnostic shows: a window around the reported
/// column, cut with `…` marks on a long line, with control characters escaped
/// (see `PrintableText`). Cutting it costs the window, not the line, so a
/// thousand reports on a megabyte-long line stay cheap.
public struct Excerpt: Hashable, Sendable {
    /// Characters shown before the reported column, at most.
    public static let charactersBefore = 60
    /// Characters shown from the reported column on, at most.
    public static let charactersAfter = 100

    /// The shown text (escaped, with `…` where the line was cut).
    public var text: String
    /// The 1-based character column in `text` the caret goes under.
    public var caretColumn: Int
    /// How many characters of `text` the caret underlines (at least one).
    public var length: Int
}

extension SourceText {
    /// The excerpt of the line holding `offset`, with the caret at `offset`
    /// underlining `length` characters (cut to the window).
    public func excerpt(atOffset offset: Int, length: Int) -> Excerpt {
        let clamped = max(0, min(offset, utf8.count))
        let line = line(atOffset: clamped)
        let lineStart = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
        let caret = min(max(clamped, lineStart), max(lineStart, lineEnd))
        // A character takes at most 4 bytes; a little slack covers combining marks.
        var low = max(lineStart, caret - 4 * Excerpt.charactersBefore - 16)
        while low < caret, low > lineStart, utf8[low] & 0xC0 == 0x80 { low += 1 }
        var high = min(lineEnd, caret + 4 * Excerpt.charactersAfter + 16)
        while high > caret, high < lineEnd, utf8[high] & 0xC0 == 0x80 { high -= 1 }
        let head = String(decoding: utf8[low..<caret], as: UTF8.self)
        let tail = String(decoding: utf8[caret..<high], as: UTF8.self)
        let shownHead = head.suffix(Excerpt.charactersBefore)
        let shownTail = tail.prefix(Excerpt.charactersAfter)
        let cutStart = low > lineStart || shownHead.startIndex != head.startIndex
        let cutEnd = high < lineEnd || shownTail.endIndex != tail.endIndex
        let escapedHead = (cutStart ? "…" : "") + PrintableText.escaped(shownHead)
        let underlined = PrintableText.escaped(shownTail.prefix(max(1, length)))
        let escapedTail = PrintableText.escaped(shownTail) + (cutEnd ? "…" : "")
        return Excerpt(
            text: escapedHead + escapedTail, caretColumn: escapedHead.count + 1, length: max(1, underlined.count))
    }
}

extension SourceText {
    /// The excerpts `SourceText(path:text:)` of `text` gives at `locations`
    /// (each with the number of characters it underlines), in their order,
    /// made from each location's line alone. A caller with a large text and
    /// a few places in it need not copy and index the whole of it: the
    /// engine's warnings on a big spec, whose parsed source is let go after
    /// a one-frame load, did so at the peak of the 10,000-view JSON render
    /// (1.5 MB). A location before the first line or past the last is shown
    /// at the end of the text, as `offset(of:)` places it.
    public static func excerpts(in text: String, at locations: [(location: SourceLocation, length: Int)]) -> [Excerpt] {
        // One pass down the text: by line, then column; out-of-range lines
        // (the text's end) last. Locations on one line share its copy and
        // count its characters once, so many reports on a long line stay cheap.
        func key(_ i: Int) -> Int { locations[i].location.line >= 1 ? locations[i].location.line : Int.max }
        var result = [Excerpt?](repeating: nil, count: locations.count)
        var cursor = LineCursor(text)
        var shown: (key: Int, source: SourceText, found: Bool, lineNumber: Int)?
        var known: (offset: Int, location: SourceLocation)?
        let order = locations.indices.sorted {
            (key($0), locations[$0].location.column) < (key($1), locations[$1].location.column)
        }
        for i in order {
            let (location, length) = locations[i]
            if shown?.key != key(i) {
                let (lineText, found) = cursor.line(key(i))
                // Below the first line the text stays one line down, so that a
                // byte-order mark there is read as text, as the whole text reads it.
                let first = cursor.number == 1
                let source = SourceText(path: location.file, text: first ? lineText : "\n" + lineText)
                shown = (key(i), source, found, first ? 1 : 2)
                known = nil
            }
            guard let line = shown else { continue }
            var offset = line.source.utf8.count
            if line.found {
                let spot = SourceLocation(file: location.file, line: line.lineNumber, column: location.column)
                offset = line.source.offset(of: spot, after: known)
                known = (offset, spot)
            }
            result[i] = line.source.excerpt(atOffset: offset, length: length)
        }
        return result.map { $0! }
    }
}

/// Walks a text's lines forward, ending them where `SourceText` does (LF,
/// CRLF or a lone CR), without copying more than the line asked for.
private struct LineCursor {
    let text: String
    /// Where the current line starts, and its number.
    var start: String.Index
    var number = 1

    init(_ text: String) {
        self.text = text
        start = text.utf8.startIndex
    }

    /// The text of 1-based line `target` (not before the current one), and
    /// true; the last line and false when the text has fewer lines.
    mutating func line(_ target: Int) -> (text: String, found: Bool) {
        let bytes = text.utf8
        while number < target {
            let end = lineEnd(from: start)
            guard end != bytes.endIndex else { return (String(text[start..<end]), false) }
            var next = bytes.index(after: end)
            if bytes[end] == 13, next != bytes.endIndex, bytes[next] == 10 { next = bytes.index(after: next) }
            start = next
            number += 1
        }
        return (String(text[start..<lineEnd(from: start)]), true)
    }

    /// The index of the line end (LF or CR) at or after `index`, or the text's end.
    private func lineEnd(from index: String.Index) -> String.Index {
        let bytes = text.utf8
        var i = index
        while i != bytes.endIndex, bytes[i] != 10, bytes[i] != 13 { bytes.formIndex(after: &i) }
        return i
    }
}
