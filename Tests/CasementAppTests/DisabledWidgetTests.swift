import CasementApp
import Testing

/// Every widget of the app set, disabled: clicks, keys and the wheel change
/// nothing, Tab passes it by, and `[state:disabled]` styles it.
@MainActor
@Suite struct DisabledWidgetTests {
    /// A widget and a description of what a user could change in it.
    struct Case {
        var widget: Widget
        var state: () -> String
    }

    static func cases() -> [Case] {
        let checkbox = Checkbox("Hidden", id: "checkbox")
        let toggle = Switch(id: "switch")
        let radio = RadioGroup(["a", "b", "c"], id: "radio")
        let select = Select(["a", "b", "c"], id: "select")
        let area = TextArea(text: "one\ntwo", id: "area")
        let text = TextView(text: (0..<20).map(String.init).joined(separator: "\n"), id: "text")
        let log = LogView(id: "log")
        for n in 0..<20 { log.append("\(n)") }
        let tree = Tree(root: TreeNode("root", children: [TreeNode("a", children: [TreeNode("b")])], isExpanded: true), id: "tree")
        let scroll = ScrollView(id: "scroll")
        let tall = Label("tall")
        scroll.content.addSubview(tall)
        tall.makeConstraints { make in make.edges.equalToSuperview(); make.height.equalTo(20) }
        return [
            Case(widget: checkbox) { "\(checkbox.isOn)" },
            Case(widget: toggle) { "\(toggle.isOn)" },
            Case(widget: radio) { "\(radio.selectedIndex)" },
            Case(widget: select) { "\(select.selectedIndex) \(select.isOpen)" },
            Case(widget: area) { "\(area.text) \(area.cursor) \(area.scrollOffset)" },
            Case(widget: text) { "\(text.scrollOffset)" },
            Case(widget: log) { "\(log.scrollOffset) \(log.isFollowing)" },
            Case(widget: tree) { "\(tree.selectedNode?.label ?? "") \(tree.visibleNodes.count)" },
            Case(widget: scroll) { "\(scroll.scrollOffset)" },
        ]
    }

    @Test(arguments: 0..<9)
    func aDisabledWidgetTakesNoInputAndShowsItsState(index: Int) throws {
        let subject = Self.cases()[index]
        let widget = subject.widget
        let other = Button("other", id: "other")
        let root = screen { root in
            place(widget, in: root, x: 0, y: 0, width: 20, height: 5)
            place(other, in: root, x: 0, y: 6, width: 10, height: 1)
        }
        let sheet = try scratchDirectory(["app.cas": "*[state:disabled] { color red }\n"])
        let app = try App(root: root, stylesheets: [sheet + "/app.cas"], devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 7))
        widget.isDisabled = true
        pilot.settle()
        let before = subject.state()
        for y in 0..<5 { pilot.click(widget, x: 1, y: y) }
        app.focus(widget)
        pilot.press(.tab)
        #expect(app.focusedWidget !== widget, "\(widget.view.id ?? "") took the focus")
        for key: Key in [.character(" "), .enter, .down, .end, .right, .character("x"), .backspace] {
            app.dispatch(key)
            app.dispatch(.scrollDown(x: 1, y: 1))
        }
        pilot.settle()
        #expect(subject.state() == before, "\(widget.view.id ?? "") changed while disabled")
        #expect(app.computedStyle(of: widget.view)?.foregroundColor == .ansi(1), "\(widget.view.id ?? "") has no disabled look")
    }
}
