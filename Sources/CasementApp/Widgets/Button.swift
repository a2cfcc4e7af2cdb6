import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A labelled button: Enter or Space while focused, or a click, calls `onPress`.
///
/// `.cas`: the box (`border`, `border-color[state:focused]`, `background[state:disabled]`,
/// `color`, `text-align` for the label, `bold`, …). Class `button`. Intrinsic size:
/// the label plus one space each side, one row.
@MainActor
public final class Button: Widget {
    /// The label.
    public var label: String { didSet { if label != oldValue { setNeedsDisplay() } } }
    /// Called when the button is pressed.
    public var onPress: (() -> Void)?

    /// A button showing `label`; `file`, `line` and `column` locate its view in diagnostics.
    public init(_ label: String, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column, onPress: (() -> Void)? = nil) {
        self.label = label
        self.onPress = onPress
        super.init(id: id, widgetClass: "button", classes: classes, file: file, line: line, column: column)
    }

    public override var canFocus: Bool { true }
    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(width: cellWidth(of: label) + 2, height: 1) }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0 else { return }
        let row = (canvas.height - 1) / 2
        canvas.write(label.fitted(to: canvas.width, alignment: canvas.style.textAlign == .left ? .center : canvas.style.textAlign),
                     x: 0, y: row)
    }

    public override func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.enter), .key(.character(" ")), .click:
            onPress?()
            return true
        default:
            return false
        }
    }
}
