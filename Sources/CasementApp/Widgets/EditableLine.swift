/// One line of text and a cursor between its characters: the editing that
/// `TextField` does, kept apart from drawing so a multi-line editor can share it.
///
/// Positions count `Character`s (grapheme clusters), as a person sees them: `é`
/// written as `e` + U+0301 is one, so is a flag made of two regional indicators.
/// Keys arrive one code point at a time, so a typed combining mark or the second
/// half of a flag merges into the character before it; the cursor then stays just
/// after the merged character instead of counting the mark as one more. Every
/// operation keeps `0 <= cursor <= count`; none of them traps.
///
/// ```swift
/// var line = EditableLine("ab")
/// line.deleteBackward()          // "a", cursor 1
/// line.insert("e\u{301}")        // "aé", cursor 2
/// ```
public struct EditableLine: Equatable, Sendable {
    /// The text of the line.
    public private(set) var text: String
    /// The cursor, in characters from the start (`0...count`).
    public private(set) var cursor: Int
    /// The number of characters (grapheme clusters) in the line.
    public private(set) var count: Int

    /// A line holding `text`, with the cursor at its end unless `cursor` says where.
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        count = text.count
        self.cursor = min(max(0, cursor ?? count), count)
    }

    /// Replaces the whole text; the cursor keeps its place, moved back onto the
    /// text when the text got shorter.
    public mutating func replaceText(with newText: String) {
        text = newText
        count = newText.count
        cursor = min(cursor, count)
    }

    /// Moves the cursor to `position`, clamped to `0...count`.
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), count)
    }

    /// Inserts `string` at the cursor and puts the cursor after it. When the
    /// first code points of `string` join the character before the cursor (a
    /// combining mark, a flag's second half), the cursor ends after that
    /// character; it is always on a character boundary.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        let at = index(ofCharacter: cursor)
        let insertionEnd = text.utf8.distance(from: text.startIndex, to: at) + string.utf8.count
        text.insert(contentsOf: string, at: at)
        count = text.count
        cursor = characters(startingBefore: insertionEnd)
    }

    /// Inserts one character at the cursor (see `insert(_:)` for merging).
    public mutating func insert(_ character: Character) {
        insert(String(character))
    }

    /// Erases the character before the cursor (Backspace). Returns false when the
    /// cursor was at the start and nothing changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        let end = index(ofCharacter: cursor)
        let start = text.index(before: end)
        let cursorOffset = text.utf8.distance(from: text.startIndex, to: start)
        text.removeSubrange(start..<end)
        settle(afterRemovalAt: cursorOffset)
        return true
    }

    /// Erases the character after the cursor (Delete). Returns false when the
    /// cursor was at the end and nothing changed.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < count else { return false }
        let start = index(ofCharacter: cursor)
        let cursorOffset = text.utf8.distance(from: text.startIndex, to: start)
        text.remove(at: start)
        settle(afterRemovalAt: cursorOffset)
        return true
    }

    /// Erases everything; the cursor goes to 0.
    public mutating func removeAll() {
        text = ""
        count = 0
        cursor = 0
    }

    /// Cuts the line at the cursor (Enter in a multi-line editor): this line keeps
    /// what was before the cursor, with the cursor at its end, and the rest is returned.
    public mutating func split() -> String {
        let at = index(ofCharacter: cursor)
        let tail = String(text[at...])
        text.removeSubrange(at...)
        count = text.count
        cursor = count
        return tail
    }

    /// The string index where the character at `position` starts (`endIndex` for `count`).
    public func index(ofCharacter position: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, position), count))
    }

    /// After a character went its neighbours can become one character (the two
    /// halves of a flag around a removed letter): the count and the cursor are
    /// read from the text again, the cursor at the first boundary from where it was.
    private mutating func settle(afterRemovalAt cursorOffset: Int) {
        count = text.count
        cursor = characters(startingBefore: cursorOffset)
    }

    /// How many characters start before UTF-8 offset `offset`: the cursor that
    /// lands on the first boundary at or after that offset.
    private func characters(startingBefore offset: Int) -> Int {
        let limit = text.utf8.index(text.startIndex, offsetBy: min(offset, text.utf8.count))
        var index = text.startIndex
        var characters = 0
        while index < limit {
            text.formIndex(after: &index)
            characters += 1
        }
        return characters
    }
}
