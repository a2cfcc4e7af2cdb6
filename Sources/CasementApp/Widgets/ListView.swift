import Canvas
import Casement
import TerminalUI

/// A scrolling list of lines with a selection.
///
/// Keys (when focused): ↑ ↓ PgUp PgDn Home End move the selection (the list
/// scrolls to keep it shown), Enter calls `onActivate`; a click selects the row
/// under it; the wheel scrolls.
///
/// `.cas`: the list's box (`border`, `border-color[state:focused]`, `background`,
/// `color`, `padding`); the selected row is the style view `#<id>-row` of class
/// `row` in the state `selected` (plus `focused` while the list has focus):
/// `.row[state:selected] { background-color blue }`,
/// `.row[state:selected][state:focused] { reverse true }`. With no style for it the
/// selected row is shown reversed. Class `list`.
@MainActor
public final class ListView: Widget {
    /// The lines shown.
    public var items: [String] { didSet { cursor.clamp(count: items.count, visible: visibleRows); setNeedsDisplay() } }
    /// Called with the new selection when it moves.
    public var onSelect: ((Int) -> Void)?
    /// Called with the selection on Enter.
    public var onActivate: ((Int) -> Void)?
    var cursor = RowCursor()
    private var rowStyle: View?
    /// Rows the list showed last time (its content height).
    public private(set) var visibleRows = 0

    /// A list of `items` with the first selected (none when empty); the call site locates its view in diagnostics.
    public init(items: [String] = [], id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.items = items
        super.init(id: id, widgetClass: "list", classes: classes, file: file, line: line, column: column)
        rowStyle = addStyleView(id: "row", classes: ["row"])
        cursor.selected = items.isEmpty ? nil : 0
    }

    /// The selected row (nil when the list is empty). Set out of range, it is
    /// clamped and `app.diagnostics` warns at the line that made the list.
    public var selectedIndex: Int? {
        get { cursor.selected }
        set {
            if let newValue, !items.indices.contains(newValue) {
                warnUsage("row index \(newValue) is out of range 0..<\(items.count): the nearest row is selected")
            }
            cursor.selected = newValue
            cursor.clamp(count: items.count, visible: visibleRows)
            setNeedsDisplay()
        }
    }

    /// The first row shown.
    public var scrollOffset: Int { cursor.top }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    public override func draw(in canvas: inout ContentCanvas) {
        if canvas.height != visibleRows {
            cursor.keepSelectionInView(count: items.count, from: visibleRows, to: canvas.height)
            visibleRows = canvas.height
        }
        cursor.clampRange(count: items.count, visible: visibleRows)
        let selectedLook = RowLook.selected(rowStyle.flatMap(style(of:)), fallback: canvas.textStyle)
        for row in 0..<canvas.height {
            let index = cursor.top + row
            guard index < items.count else { break }
            if index == cursor.selected {
                canvas.fill(y: row, style: selectedLook)
                canvas.write(items[index], x: 0, y: row, style: selectedLook)
            } else {
                canvas.write(items[index], x: 0, y: row)
            }
        }
    }

    public override func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.enter):
            if let row = cursor.selected { onActivate?(row) }
            return cursor.selected != nil
        case .key(let key):
            let before = cursor.selected
            guard cursor.move(for: key, count: items.count, visible: visibleRows) else { return false }
            if cursor.selected != before, let row = cursor.selected { onSelect?(row) }
            setNeedsDisplay()
            return true
        case .click(_, let y):
            let row = cursor.top + y
            guard y >= 0, row < items.count else { return false }
            cursor.selected = row
            onSelect?(row)
            setNeedsDisplay()
            return true
        case .scrollUp, .scrollDown:
            cursor.scroll(by: event == .scrollUp ? -3 : 3, count: items.count, visible: visibleRows)
            setNeedsDisplay()
            return true
        }
    }
}

/// How a selected row looks: its style view's computed style, or reversed text
/// when the stylesheets give it nothing.
enum RowLook {
    static func selected(_ style: ComputedStyle?, fallback: CellStyle) -> CellStyle {
        if let style {
            let look = CellStyle(style)
            if !look.isPlain { return look }
        }
        var reversed = fallback
        reversed.attributes.insert(.reverse)
        return reversed
    }
}
