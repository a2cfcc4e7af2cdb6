import Canvas
import Casement
import Cells
import TerminalUI
import TextMetrics

/// A drop-down choice: shows the chosen option (`Name ▾`); Enter, Space, ↓ or a
/// click opens a list of the options drawn over everything below it (above
/// the select when there is no room below), where ↑ ↓ PgUp PgDn Home End move,
/// Enter or a click chooses and Escape (or a click elsewhere) closes it.
///
/// `.cas`: the box (`.select[state:focused]`, …); the open list is the style view
/// `#<id>-dropdown` (class `dropdown`: its border, background, padding, colour),
/// the highlighted option in it `#<id>-option` (class `option`, state `selected`,
/// plus `focused`; reversed without a style). Class `select`. Intrinsic size:
/// the widest option and the arrow, one row.
@MainActor
public final class Select: Widget, OverlayWidget, ChoosesAnOption {
    /// The options, top to bottom.
    public var options: [String] {
        get { choice.options }
        set { setOptions(newValue) }
    }
    /// The chosen option (0 when there are none). Set out of range, it is clamped
    /// and `app.diagnostics` warns at the line that made the widget.
    public var selectedIndex: Int {
        get { choice.index }
        set { setIndex(newValue) }
    }
    /// The chosen option's text (nil when there are no options).
    public var selectedOption: String? { choice.selected }
    var choice: OptionChoice {
        didSet {
            guard choice != oldValue else { return }
            if choice.options != oldValue.options { list.clamp(count: choice.options.count, visible: listRows) }
            setNeedsDisplay()
        }
    }
    /// Whether the list is open.
    public private(set) var isOpen = false
    /// The most rows the open list shows before it scrolls.
    public var maximumListRows = 10 { didSet { setNeedsDisplay() } }
    /// Called with the new index when the user chooses another option.
    public var onChange: ((Int) -> Void)?
    /// The highlighted row of the open list and its scroll.
    var list = RowCursor()
    private var listRows = 0
    private var dropdownStyle: View?
    private var optionStyle: View?
    private(set) var overlayFrame: CellRect?
    /// The list's rows on screen (absolute), for clicks.
    private var listContent: CellRect?

    /// A select of `options` with `selectedIndex` chosen; no options or an
    /// index out of range is a warning in `app.diagnostics` at this line.
    public init(_ options: [String], selectedIndex: Int = 0, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        choice = OptionChoice(options)
        super.init(id: id, widgetClass: "select", classes: classes, file: file, line: line, column: column)
        setOptions(options)
        setIndex(selectedIndex)
        dropdownStyle = addStyleView(id: "dropdown", classes: ["dropdown"])
        optionStyle = addStyleView(id: "option", classes: ["option"])
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize {
        IntrinsicSize(width: choice.widest + 2, height: 1)
    }

    /// Opens the list, the chosen option highlighted.
    public func open() {
        guard !isOpen, !options.isEmpty else { return }
        isOpen = true
        list.selected = selectedIndex
        // Before the list is drawn its rows are not known: take what it asks for.
        list.clamp(count: options.count, visible: listRows > 0 ? listRows : min(options.count, max(1, maximumListRows)))
        setNeedsDisplay()
    }

    /// Closes the list without choosing.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        setNeedsDisplay()
    }

    var isOverlayOpen: Bool { isOpen }
    func closeOverlay() { close() }

    private func choose(_ index: Int) {
        close()
        guard options.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        onChange?(index)
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0, canvas.width > 0 else { return }
        let arrow = isOpen ? "▴" : "▾"
        canvas.write((selectedOption ?? "").fitted(to: max(0, canvas.width - 2)), x: 0, y: 0)
        canvas.write(arrow, x: canvas.width - 1, y: 0)
    }

    func drawOverlay(into grid: inout Grid, app: App) {
        guard let frame = app.frame(of: view) else { return }
        let style = dropdownStyle.flatMap(style(of:)) ?? ComputedStyle()
        let chrome = style.chrome
        let below = grid.height - frame.maxY, above = frame.y
        let wanted = min(options.count, max(1, maximumListRows)) + chrome.vertical
        let height = min(wanted, max(below, above))
        let y = below >= wanted || below >= above ? frame.maxY : frame.y - height
        let width = max(frame.width, choice.widest + chrome.horizontal)
        let box = CellRect(x: max(0, min(frame.x, grid.width - width)), y: y, width: width, height: height)
        overlayFrame = box
        app.paintOverlayBox(box, style: style, into: &grid)
        let content = box.contentBox(for: style)
        listContent = content
        guard content.height > 0, content.width > 0 else { return }
        if listRows != content.height {
            listRows = content.height
            list.clamp(count: options.count, visible: listRows)
        }
        var canvas = ContentCanvas(grid: grid)
        grid = Grid(width: 0, height: 0)
        canvas.area = content
        canvas.clip = content
        canvas.style = style
        let highlighted = RowLook.selected(optionStyle.flatMap(self.style(of:)), fallback: canvas.textStyle)
        for row in 0..<content.height {
            let index = list.top + row
            guard index < options.count else { break }
            if index == list.selected {
                canvas.fill(y: row, style: highlighted)
                canvas.write(options[index], x: 0, y: row, style: highlighted)
            } else {
                canvas.write(options[index], x: 0, y: row)
            }
        }
        grid = canvas.grid
    }

    public override func handle(_ event: Event) -> Bool {
        guard isOpen else {
            switch event {
            case .key(.enter), .key(.character(" ")), .key(.down), .click: open(); return true
            default: return false
            }
        }
        switch event {
        case .key(.enter): choose(list.selected ?? selectedIndex)
        case .key(.escape): close()
        case .key(.tab), .key(.backTab):
            close()
            return false
        case .key(let key):
            guard list.move(for: key, count: options.count, visible: max(1, listRows)) else { return true }
            setNeedsDisplay()
        case .click(let x, let y):
            // Coordinates are in the select's content box: find the list row on screen.
            guard let box = app?.contentBox(of: view), let content = listContent else { close(); return true }
            let row = box.y + y - content.y
            if content.contains(x: box.x + x, y: box.y + y), list.top + row < options.count {
                choose(list.top + row)
            } else {
                close()
            }
        case .scrollUp, .scrollDown:
            list.scroll(by: event == .scrollUp ? -1 : 1, count: options.count, visible: max(1, listRows))
            setNeedsDisplay()
        }
        return true
    }
}
