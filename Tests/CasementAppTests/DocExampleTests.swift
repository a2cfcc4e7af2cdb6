import CasementApp
import Foundation
import Testing

// The tutorial and the custom widget of docs/apps.md, compiled and run.

@MainActor
private func makeTodoApp(stylesheet: String) throws -> (App, ListView, TextField, Button) {
    let root = View(.screen, id: "root")
    let list = ListView(items: ["buy milk", "write docs"], id: "todo")
    root.addSubview(list)
    list.makeConstraints { make in
        make.top.left.right.equalToSuperview()
        make.bottom.equalToSuperview().offset(-2)
    }
    let field = TextField(placeholder: "new item", id: "new")
    let add = Button("Add", id: "add")
    root.addSubviews(field, add)
    field.makeConstraints { make in
        make.left.bottom.equalToSuperview()
        make.right.equalTo(add.left).offset(-1)
    }
    add.makeConstraints { make in
        make.right.bottom.equalToSuperview()
    }
    add.onPress = {
        guard !field.text.isEmpty else { return }
        list.items.append(field.text)
        field.text = ""
    }
    field.onSubmit = { _ in add.onPress?() }
    let app = try App(root: root, stylesheets: [stylesheet], devMode: false)
    app.bind(.character("q")) { app.quit() }
    return (app, list, field, add)
}

@MainActor
private final class Clock: Widget {
    var time = "" { didSet { setNeedsDisplay() } }
    init() { super.init(id: "clock", widgetClass: "clock") }
    override var intrinsicSize: IntrinsicSize { IntrinsicSize(width: 8, height: 1) }
    override func draw(in canvas: inout ContentCanvas) {
        canvas.write(time, x: 0, y: 0)
        canvas.write("!", x: 7, y: 0, style: CellStyle(foreground: .ansi(1), attributes: .bold))
    }
    override var canFocus: Bool { true }
    override func handle(_ event: Event) -> Bool { event == .key(.character("r")) }
}

@MainActor
@Suite struct DocExampleTests {
    @Test func theTutorialAppAddsAnItem() throws {
        let directory = try scratchDirectory(["todo.cas": """
            .list { border rounded; border-color bright-black }
            .list[state:focused] { border-color yellow }
            .row[state:selected] { background-color bright-black }
            .row[state:selected][state:focused] { background-color blue; bold true }
            """])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (app, list, field, _) = try makeTodoApp(stylesheet: directory + "/todo.cas")
        let pilot = AppPilot(app, size: TerminalSize(width: 30, height: 8))
        #expect(app.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(pilot.lines[1] == "│buy milk                    │")
        pilot.press(.tab)
        #expect(app.focusedWidget === list)
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))   // focused border: yellow
        #expect(pilot.cell(x: 1, y: 1).background == .ansi(4))   // selected and focused row: blue
        pilot.press(.tab)
        #expect(app.focusedWidget === field)
        pilot.type("call mum")
        pilot.press(.enter)
        #expect(list.items == ["buy milk", "write docs", "call mum"])
        #expect(pilot.lines[3] == "│call mum                    │")
        #expect(field.text == "")
        #expect(pilot.lines[7].hasSuffix("Add"))
        pilot.press(.tab, .tab, .character("q"))
        #expect(app.isQuitting)
    }

    @Test func theCustomWidgetDrawsAndHandlesKeys() throws {
        let clock = Clock()
        let root = View(.screen, id: "root")
        root.addSubview(clock)
        clock.makeConstraints { make in make.top.left.equalToSuperview() }
        let app = try App(root: root, devMode: false)
        var bound = 0
        app.bind(.character("r")) { bound += 1 }
        app.bind(.character("s")) { bound += 10 }
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 2))
        clock.time = "12:00"
        pilot.settle()
        #expect(pilot.lines == ["12:00  !", ""])
        #expect(pilot.cell(x: 7, y: 0).attributes.contains(.bold))
        #expect(app.frame(of: clock.view)?.width == 8)
        app.focus(clock)
        pilot.press(.character("r"), .character("s"))
        #expect(bound == 10)
    }

    /// docs/apps.md, "A widget is a constraint target".
    @Test func widgetsAreConstraintTargets() throws {
        let root = View(.screen, id: "root")
        let list = ListView(items: ["one", "two"])
        let detail = Label("—")
        root.addSubviews(list, detail)
        list.makeConstraints { make in
            make.left.top.bottom.equalToSuperview()
            make.width.equalTo(20)
        }
        detail.makeConstraints { make in
            make.left.equalTo(list.right).offset(1)
            make.top.equalTo(list)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 5))
        pilot.settle()
        #expect(app.frame(of: detail.view) == ViewFrame(x: 21, y: 0, width: 1, height: 1))
    }
}
