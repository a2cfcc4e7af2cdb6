import TextMetrics

/// A place in multi-line text: the line, and the column counted in characters
/// (grapheme clusters) from the start of the line, both from 0.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 0.
    public var line: Int
    /// The character within the line, from 0 (the line's length is after its last character).
    public var column: Int

    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Earlier lines first, then earlier columns.
    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `line:column`, both from 0.
    public var description: String { "\(line):\(column)" }
}

/// Lines of text and a cursor, with undo and redo: the editing that `TextArea`
/// does, kept apart from drawing. Each line is an `EditableLine`, the value type
/// `TextField` edits through, so both count characters (grapheme clusters) the
/// same way: a typed combining mark joins the character before it, a wide
/// character is one position, and the cursor is always on a boundary.
///
/// Every operation keeps at least one line, `0 <= cursor.line < lineCount` and
/// `0 <= cursor.column <= ` the cursor line's count; none of them traps.
/// Undo steps are whole edits (consecutive typing on one line is one step).
///
/// ```swift
/// var text = EditableText("ab")
/// text.insertNewline()          // "ab\n", cursor 1:0
/// text.insert("c")              // "ab\nc"
/// text.undo()                   // "ab\n"
/// ```
public struct EditableText: Equatable, Sendable {
    /// The lines; never empty.
    private(set) var lines: [EditableLine]
    /// The cursor's line; the column is the cursor of `lines[cursorLine]`.
    private var cursorLine = 0
    /// The column up and down try to keep, in cells (nil: the cursor's own).
    private var goalCell: Int?
    private var undoStack: [TextEdit] = []
    private var redoStack: [TextEdit] = []
    /// Counts changes to the text (edits, undo, redo); the cursor's moves leave it.
    public private(set) var revision = 0
    /// The most undo steps kept.
    public static let undoLimit = 1_000

    /// Text with the cursor at its start.
    public init(_ text: String = "") {
        lines = LineStore.split(text).map { EditableLine($0, cursor: 0) }
        if lines.isEmpty { lines = [EditableLine()] }
    }

    /// The whole text, lines joined with `\n`: one pass into a string of the
    /// right size (`onChange` asks for it after every key).
    public var text: String {
        var result = ""
        result.reserveCapacity(lines.reduce(lines.count - 1) { $0 + $1.text.utf8.count })
        for index in lines.indices {
            if index > 0 { result.append("\n") }
            result.append(lines[index].text)
        }
        return result
    }
    /// The number of lines (at least 1).
    public var lineCount: Int { lines.count }
    /// The text of line `index` ("" outside the text).
    public func line(_ index: Int) -> String { lines.indices.contains(index) ? lines[index].text : "" }
    /// The number of characters in line `index` (0 outside the text).
    public func count(ofLine index: Int) -> Int { lines.indices.contains(index) ? lines[index].count : 0 }

    /// The cursor.
    public var cursor: TextPosition { TextPosition(line: cursorLine, column: lines[cursorLine].cursor) }
    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Moving

    /// Moves the cursor to `position`, clamped into the text.
    public mutating func moveCursor(to position: TextPosition) {
        cursorLine = min(max(0, position.line), lines.count - 1)
        lines[cursorLine].moveCursor(to: position.column)
        goalCell = nil
    }

    /// One character left, to the end of the line above at a line's start.
    public mutating func moveLeft() {
        let at = cursor
        if at.column > 0 { moveCursor(to: TextPosition(line: at.line, column: at.column - 1)) }
        else if at.line > 0 { moveCursor(to: TextPosition(line: at.line - 1, column: lines[at.line - 1].count)) }
    }

    /// One character right, to the start of the next line at a line's end.
    public mutating func moveRight() {
        let at = cursor
        if at.column < lines[at.line].count { moveCursor(to: TextPosition(line: at.line, column: at.column + 1)) }
        else if at.line < lines.count - 1 { moveCursor(to: TextPosition(line: at.line + 1, column: 0)) }
    }

    /// `rows` lines down (negative: up), keeping the column in cells the moves
    /// started from (a wide character is entered at its first cell).
    public mutating func moveVertically(by rows: Int) {
        let goal = goalCell ?? cellColumn(of: cursor)
        let target = min(max(0, cursorLine + rows), lines.count - 1)
        if target == cursorLine {
            // At the first or last line: to its start or end, as editors do.
            moveCursor(to: TextPosition(line: target, column: rows < 0 ? 0 : lines[target].count))
        } else {
            moveCursor(to: TextPosition(line: target, column: Self.column(atCell: goal, in: lines[target].text)))
        }
        goalCell = goal
    }

    /// Moves the cursor to the start of its line.
    public mutating func moveToLineStart() { moveCursor(to: TextPosition(line: cursorLine, column: 0)) }
    /// Moves the cursor to the end of its line.
    public mutating func moveToLineEnd() { moveCursor(to: TextPosition(line: cursorLine, column: lines[cursorLine].count)) }

    /// The cell where a position's character starts on its line.
    public func cellColumn(of position: TextPosition) -> Int {
        let line = lines[min(max(0, position.line), lines.count - 1)]
        return cellWidth(of: line.text[..<line.index(ofCharacter: position.column)])
    }

    /// The character whose cells include `cell` (the line's end past it).
    static func column(atCell cell: Int, in text: String) -> Int {
        var used = 0
        var index = 0
        for character in text {
            let width = cellWidth(of: character)
            if cell < used + width { return cell - used < (width + 1) / 2 || width == 1 ? index : index + 1 }
            used += width
            index += 1
        }
        return index
    }

    // MARK: Editing

