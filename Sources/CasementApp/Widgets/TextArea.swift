import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A multi-line text editor. Typing inserts at the cursor; Enter splits the
/// line; Backspace and Delete erase, joining lines at their ends; ← → ↑ ↓ Home
/// End PgUp PgDn move (up and down keep the column); Ctrl-Z undoes and Ctrl-Y
/// redoes (the runtime turns the terminal's suspend key off so Ctrl-Z arrives;
/// Ctrl-C stays quit); a click places the cursor, the wheel scrolls. Tab is left
/// to focus. Lines do not wrap: the view scrolls sideways to keep the cursor
/// shown, and a wide character is never cut. Editing goes through
/// `EditableText`, which shares `TextField`'s `EditableLine`, so positions count
/// characters (grapheme clusters) in both.
///
/// `.cas`: the box (`.textarea[state:focused]`, `color`, `background`); the
/// cursor is a reversed cell while focused; the line the cursor is on is the
/// style view `#<id>-line` (class `line`, state `selected`, plus `focused`):
/// `.line[state:focused] { background-color #202020 }`; the scroll bar is
/// `#<id>-scrollbar` (class `scrollbar`). Class `textarea`. It fills the room it
/// is given.
@MainActor
public final class TextArea: Widget {
    /// The text and the cursor, with undo; every edit goes through it.
    public private(set) var editor: EditableText
    /// Called with the whole text after every edit (not on cursor moves).
    public var onChange: ((String) -> Void)?
    /// The first line and the first cell shown.
    public private(set) var scrollOffset = 0
    private(set) var horizontalOffset = 0
    private var rows = 0
    private var lineStyle: View?
    private var barStyle: View?

    /// An editor holding `text`, the cursor at its start; the call site locates its view in diagnostics.
    public init(text: String = "", id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        editor = EditableText(text)
        super.init(id: id, widgetClass: "textarea", classes: classes, file: file, line: line, column: column)
        lineStyle = addStyleView(id: "line", classes: ["line"])
        barStyle = addStyleView(id: "scrollbar", classes: ["scrollbar"])
    }

    /// The whole text. Setting it is one undo step; the cursor keeps its place, clamped.
    public var text: String {
        get { editor.text }
        set {
            editor.replaceText(with: newValue)
            setNeedsDisplay()
        }
    }

    /// The cursor (line and column in characters, from 0); setting it clamps it into the text.
    public var cursor: TextPosition {
        get { editor.cursor }
        set {
            editor.moveCursor(to: newValue)
            setNeedsDisplay()
        }
    }

    /// Lines in the text (at least 1).
    public var lineCount: Int { editor.lineCount }

    /// Undoes the last edit (Ctrl-Z).
    public func undo() { change { $0.undo() } }
    /// Redoes the last edit undone (Ctrl-Y).
    public func redo() { change { $0.redo() } }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    public override func handle(_ event: Event) -> Bool {
        switch event {
        case .key(let key): return handle(key)
        case .click(let x, let y):
            guard y >= 0, x >= 0 else { return false }
            let line = scrollOffset + y
            editor.moveCursor(to: TextPosition(
                line: line, column: EditableText.column(atCell: horizontalOffset + x, in: editor.line(line))))
            setNeedsDisplay()
            return true
        case .scrollUp, .scrollDown:
            scrollOffset = min(max(0, scrollOffset + (event == .scrollUp ? -3 : 3)), max(0, editor.lineCount - rows))
            setNeedsDisplay()
            return true
        }
    }

    private func handle(_ key: Key) -> Bool {
        let page = max(1, rows - 1)
        switch key {
        case .character(let character): change { $0.insert(character) }
        case .enter: change { $0.insertNewline() }
        case .backspace: change { $0.deleteBackward() }
        case .delete: change { $0.deleteForward() }
        case .control("z"): undo()
        case .control("y"): redo()
        case .left: move { $0.moveLeft() }
        case .right: move { $0.moveRight() }
        case .up: move { $0.moveVertically(by: -1) }
        case .down: move { $0.moveVertically(by: 1) }
        case .pageUp: move { $0.moveVertically(by: -page) }
        case .pageDown: move { $0.moveVertically(by: page) }
        case .home, .control("a"): move { $0.moveToLineStart() }
        case .end, .control("e"): move { $0.moveToLineEnd() }
        default: return false
        }
        return true
    }

