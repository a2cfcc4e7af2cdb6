import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A box with a label that is on or off: `[x] Hidden files`. Space, Enter or a
/// click toggles it.
///
/// `.cas`: the box (`.checkbox[state:focused]`, `.checkbox[state:checked]`,
/// `[state:disabled]`); the mark `[x]` is the style view `#<id>-mark` (class
/// `mark`, state `checked` while on, plus `focused`): `.mark[state:checked] { color green }`.
/// Class `checkbox`. Intrinsic size: the mark, a space and the label, one row.
@MainActor
public final class Checkbox: Widget {
    /// The label after the mark.
    public var label: String { didSet { if label != oldValue { setNeedsDisplay() } } }
    /// Whether it is checked (the `checked` state).
    public var isOn: Bool {
        get { isChecked }
        set { isChecked = newValue }
    }
    /// Called with the new value when a key or click toggles it.
    public var onChange: ((Bool) -> Void)?
    private var markStyle: View?

    /// A checkbox showing `label`, on when `isOn`; the call site locates its view in diagnostics.
    public init(_ label: String, isOn: Bool = false, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.label = label
        super.init(id: id, widgetClass: "checkbox", classes: classes, file: file, line: line, column: column)
        isChecked = isOn
        markStyle = addStyleView(id: "mark", classes: ["mark"])
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize {
        IntrinsicSize(width: 4 + cellWidth(of: label), height: 1)
    }

    /// Flips `isOn` and tells `onChange`.
    public func toggle() {
        isOn.toggle()
        onChange?(isOn)
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0 else { return }
        let look = markStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        canvas.write(isOn ? "[x]" : "[ ]", x: 0, y: 0, style: look.isPlain ? canvas.textStyle : look)
        canvas.write(label, x: 4, y: 0)
    }

    public override func handle(_ event: Event) -> Bool {
        guard Toggling.toggles(event) else { return false }
        toggle()
        return true
    }
}

/// An on/off switch drawn as a track with a knob: `━━●` on, `●━━` off. Space,
/// Enter or a click toggles it.
///
/// `.cas`: the box (`.switch[state:checked]`, `[state:focused]`, `[state:disabled]`);
/// the track takes the box's `color`; the knob is the style view `#<id>-knob`
/// (class `knob`, state `checked` while on): `.knob[state:checked] { color green }`.
/// Class `switch`. Intrinsic size 3 × 1.
@MainActor
public final class Switch: Widget {
    /// Whether it is on (the `checked` state).
    public var isOn: Bool {
        get { isChecked }
        set { isChecked = newValue }
    }
    /// Called with the new value when a key or click toggles it.
    public var onChange: ((Bool) -> Void)?
    private var knobStyle: View?

    /// A switch, on when `isOn`; the call site locates its view in diagnostics.
    public init(isOn: Bool = false, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        super.init(id: id, widgetClass: "switch", classes: classes, file: file, line: line, column: column)
        isChecked = isOn
        knobStyle = addStyleView(id: "knob", classes: ["knob"])
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(width: 3, height: 1) }

    /// Flips `isOn` and tells `onChange`.
    public func toggle() {
        isOn.toggle()
        onChange?(isOn)
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0, canvas.width > 0 else { return }
        var knob = knobStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        if knob.isPlain { knob = canvas.textStyle; knob.attributes.insert(.bold) }
        let track = String(repeating: "━", count: max(0, canvas.width - 1))
        if isOn {
            canvas.write(track, x: 0, y: 0)
            canvas.write("●", x: canvas.width - 1, y: 0, style: knob)
        } else {
            canvas.write("●", x: 0, y: 0, style: knob)
            var dim = canvas.textStyle
            dim.attributes.insert(.dim)
            canvas.write(track, x: 1, y: 0, style: dim)
        }
    }

    public override func handle(_ event: Event) -> Bool {
        guard Toggling.toggles(event) else { return false }
        toggle()
        return true
    }
}

/// The events that toggle a checkbox or switch: Space, Enter, a click.
enum Toggling {
    static func toggles(_ event: Event) -> Bool {
        switch event {
        case .key(.enter), .key(.character(" ")), .click: return true
        default: return false
        }
    }
}