    /// Inserts text at the cursor (line breaks in it split the line) and puts
    /// the cursor after it.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        let parts = LineStore.split(string)
        if parts.count == 1 {
            // Typing joins the step before it; a space starts a step of its own (undo by words).
            let typing = !string.contains(where: \.isWhitespace)
            edit(lines: cursorLine..<cursorLine + 1, typing: typing) { text in text.lines[text.cursorLine].insert(string) }
            return
        }
        edit(lines: cursorLine..<cursorLine + 1, typing: false) { text in
            var first = text.lines[text.cursorLine]
            let tail = first.split()
            first.insert(parts[0])
            var added = parts.dropFirst().map { EditableLine($0) }
            let lastCount = added[added.count - 1].count
            added[added.count - 1].insert(tail)
            added[added.count - 1].moveCursor(to: lastCount)
            text.lines.replaceSubrange(text.cursorLine..<text.cursorLine + 1, with: [first] + added)
            text.cursorLine += added.count
        }
    }

    /// Inserts one character (a line break splits the line).
    public mutating func insert(_ character: Character) {
        character.isNewline ? insertNewline() : insert(String(character))
    }

    /// Enter: splits the line at the cursor; the cursor goes to the start of the new line.
    public mutating func insertNewline() {
        edit(lines: cursorLine..<cursorLine + 1, typing: false) { text in
            let tail = text.lines[text.cursorLine].split()
            text.lines.insert(EditableLine(tail, cursor: 0), at: text.cursorLine + 1)
            text.cursorLine += 1
        }
    }

    /// Backspace: erases the character before the cursor, or joins the line to
    /// the one above at a line's start. Returns false when nothing changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if lines[cursorLine].cursor > 0 {
            edit(lines: cursorLine..<cursorLine + 1, typing: false) { text in
                text.lines[text.cursorLine].deleteBackward()
            }
            return true
        }
        guard cursorLine > 0 else { return false }
        edit(lines: cursorLine - 1..<cursorLine + 1, typing: false) { text in
            text.cursorLine -= 1
            text.joinLine(text.cursorLine)
        }
        return true
    }

    /// Delete: erases the character after the cursor, or joins the next line at
    /// a line's end. Returns false when nothing changed.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        if lines[cursorLine].cursor < lines[cursorLine].count {
            edit(lines: cursorLine..<cursorLine + 1, typing: false) { text in
                text.lines[text.cursorLine].deleteForward()
            }
            return true
        }
        guard cursorLine < lines.count - 1 else { return false }
        edit(lines: cursorLine..<cursorLine + 2, typing: false) { text in text.joinLine(text.cursorLine) }
        return true
    }

    /// Replaces the whole text (one undo step); the cursor keeps its place, clamped.
    public mutating func replaceText(with newText: String) {
        guard newText != text else { return }
        let at = cursor
        edit(lines: 0..<lines.count, typing: false) { text in
            text.lines = LineStore.split(newText).map { EditableLine($0) }
            if text.lines.isEmpty { text.lines = [EditableLine()] }
            text.moveCursor(to: at)
        }
    }

    /// Joins line `index + 1` onto line `index`, the cursor at the join.
    private mutating func joinLine(_ index: Int) {
        let joinedAt = lines[index].count
        var joined = EditableLine(lines[index].text + lines[index + 1].text)
        // The two texts may merge into one character at the join (a mark at the
        // start of the second): the cursor then goes after the merged character.
        joined.moveCursor(to: min(joinedAt, joined.count))
        lines.replaceSubrange(index..<index + 2, with: [joined])
        cursorLine = index
    }

    /// Undoes the last edit; returns false when there was none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let edit = undoStack.popLast() else { return false }
        lines.replaceSubrange(edit.first..<edit.first + edit.after.count, with: edit.before.map { EditableLine($0) })
        moveCursor(to: edit.cursorBefore)
        revision += 1
        redoStack.append(edit)
        return true
    }

    /// Redoes the last edit undone; returns false when there was none.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let edit = redoStack.popLast() else { return false }
        lines.replaceSubrange(edit.first..<edit.first + edit.before.count, with: edit.after.map { EditableLine($0) })
        moveCursor(to: edit.cursorAfter)
        revision += 1
        undoStack.append(edit)
        return true
    }

    /// Runs one edit touching `range` of the lines (it may change how many
    /// there are) and records it as an undo step: the lines' texts before and
    /// after. Typing that continues the last step on the same line joins it.
    private mutating func edit(lines range: Range<Int>, typing: Bool, _ change: (inout EditableText) -> Void) {
        let before = lines[range].map(\.text)
        let cursorBefore = cursor
        let countBefore = lines.count
        change(&self)
        goalCell = nil
        let changedCount = range.count + lines.count - countBefore
        let after = lines[range.lowerBound..<range.lowerBound + changedCount].map(\.text)
        guard before != after else { return }
        revision += 1
        redoStack.removeAll()
        if typing, var last = undoStack.last, last.isTyping, last.first == range.lowerBound,
           last.after.count == 1, range.count == 1, last.cursorAfter == cursorBefore {
            last.after = after
            last.cursorAfter = cursor
            undoStack[undoStack.count - 1] = last
            return
        }
        undoStack.append(TextEdit(first: range.lowerBound, before: before, after: after,
                                  cursorBefore: cursorBefore, cursorAfter: cursor, isTyping: typing))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
    }
}

/// One undo step: lines from `first` had the texts `before` and now have `after`.
struct TextEdit: Equatable, Sendable {
    var first: Int
    var before: [String]
    var after: [String]
    var cursorBefore: TextPosition
    var cursorAfter: TextPosition
    var isTyping: Bool
}
