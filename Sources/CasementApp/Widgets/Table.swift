import Canvas
import Casement
import Foundation
import TerminalUI
import TextMetrics

/// A column of a `Table`.
public struct TableColumn: Hashable, Sendable {
    /// The header.
    public var title: String
    /// Cells wide; nil: as wide as its widest cell (or header); the last column
    /// takes the rest of the table's width.
    public var width: Int?
    /// How the header and cells are placed across the column's width.
    public var alignment: HorizontalAlignment

    /// A column headed `title`, `width` cells wide (nil: fitted to its content), aligned `alignment`.
    public init(_ title: String, width: Int? = nil, alignment: HorizontalAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

/// Rows of cells under a header, sortable and scrolling, with a selected row.
///
/// Keys (when focused): ↑ ↓ PgUp PgDn Home End move the selection and scroll,
/// Enter calls `onActivate`; a click on a row selects it, a click on the header
/// sorts by that column (again: the other way); the wheel scrolls.
/// `sort(by:ascending:)` sorts in code; cells that read as numbers sort as numbers.
///
/// `.cas`: the table's box; the header is the style view `#<id>-header` (class
/// `header`, default bold), the selected row `#<id>-row` (class `row`, state
/// `selected`, plus `focused` while the table has focus; default reversed).
/// Class `table`.
@MainActor
public final class Table: Widget {
    /// The columns, in order.
    public var columns: [TableColumn] { didSet { measure(); setNeedsDisplay() } }
    /// The rows, in the order shown (sorted when a sort column is set).
    public private(set) var rows: [[String]] = []
    /// The index in `columns` of the column sorted by; nil: rows in the order given.
    public private(set) var sortColumn: Int?
    /// Whether `sortColumn` sorts smallest first.
    public private(set) var sortAscending = true
    /// Called with the selected row's index in `rows` when the selection moves (by key or click).
    public var onSelect: ((Int) -> Void)?
    /// Called with the selected row's index in `rows` on Enter.
    public var onActivate: ((Int) -> Void)?
    var cursor = RowCursor()
    /// Body rows the table showed last time (its content height less the header).
    public private(set) var visibleRows = 0
    private var contentWidths: [Int] = []
    private var headerStyle: View?
    private var rowStyle: View?

    /// A table of `columns` showing `rows` (unsorted); the call site locates its view in diagnostics.
    public init(columns: [TableColumn], rows: [[String]] = [], id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.columns = columns
        super.init(id: id, widgetClass: "table", classes: classes, file: file, line: line, column: column)
        headerStyle = addStyleView(id: "header", classes: ["header"])
        rowStyle = addStyleView(id: "row", classes: ["row"])
        setRows(rows)
    }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    /// The selected row's index in `rows`. Set out of range, it is clamped and
    /// `app.diagnostics` warns at the line that made the table.
    public var selectedIndex: Int? {
        get { cursor.selected }
        set {
            if let newValue, !rows.indices.contains(newValue) {
                warnUsage("row index \(newValue) is out of range 0..<\(rows.count): the nearest row is selected")
            }
            cursor.selected = newValue
            cursor.clamp(count: rows.count, visible: visibleRows)
            setNeedsDisplay()
        }
    }

    /// The first row shown.
    public var scrollOffset: Int { cursor.top }

    /// Scrolls the viewport by `rows` (the selection stays where it is).
    public func scroll(by count: Int) {
        cursor.scroll(by: count, count: rows.count, visible: visibleRows)
        setNeedsDisplay()
    }

    /// Replaces the rows, keeping the sort order; the selection follows the row
    /// with the same key (the first cell) when `keepingSelection` is on.
    public func setRows(_ newRows: [[String]], keepingSelection: Bool = true) {
        let selectedKey = keepingSelection ? cursor.selected.flatMap { rows.indices.contains($0) ? rows[$0].first : nil } : nil
        rows = newRows
        if let sortColumn { sortRows(by: sortColumn, ascending: sortAscending) }
        if let selectedKey, let index = rows.firstIndex(where: { $0.first == selectedKey }) {
            cursor.selected = index
        } else if cursor.selected == nil, !rows.isEmpty {
            cursor.selected = 0
        }
        cursor.clamp(count: rows.count, visible: visibleRows)
        measure()
        setNeedsDisplay()
    }

    /// Sorts by a column (numbers as numbers, then text); the selected row stays
    /// selected. A column out of range leaves the rows as they are, with a
    /// warning in `app.diagnostics` at the line that made the table.
    public func sort(by column: Int, ascending: Bool = true) {
        guard columns.indices.contains(column) else {
            warnUsage("column \(column) is out of range 0..<\(columns.count): the rows keep their order",
                      hint: "sort by the index of one of the table's columns")
            return
        }
        let selectedRow = cursor.selected.flatMap { rows.indices.contains($0) ? rows[$0] : nil }
        sortColumn = column
        sortAscending = ascending
        sortRows(by: column, ascending: ascending)
        if let selectedRow { cursor.selected = rows.firstIndex(of: selectedRow) }
        cursor.clamp(count: rows.count, visible: visibleRows)
        setNeedsDisplay()
    }

    /// Sorts with each cell's key worked out once (`TableSortKeys`), in the
    /// order a compare of the cells themselves gives.
    private func sortRows(by column: Int, ascending: Bool) {
        let keys = TableSortKeys(rows.map { column < $0.count ? $0[column] : "" })
        var localeCompares = 0
        let order = keys.sortedIndices(ascending: ascending) { a, b in
            localeCompares += 1
            return a.localizedStandardCompare(b)
        }
        rows = order.map { rows[$0] }
        Self.localeComparesMade += localeCompares
    }

    /// How many cell pairs sorts handed to the locale's compare (the keys
    /// order the rest): tests count the work with it.
    static var localeComparesMade = 0

    private func measure() {
        contentWidths = columns.enumerated().map { index, column in
            if let width = column.width { return width }
            var widest = cellWidth(of: column.title)
            for row in rows where index < row.count { widest = max(widest, cellWidth(of: row[index])) }
            return widest
        }
    }

    /// Each column's x and width for a table `width` cells wide (one space between columns).
    func columnPlacement(width: Int) -> [(x: Int, width: Int)] {
        var placements: [(x: Int, width: Int)] = []
        var x = 0
        for (index, natural) in contentWidths.enumerated() {
            let isLast = index == contentWidths.count - 1
            let columnWidth = isLast ? max(0, width - x) : min(natural, max(0, width - x))
            placements.append((x, columnWidth))
            x += columnWidth + 1
        }
        return placements
    }

    public override func draw(in canvas: inout ContentCanvas) {
        let shown = max(0, canvas.height - 1)
        if shown != visibleRows {
            cursor.keepSelectionInView(count: rows.count, from: visibleRows, to: shown)
            visibleRows = shown
        }
        cursor.clampRange(count: rows.count, visible: visibleRows)
        let placement = columnPlacement(width: canvas.width)
        var header = headerStyle.flatMap(style(of:)).map(CellStyle.init) ?? CellStyle(attributes: .bold)
        if header.isPlain { header.attributes = .bold }
        canvas.fill(y: 0, style: header)
        for (index, column) in columns.enumerated() where index < placement.count {
            let arrow = index == sortColumn ? (sortAscending ? "▲" : "▼") : ""
            let title = column.alignment == .right ? arrow + column.title : column.title + arrow
            canvas.write(title.fitted(to: placement[index].width, alignment: column.alignment), x: placement[index].x, y: 0, style: header)
        }
        let selectedLook = RowLook.selected(rowStyle.flatMap(style(of:)), fallback: canvas.textStyle)
        for line in 0..<visibleRows {
            let index = cursor.top + line
            guard index < rows.count else { break }
            let look = index == cursor.selected ? selectedLook : canvas.textStyle
            if index == cursor.selected { canvas.fill(y: line + 1, style: look) }
            for (column, cell) in rows[index].enumerated() where column < placement.count {
                let place = placement[column]
                canvas.write(cell.fitted(to: place.width, alignment: columns[column].alignment), x: place.x, y: line + 1, style: look)
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
            guard cursor.move(for: key, count: rows.count, visible: visibleRows) else { return false }
            if cursor.selected != before, let row = cursor.selected { onSelect?(row) }
            setNeedsDisplay()
            return true
        case .click(let x, let y):
            if y == 0 {
                guard let column = columnPlacement(width: Int.max / 4).lastIndex(where: { $0.x <= x }) else { return false }
                sort(by: column, ascending: sortColumn == column ? !sortAscending : true)
                return true
            }
            let row = cursor.top + y - 1
            guard y > 0, row < rows.count else { return false }
            cursor.selected = row
            onSelect?(row)
            setNeedsDisplay()
            return true
        case .scrollUp, .scrollDown:
            scroll(by: event == .scrollUp ? -3 : 3)
            return true
        }
    }
}
