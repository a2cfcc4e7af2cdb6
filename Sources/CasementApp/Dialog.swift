import Casement
import TextMetrics

/// A ready-made modal screen: a title, a message and a row of buttons. Present
/// it with `app.presentModal(_:)`; choosing a button (Enter, Space, a click)
/// dismisses it and calls `onChoose` with the button's index; Escape dismisses
/// it without calling `onChoose`. Tab and ← → move between the buttons; the
/// first has the focus.
///
///     let confirm = Dialog(title: "Quit?", message: "Unsaved changes will be lost.",
///                          buttons: ["Cancel", "Quit"]) { choice in if choice == 1 { app.quit() } }
///     app.presentModal(confirm)
///
/// `.cas`: the box `#<id>-box` (class `dialog`), the title (a `Label` of class
/// `dialog-title`), the message (`dialog-message`), the row of buttons
/// (`dialog-buttons`) and the `Button`s; the runtime's default look
/// (docs/apps.md) comes first, so any rule of the app's wins.
@MainActor
public final class Dialog: Screen {
    /// The buttons, left to right.
    public let buttons: [Button]
    /// Called with the index of the button chosen (not when Escape dismisses the dialog).
    public var onChoose: ((Int) -> Void)?
    /// The box that holds everything.
    public let box: View

    /// A dialog showing `title` and `message` over a row of `buttons`; no
    /// buttons is a warning in `app.diagnostics` when it is presented (Escape
    /// still dismisses it).
    public init(title: String, message: String, buttons: [String], id: String = "dialog",
                file: String = #fileID, line: Int = #line, column: Int = #column, onChoose: ((Int) -> Void)? = nil) {
        self.buttons = buttons.enumerated().map { index, label in
            Button(label, id: "\(id)-button-\(index)", file: file, line: line, column: column)
        }
        self.onChoose = onChoose
        box = View(.box, id: "\(id)-box", classes: ["dialog"], file: file, line: line, column: column)
        super.init(id: id, file: file, line: line, column: column)
        usesRuntimeStyles = true
        build(title: title, message: message)
        for (index, button) in self.buttons.enumerated() {
            button.onPress = { [weak self] in self?.choose(index) }
        }
        bind(.left) { [weak self] in self?.app?.focusPrevious() }
        bind(.right) { [weak self] in self?.app?.focusNext() }
        onShow = { [weak self] in
            guard let self, self.buttons.isEmpty else { return }
            self.app?.warnUsage("Dialog '\(id)' has no buttons: only Escape closes it",
                                hint: "give it at least one button", file: file, line: line, column: column)
        }
    }

    private func build(title: String, message: String) {
        root.addSubview(box)
        let widest = max(cellWidth(of: title), cellWidth(of: message),
                         buttons.reduce(0) { $0 + cellWidth(of: $1.label) + 3 })
        box.makeConstraints { make in
            make.center.equalToSuperview()
            make.width.equalTo(min(60, widest + 4)).priority(500)
            make.width.lessThanOrEqualToSuperview().offset(-4)
        }
        var above: View?
        func stack(_ view: View) {
            box.addSubview(view)
            view.makeConstraints { make in
                if let above { make.top.equalTo(above.bottom).offset(1) } else { make.top.equalToSuperview().offset(1) }
                make.left.equalToSuperview().offset(2)
                make.right.equalToSuperview().offset(-2)
            }
            above = view
        }
        if !title.isEmpty { stack(Label(title, id: "\(id)-title", classes: ["dialog-title"]).view) }
        stack(Label(message, id: "\(id)-message", classes: ["dialog-message"]).view)
        let row = View(.box, id: "\(id)-buttons", classes: ["dialog-buttons"])
        stack(row)
        row.makeConstraints { make in
            make.height.equalTo(1)
            make.bottom.equalToSuperview().offset(-1)
        }
        // Added left to right (the focus order), placed from the right edge.
        for button in buttons { row.addSubview(button) }
        var right: View?
        for button in buttons.reversed() {
            button.view.makeConstraints { make in
                make.top.equalToSuperview()
                if let right { make.right.equalTo(right.left).offset(-1) } else { make.right.equalToSuperview() }
            }
            right = button.view
        }
    }

    private func choose(_ index: Int) {
        app?.dismissModal()
        onChoose?(index)
    }
}
