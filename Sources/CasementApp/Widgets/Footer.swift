import Canvas
import Casement
import TerminalUI
import TextMetrics

/// A row of the keys that do something here: the described bindings of the
/// screen the footer is on and of the app (` s Save  q Quit `), then `^P
/// Commands` while the command palette is on. Bindings made without a
/// description are not shown.
///
/// `.cas`: the box (`.footer { background-color blue }`); each key is drawn in
/// the look of the style view `#<id>-key` (class `key`; bold without a style),
/// its description in the footer's colour. Class `footer`. Intrinsic height 1.
@MainActor
public final class Footer: Widget {
    private var keyStyle: View?

    /// A footer; the call site locates its view in diagnostics.
    public init(id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        super.init(id: id, widgetClass: "footer", classes: classes, file: file, line: line, column: column)
        keyStyle = addStyleView(id: "key", classes: ["key"])
    }

    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }
    public override var hugsContent: Bool { false }

    /// The (key, description) pairs shown, in order.
    public var entries: [(key: String, description: String)] {
        guard let app else { return [] }
        let screen = app.layer(showing: view) ?? app.currentScreen
        var entries = (screen.bindings.described + app.bindings.described).map { ($0.key.label, $0.description ?? "") }
        var seen: Set<String> = []
        entries = entries.filter { seen.insert($0.0).inserted }
        if app.commandPaletteEnabled, !seen.contains(App.paletteKey.label) {
            entries.append((App.paletteKey.label, "Commands"))
        }
        return entries.map { (key: $0.0, description: $0.1) }
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0 else { return }
        var keyLook = keyStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        if keyLook.isPlain { keyLook = canvas.textStyle; keyLook.attributes.insert(.bold) }
        var x = 0
        for entry in entries {
            guard x < canvas.width else { break }
            x += canvas.write(" \(entry.key) ", x: x, y: 0, style: keyLook)
            x += canvas.write("\(entry.description) ", x: x, y: 0)
        }
    }
}