    private func move(_ motion: (inout EditableText) -> Void) {
        motion(&editor)
        keepCursorShown()
        setNeedsDisplay()
    }

    /// An edit; `onChange` hears of it when the text changed.
    private func change(_ edit: (inout EditableText) -> Void) {
        let before = editor.revision
        edit(&editor)
        keepCursorShown()
        setNeedsDisplay()
        guard let onChange, editor.revision != before else { return }
        onChange(editor.text)
    }

    private func keepCursorShown() {
        let line = editor.cursor.line
        if line < scrollOffset { scrollOffset = line }
        if rows > 0, line >= scrollOffset + rows { scrollOffset = line - rows + 1 }
    }

    /// What the cursor's cell shows: the character under the cursor; for one of no
    /// width (a lone combining mark, U+200B), the next one that takes a cell, as
    /// the cell is drawn; a space at the end of the line.
    private func cursorCharacter(at cursor: TextPosition) -> Character {
        let line = editor.line(cursor.line)
        guard cursor.column < editor.count(ofLine: cursor.line) else { return " " }
        let rest = line[line.index(line.startIndex, offsetBy: cursor.column)...]
        return rest.first { cellWidth(of: $0) > 0 } ?? " "
    }

    public override func draw(in canvas: inout ContentCanvas) {
        // A new height (a resize, the first frame) brings the cursor into view;
        // otherwise the view stays where the keys or the wheel left it.
        if rows != canvas.height {
            rows = canvas.height
            keepCursorShown()
        }
        scrollOffset = min(scrollOffset, max(0, editor.lineCount - rows))
        let bar = ScrollBar(total: editor.lineCount, visible: rows, offset: scrollOffset)
        let width = bar.isNeeded && canvas.width > 1 ? canvas.width - 1 : canvas.width
        // Sideways: the cursor's cell (and one past it) stays inside.
        let cursor = editor.cursor
        let cursorCell = editor.cellColumn(of: cursor)
        let shown = cursorCharacter(at: cursor)
        // At least the one cell the cursor is drawn in; at most the text's width.
        let cursorWidth = min(max(1, cellWidth(of: shown)), max(1, width))
        if cursorCell < horizontalOffset { horizontalOffset = cursorCell }
        if cursorCell + cursorWidth > horizontalOffset + width { horizontalOffset = cursorCell + cursorWidth - width }
        let currentLook = lineStyle.flatMap(style(of:)).map(CellStyle.init)
        for row in 0..<rows {
            let index = scrollOffset + row
            guard index < editor.lineCount else { break }
            var look: CellStyle?
            if index == cursor.line, let currentLook, !currentLook.isPlain {
                look = currentLook
                canvas.fill(y: row, width: width, style: currentLook)
            }
            ScrolledText.write(editor.line(index), row: row, from: horizontalOffset, width: width, in: &canvas, style: look)
        }
        if isFocused, cursor.line >= scrollOffset, cursor.line < scrollOffset + rows {
            var look = currentLook.flatMap { $0.isPlain ? nil : $0 } ?? canvas.textStyle
            look.attributes.insert(.reverse)
            let x = cursorCell - horizontalOffset
            // A character wider than the room left is one reversed cell.
            let fits = x + cellWidth(of: shown) <= width
            canvas.write(fits ? String(shown) : " ", x: x, y: cursor.line - scrollOffset, style: look)
        }
        if bar.isNeeded, canvas.width > 1 {
            ScrollBar.drawVertical(bar, x: canvas.width - 1, length: rows, in: &canvas,
                                   look: scrollBarLook(barStyle, fallback: canvas.textStyle))
        }
    }
}
