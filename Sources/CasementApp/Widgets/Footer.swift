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

    /// One row, as wide as it is made: it hugs its height, so a footer pinned
    /// only at the bottom (and sides) is one row tall, not left to the solver.
    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }

    /// The (key, description) pairs shown, in order.
    public var entries: [(key: String, description: String)] {
        bound.map { (key: $0.key.label, description: $0.description) }
    }

    /// The keys shown with what they do: the screen's, then the app's (a key
    /// bound on both shows once), then the palette's.
    private var bound: [(key: Key, description: String)] {
        guard let app else { return [] }
        let screen = app.layer(showing: view) ?? app.currentScreen
        var seen: Set<Key> = []
        var entries = (screen.bindings.described + app.bindings.described)
            .filter { seen.insert($0.key).inserted }
            .map { (key: $0.key, description: $0.description ?? "") }
        if app.commandPaletteEnabled, !seen.contains(App.paletteKey) {
            entries.append((App.paletteKey, "Commands"))
        }
        return entries
    }

    /// Where each key was drawn (columns of the content box), for clicks.
    private var spans: [(columns: Range<Int>, key: Key)] = []

    public override func draw(in canvas: inout ContentCanvas) {
        spans.removeAll(keepingCapacity: true)
        guard canvas.height > 0 else { return }
        var keyLook = keyStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        if keyLook.isPlain { keyLook = canvas.textStyle; keyLook.attributes.insert(.bold) }
        var x = 0
        for entry in bound {
            guard x < canvas.width else { break }
            let start = x
            x += canvas.write(" \(entry.key.label) ", x: x, y: 0, style: keyLook)
            x += canvas.write("\(entry.description) ", x: x, y: 0)
            spans.append((start..<x, entry.key))
        }
    }

    /// A click on a key (or its description) does what the key does.
    public override func handle(_ event: Event) -> Bool {
        guard case .click(let x, 0) = event, let app,
              let span = spans.first(where: { $0.columns.contains(x) }) else { return false }
        app.runBindings(for: span.key)
        return true
    }
}
