import Casement

/// Text that wraps to its width: a `text` view, so the engine sizes it from its
/// words exactly as a spec's `text` view (intrinsic width and height).
///
/// `.cas`: `color`, `background`, `text-align left|center|right`, `bold`, `dim`,
/// `italic`, `underline`, `reverse`, `padding`, `border`. Class `label`.
@MainActor
public final class Label: Widget {
    /// The words shown; a change re-measures the label (constants updated in place).
    public var text: String {
        get { view.text ?? "" }
        set {
            guard newValue != view.text else { return }
            view.text = newValue
            setNeedsDisplay()
        }
    }

    /// A label showing `text`; the call site locates its view in diagnostics.
    public init(_ text: String, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        super.init(.text, id: id, widgetClass: "label", classes: classes, title: text, file: file, line: line, column: column)
    }
}
