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
