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
    /// The text typed so far.
    public var text: String {
        didSet {
            cursor = min(cursor, text.count)
            if text != oldValue { setNeedsDisplay() }
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// The cursor, in characters from the start (0...text.count).
    public private(set) var cursor: Int
    /// Called with the new text after every edit (not on Enter: see `onSubmit`).
    public var onChange: ((String) -> Void)?
    /// Called with the text when Enter is pressed.
    public var onSubmit: ((String) -> Void)?
    /// The first cell shown (the field scrolls sideways).
    private(set) var scroll = 0

    /// A field holding `text` with the cursor at its end; `placeholder` shows while it is empty.
    public init(text: String = "", placeholder: String = "", id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.text = text
        self.placeholder = placeholder
        cursor = text.count
        super.init(id: id, widgetClass: "textfield", classes: classes, file: file, line: line, column: column)
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }

    /// Moves the cursor (clamped to the text).
    public func moveCursor(to position: Int) {
        cursor = min(max(0, position), text.count)
        setNeedsDisplay()
    }

    public override func handle(_ event: Event) -> Bool {
        guard case .key(let key) = event else {
            if case .click(let x, _) = event { moveCursor(to: position(atCell: x + scroll)); return true }
            return false
        }
        switch key {
        case .character(let character) where !character.isNewline:
            edit { $0.insert(character, at: $0.index($0.startIndex, offsetBy: cursor)) }
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            edit { $0.remove(at: $0.index($0.startIndex, offsetBy: cursor - 1)) }
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            edit { $0.remove(at: $0.index($0.startIndex, offsetBy: cursor)) }
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case .home, .control("a"): moveCursor(to: 0)
        case .end, .control("e"): moveCursor(to: text.count)
        case .control("u"):
            edit { $0.removeAll() }
            cursor = 0
        case .enter: onSubmit?(text)
        default: return false
        }
        setNeedsDisplay()
        return true
    }

    private func edit(_ change: (inout String) -> Void) {
        var copy = text
        change(&copy)
        text = copy
        onChange?(text)
    }

    /// The character index whose cells include column `cell` of the whole text.
    private func position(atCell cell: Int) -> Int {
        var column = 0
        for (index, character) in text.enumerated() {
            let width = cellWidth(of: character)
            if cell < column + width { return index }
            column += width
        }
        return text.count
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0, canvas.width > 0 else { return }
        if text.isEmpty, !placeholder.isEmpty, !isFocused {
            var look = canvas.textStyle
            look.attributes.insert(.dim)
            canvas.write(placeholder, x: 0, y: 0, style: look)
            return
        }
        let characters = Array(text)
        let cursorColumn = cellWidth(of: String(characters[..<cursor]))
        // Keep the cursor (and the cell it sits on) inside the field.
        if cursorColumn < scroll { scroll = cursorColumn }
        if cursorColumn + 1 > scroll + canvas.width { scroll = cursorColumn + 1 - canvas.width }
        var column = 0
        for (index, character) in characters.enumerated() {
            let width = cellWidth(of: character)
            defer { column += width }
            guard column >= scroll else { continue }   // starts left of the field: not shown
            let x = column - scroll
            guard x + width <= canvas.width else { break }
            var look = canvas.textStyle
            if index == cursor, isFocused { look.attributes.insert(.reverse) }
            canvas.write(String(character), x: x, y: 0, style: look)
        }
        if cursor == characters.count, isFocused {
            var look = canvas.textStyle
            look.attributes.insert(.reverse)
            canvas.write(" ", x: cursorColumn - scroll, y: 0, style: look)
        }
    }
}
