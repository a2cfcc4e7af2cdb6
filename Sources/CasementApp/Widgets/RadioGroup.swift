import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A column of options, exactly one chosen: `(•) Name` over `( ) Size`. ↑ ↓
/// (and Home End) choose while focused, a click chooses the option under it.
///
/// `.cas`: the box (`.radio[state:focused]`, …); the chosen option is the style
/// view `#<id>-option` (class `option`, state `selected`, plus `focused`):
/// `.option[state:selected][state:focused] { color yellow }`; with no style for
/// it the chosen option is bold. Class `radio`. Intrinsic size: the widest option
/// plus its mark, one row each.
@MainActor
public final class RadioGroup: Widget, ChoosesAnOption {
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
    var choice: OptionChoice { didSet { if choice != oldValue { setNeedsDisplay() } } }
    /// Called with the new index when a key or click chooses another option.
    public var onChange: ((Int) -> Void)?
    private var optionStyle: View?

    /// A group of `options` with `selectedIndex` chosen; no options or an index
    /// out of range is a warning in `app.diagnostics` at this line.
    public init(_ options: [String], selectedIndex: Int = 0, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        choice = OptionChoice(options)
        super.init(id: id, widgetClass: "radio", classes: classes, file: file, line: line, column: column)
        setOptions(options)
        setIndex(selectedIndex)
        optionStyle = addStyleView(id: "option", classes: ["option"])
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize {
        IntrinsicSize(width: 4 + choice.widest, height: options.count)
    }

    public override func draw(in canvas: inout ContentCanvas) {
        var chosen = optionStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        if chosen.isPlain { chosen = canvas.textStyle; chosen.attributes.insert(.bold) }
        for (row, option) in options.enumerated() where row < canvas.height {
            let look = row == selectedIndex ? chosen : canvas.textStyle
            canvas.write(row == selectedIndex ? "(•) " : "( ) ", x: 0, y: row, style: look)
            canvas.write(option, x: 4, y: row, style: look)
        }
    }

    private func choose(_ index: Int) {
        guard options.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        onChange?(index)
    }

    public override func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.up): choose(selectedIndex - 1)
        case .key(.down): choose(selectedIndex + 1)
        case .key(.home): choose(0)
        case .key(.end): choose(options.count - 1)
        case .click(_, let y):
            guard options.indices.contains(y) else { return false }
            choose(y)
        default: return false
        }
        return true
    }
}
