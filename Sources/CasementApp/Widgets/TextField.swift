import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A one-line text input. Typing inserts at the cursor; ← → Home End move it
/// (Ctrl-A, Ctrl-E too), Backspace and Delete erase, Ctrl-U clears; Enter calls
/// `onSubmit`. The text scrolls sideways to keep the cursor shown; wide
/// characters (CJK, emoji) take two cells and are never cut in half.
///
/// `.cas`: the box; `color` for the text; the cursor is drawn reversed while the
/// field has focus. Class `textfield`. Intrinsic height 1.
@MainActor
public final class TextField: Widget {
    /// The text typed so far. Setting it keeps the cursor where it was, moved
    /// back onto the text when the text got shorter.
    public var text: String {
        get { editor.text }
        set {
            guard newValue != editor.text else { return }
            editor.replaceText(with: newValue)
            setNeedsDisplay()
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// The cursor, in characters (grapheme clusters) from the start (0...text.count).
    public var cursor: Int { editor.cursor }
    /// The text and the cursor; every edit goes through it.
    private var editor: EditableLine
    /// Called with the new text after every edit (not on Enter: see `onSubmit`).
    public var onChange: ((String) -> Void)?
    /// Called with the text when Enter is pressed.
    public var onSubmit: ((String) -> Void)?
    /// The first cell shown (the field scrolls sideways).
    private(set) var scroll = 0

    /// A field holding `text` with the cursor at its end; `placeholder` shows while it is empty.
    public init(text: String = "", placeholder: String = "", id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        editor = EditableLine(text)
        self.placeholder = placeholder
        super.init(id: id, widgetClass: "textfield", classes: classes, file: file, line: line, column: column)
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }

    /// Moves the cursor (clamped to the text).
    public func moveCursor(to position: Int) {
        editor.moveCursor(to: position)
        setNeedsDisplay()
    }

    public override func handle(_ event: Event) -> Bool {
        guard case .key(let key) = event else {
            if case .click(let x, _) = event { moveCursor(to: position(atCell: x + scroll)); return true }
            return false
        }
        switch key {
        case .character(let character) where !character.isNewline:
            edit { $0.insert(character) }
        case .backspace:
            edit { $0.deleteBackward() }
        case .delete:
            edit { $0.deleteForward() }
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case .home, .control("a"): moveCursor(to: 0)
        case .end, .control("e"): moveCursor(to: editor.count)
        case .control("u"):
            edit { $0.removeAll() }
        case .enter: onSubmit?(text)
        default: return false
        }
        setNeedsDisplay()
        return true
    }

    /// One edit of the line; `onChange` hears of it only when the text changed.
    private func edit(_ change: (inout EditableLine) -> Void) {
        let before = editor.text
        change(&editor)
        guard editor.text != before else { return }
        onChange?(editor.text)
    }

    /// The character index whose cells include column `cell` of the whole text.
    private func position(atCell cell: Int) -> Int {
        var column = 0
        for (index, character) in text.enumerated() {
            let width = Self.cells(of: character)
            if cell < column + width { return index }
            column += width
        }
        return editor.count
    }

    /// The cells a character takes in the field: its width, and one for a
    /// character of no width (a lone combining mark, a control, U+200B) so the
    /// cursor can sit on it and be seen.
    private static func cells(of character: Character) -> Int { max(1, cellWidth(of: character)) }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0, canvas.width > 0 else { return }
        if text.isEmpty, !placeholder.isEmpty, !isFocused {
            var look = canvas.textStyle
            look.attributes.insert(.dim)
            canvas.write(placeholder, x: 0, y: 0, style: look)
            return
        }
        let characters = Array(text)
        let cursorColumn = characters[..<cursor].reduce(0) { $0 + Self.cells(of: $1) }
        let cursorCells = cursor < characters.count ? Self.cells(of: characters[cursor]) : 1
        // Keep the cursor and every cell of the character it sits on inside the field
        // (its first cell when the character is wider than the field).
        if cursorColumn < scroll { scroll = cursorColumn }
        let cursorEnd = cursorColumn + min(cursorCells, canvas.width)
        if cursorEnd > scroll + canvas.width { scroll = cursorEnd - canvas.width }
        var reversed = canvas.textStyle
        reversed.attributes.insert(.reverse)
        var column = 0
        for (index, character) in characters.enumerated() {
            let width = Self.cells(of: character)
            defer { column += width }
            guard column >= scroll else { continue }   // starts left of the field: not shown
            let x = column - scroll
            let isCursor = index == cursor && isFocused
            guard x + width <= canvas.width else {
                // A character wider than the room left: the cursor on it is one reversed cell.
                if isCursor { canvas.write(" ", x: x, y: 0, style: reversed) }
                break
            }
            let shown = cellWidth(of: character) == 0 ? " " : String(character)
            canvas.write(shown, x: x, y: 0, style: isCursor ? reversed : canvas.textStyle)
        }
        if cursor == characters.count, isFocused {
            canvas.write(" ", x: cursorColumn - scroll, y: 0, style: reversed)
        }
    }
}
