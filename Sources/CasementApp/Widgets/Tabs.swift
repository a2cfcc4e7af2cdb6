import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A row of tab titles, one selected: ← → while focused, or a click, selects;
/// `onChange` is called with the new index (show the matching page there, for
/// example by setting `visible` through a class or swapping subviews).
///
/// `.cas`: the row's box; the selected title is the style view `#<id>-tab`
/// (class `tab`, state `selected`, plus `focused`; default reversed).
/// Class `tabs`. Intrinsic size: the titles with a space each side, one row.
@MainActor
public final class Tabs: Widget, ChoosesAnOption {
    /// The titles.
    public var titles: [String] {
        get { choice.options }
        set { setOptions(newValue) }
    }
    /// The selected title (0 when there are none). Set out of range, it is
    /// clamped and `app.diagnostics` warns at the line that made the widget.
    public var selectedIndex: Int {
        get { choice.index }
        set { setIndex(newValue) }
    }
    var choice: OptionChoice { didSet { if choice != oldValue { setNeedsDisplay() } } }
    var optionNoun: String { "title" }
    /// Called with the new index when the selection changes by key or click.
    public var onChange: ((Int) -> Void)?
    private var tabStyle: View?

    /// A tab row of `titles` with `selectedIndex` selected; no titles or an
    /// index out of range is a warning in `app.diagnostics` at this line.
    public init(_ titles: [String], selectedIndex: Int = 0, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        choice = OptionChoice(titles)
        super.init(id: id, widgetClass: "tabs", classes: classes, file: file, line: line, column: column)
        setOptions(titles)
        setIndex(selectedIndex)
        tabStyle = addStyleView(id: "tab", classes: ["tab"])
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize {
        IntrinsicSize(width: titles.reduce(0) { $0 + cellWidth(of: $1) + 2 } + max(0, titles.count - 1), height: 1)
    }

    /// Each title's first cell and width (with its spaces).
    func spans() -> [(x: Int, width: Int)] {
        var x = 0
        return titles.map { title in
            defer { x += cellWidth(of: title) + 3 }
            return (x, cellWidth(of: title) + 2)
        }
    }

    public override func draw(in canvas: inout ContentCanvas) {
        let selectedLook = RowLook.selected(tabStyle.flatMap(style(of:)), fallback: canvas.textStyle)
        for (index, span) in spans().enumerated() {
            let look = index == selectedIndex ? selectedLook : canvas.textStyle
            canvas.write(" \(titles[index]) ", x: span.x, y: 0, style: look)
            if index < titles.count - 1 { canvas.write("│", x: span.x + span.width, y: 0) }
        }
    }

    private func select(_ index: Int) {
        guard titles.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        onChange?(index)
    }

    public override func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.left): select(selectedIndex - 1); return true
        case .key(.right): select(selectedIndex + 1); return true
        case .click(let x, _):
            guard let index = spans().firstIndex(where: { x >= $0.x && x < $0.x + $0.width }) else { return false }
            select(index)
            return true
        default: return false
        }
    }
}
