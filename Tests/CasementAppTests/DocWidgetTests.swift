import CasementApp
import Foundation
import Testing

/// The `.cas` block of docs/apps.md that starts with `// <name>`.
func docStylesheet(_ name: String) throws -> String {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/apps.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let marker = "```\n// \(name)\n"
    guard let start = text.range(of: marker) else {
        Issue.record("docs/apps.md has no block for \(name)")
        return ""
    }
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: "```")?.lowerBound ?? rest.endIndex)])
}

/// A pilot on `widgets` stacked top to bottom, styled by a stylesheet of docs/apps.md.
@MainActor
func docPilot(_ sheet: String, _ widgets: [Widget], width: Int = 30, height: Int = 12) throws -> AppPilot {
    let directory = try scratchDirectory(["doc.cas": try docStylesheet(sheet)])
    let root = View(.screen, id: "root")
    var above: View?
    for widget in widgets {
        root.addSubview(widget)
        widget.view.makeConstraints { make in
            make.left.right.equalToSuperview()
            if let above { make.top.equalTo(above.bottom) } else { make.top.equalToSuperview() }
        }
        above = widget.view
    }
    let app = try App(root: root, stylesheets: [directory + "/doc.cas"], devMode: false)
    return AppPilot(app, size: TerminalSize(width: width, height: height))
}

// Each widget section of docs/apps.md: its Swift (as written there) and its
// stylesheet (read from the page), with no diagnostics and the look it promises.
@MainActor
@Suite struct DocWidgetTests {
    @Test func scrollSection() throws {
        let details = ScrollView(id: "details")
        let rows = ["Size", "Modified", "Permissions"].map { Label($0) }
        details.content.addSubviews(rows)
        for (index, row) in rows.enumerated() {
            row.makeConstraints { make in
                make.left.right.equalToSuperview()
                make.top.equalTo(index == 0 ? details.content.top : rows[index - 1].bottom)
                if index == rows.count - 1 { make.bottom.equalToSuperview() }
            }
        }
        details.view.makeConstraints { make in make.height.equalTo(4) }
        let pilot = try docPilot("scroll.cas", [details], width: 20)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(pilot.lines[0].hasPrefix("╭─ Details ─"))
        #expect(pilot.lines[1].hasPrefix("│Size"))
        #expect(details.contentSize.height == 3)
        #expect(pilot.cell(x: 18, y: 1).foreground == .ansi(4))      // .scrollbar
        pilot.press(.tab)
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))       // .scroll[state:focused]
        pilot.press(.down)
        #expect(pilot.lines[1].hasPrefix("│Modified"))
        #expect(pilot.lines[2].hasPrefix("│Permissions"))
    }

    @Test func togglesSection() throws {
        var shown: [Bool] = []
        let hidden = Checkbox("Hidden files", id: "hidden")
        hidden.onChange = { on in shown.append(on) }
        let dark = Switch(isOn: true, id: "dark")
        let pilot = try docPilot("toggles.cas", [hidden, dark])
        #expect(pilot.app.diagnostics.isEmpty)
        pilot.app.focus(hidden)
        pilot.press(.character(" "))
        #expect(shown == [true])
        #expect(pilot.cell(x: 1, y: 0).foreground == .ansi(2))       // .mark[state:checked]
        #expect(pilot.cell(x: 5, y: 0).foreground == .ansi(3))       // .checkbox[state:focused]
        #expect(pilot.cell(x: 0, y: 1).foreground == .ansi(8))       // the track
        #expect(pilot.cell(x: 29, y: 1).foreground == .ansi(2))      // the knob, on
    }

    @Test func radioSection() throws {
        let sort = RadioGroup(["Name", "Size", "Modified"], selectedIndex: 0, id: "sort")
        var sorted: [Int] = []
        sort.onChange = { index in sorted.append(index) }
        let pilot = try docPilot("radio.cas", [sort])
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(pilot.lines[0].hasPrefix("╭─ Sort ─"))
        pilot.click(sort, x: 0, y: 2)
        #expect(sorted == [2])
        #expect(pilot.cell(x: 5, y: 3).foreground == .ansi(3))
        #expect(pilot.cell(x: 5, y: 3).attributes.contains(.bold))
    }

    @Test func textSection() throws {
        let path = try scratchDirectory(["notes.txt": "one\ntwo"]) + "/notes.txt"
        let preview = TextView(text: try String(contentsOfFile: path, encoding: .utf8), id: "preview")
        let log = LogView(maximumLines: 1_000, id: "events")
        log.append("opened \(path)")
        preview.view.makeConstraints { make in make.height.equalTo(4) }
        log.view.makeConstraints { make in make.height.equalTo(1) }
        let pilot = try docPilot("text.cas", [preview, log], width: 200)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(pilot.lines[1].hasPrefix("│ one"))
        #expect(pilot.cell(x: 0, y: 4).foreground == .ansi(8))
        pilot.app.focus(preview)
        pilot.settle()
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))
    }
}

extension DocWidgetTests {
    @Test func textAreaSection() throws {
        var bodies: [String] = []
        let notes = TextArea(text: "", id: "notes")
        notes.onChange = { text in bodies.append(text) }
        notes.view.makeConstraints { make in make.height.equalTo(4) }
        let pilot = try docPilot("textarea.cas", [notes])
        #expect(pilot.app.diagnostics.isEmpty)
        pilot.app.focus(notes)
        pilot.type("hi")
        #expect(bodies == ["h", "hi"])
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))
        #expect(pilot.cell(x: 5, y: 1).background == .rgb(red: 0x20, green: 0x20, blue: 0x30))
    }
}

// The sections of the overlays and screens: their Swift as written there (the
// app's own objects, `browser` and `document`, stand in as closures' records).
extension DocWidgetTests {
    @Test func selectSection() throws {
        var sorts: [Int] = []
        let order = Select(["Name", "Size", "Modified"], selectedIndex: 0, id: "order")
        order.onChange = { index in sorts.append(index) }
        let pilot = try docPilot("select.cas", [order])
        #expect(pilot.app.diagnostics.isEmpty)
        pilot.app.focus(order)
        pilot.settle()
        #expect(pilot.lines[0].hasPrefix("Name ") && pilot.lines[0].hasSuffix("▾"))
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))              // .select[state:focused]
        pilot.press(.enter)
        #expect(order.isOpen && pilot.lines[1].hasPrefix("╭"))              // .dropdown's border, below
        #expect(pilot.cell(x: 1, y: 2).background == .rgb(red: 0x20, green: 0x20, blue: 0x30))
        #expect(pilot.cell(x: 1, y: 2).foreground == .ansi(3))              // .option[state:selected]
        pilot.press(.down, .down, .enter)
        #expect(sorts == [2] && !order.isOpen && pilot.lines[0].hasPrefix("Modified "))
    }

    @Test func treeSection() throws {
        let preview = TextView(id: "preview")
        let files = Tree(root: TreeNode("project", children: [
            TreeNode("Sources", children: [TreeNode("main.swift")], isExpanded: true),
            TreeNode("README.md"),
        ], isExpanded: true), id: "files")
        files.onActivate = { node in preview.text = "opened \(node.label)" }
        files.view.makeConstraints { make in make.height.equalTo(4) }
        preview.view.makeConstraints { make in make.height.equalTo(1) }
        let pilot = try docPilot("tree.cas", [files, preview])
        #expect(pilot.app.diagnostics.isEmpty)
        pilot.app.focus(files)
        pilot.settle()
        #expect(Array(pilot.lines[0..<4]) == [
            "▾ project", "├─ ▾ Sources", "│  └─   main.swift", "└─   README.md",
        ])
        #expect(pilot.cell(x: 0, y: 1).foreground == .ansi(8))              // .guide
        #expect(pilot.cell(x: 0, y: 0).background == .ansi(4))             // the selected row, focused
        pilot.press(.down, .down, .enter)
        #expect(preview.text == "opened main.swift")
        #expect(pilot.lines[4].hasPrefix("opened main.swift"))
    }

    @Test func screensSection() throws {
        let directory = try scratchDirectory([
            "settings.cas": try docStylesheet("settings.cas"), "dialog.cas": try docStylesheet("dialog.cas"),
        ])
        let app = try App(root: View(.screen, id: "root"), stylesheets: [directory + "/dialog.cas"], devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 12))
        let settings = Screen(id: "settings", stylesheets: [directory + "/settings.cas"])
        let done = Button("Done", id: "done") { app.pop() }
        settings.root.addSubview(done)
        done.makeConstraints { make in make.center.equalToSuperview() }
        settings.bind(.character("b"), "Back") { app.pop() }
        app.push(settings)
        pilot.settle()
        #expect(app.diagnostics.isEmpty && app.currentScreen === settings)
        #expect(pilot.cell(x: 0, y: 0).background == .rgb(red: 0x10, green: 0x10, blue: 0x30))
        let doneRow = try #require(pilot.lines.firstIndex { $0.contains("Done") })
        let doneColumn = try #require(pilot.lines[doneRow].range(of: "Done")).lowerBound.utf16Offset(in: pilot.lines[doneRow])
        #expect(pilot.cell(x: doneColumn, y: doneRow).foreground == .ansi(3))   // #done[state:focused]
        pilot.press(.character("b"))
        #expect(app.currentScreen !== settings)
        app.push(settings)
        pilot.press(.enter)                                                     // Done pops
        #expect(app.currentScreen !== settings)

        app.push(settings)
        var quit = false
        let confirm = Dialog(title: "Quit?", message: "Unsaved changes will be lost.",
                             buttons: ["Cancel", "Quit"]) { choice in if choice == 1 { quit = true } }
        app.presentModal(confirm)
        pilot.settle()
        #expect(app.diagnostics.isEmpty)
        let box = try #require(pilot.lines.firstIndex { $0.contains("╭") })
        let corner = try #require(pilot.lines[box].firstIndex(of: "╭")).utf16Offset(in: pilot.lines[box])
        #expect(pilot.cell(x: corner, y: box).foreground == .ansi(3))           // .dialog's border
        let titleRow = try #require(pilot.lines.firstIndex { $0.contains("Quit?") })
        let titleColumn = try #require(pilot.lines[titleRow].range(of: "Quit?")).lowerBound.utf16Offset(in: pilot.lines[titleRow])
        #expect(pilot.cell(x: titleColumn, y: titleRow).foreground == .ansi(3)) // .dialog-title
        pilot.press(.right, .enter)
        #expect(quit && app.modals.isEmpty)
    }

    @Test func footerSection() throws {
        var ran: [String] = []
        let root = View(.screen, id: "root")
        let footer = Footer(id: "footer")
        root.addSubview(footer)
        footer.makeConstraints { make in make.left.right.bottom.equalToSuperview() }
        let directory = try scratchDirectory(["footer.cas": try docStylesheet("footer.cas")])
        let app = try App(root: root, stylesheets: [directory + "/footer.cas"], devMode: false)
        app.bind(.character("s"), "Save") { ran.append("save") }
        app.addCommand("Reload from disk") { ran.append("reload") }
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 12))
        pilot.settle()
        #expect(app.diagnostics.isEmpty)
        #expect(pilot.lines[11].hasPrefix(" s Save  ^P Commands"))
        #expect(pilot.cell(x: 1, y: 11).foreground == .ansi(3))              // .key
        #expect(pilot.cell(x: 3, y: 11).foreground == .ansi(7))              // .footer's colour
        #expect(pilot.cell(x: 39, y: 11).background == .ansi(4))
        pilot.press(.control("p"))
        let top = try #require(pilot.lines.firstIndex { $0.contains("╭") })
        let corner = try #require(pilot.lines[top].firstIndex(of: "╭")).utf16Offset(in: pilot.lines[top])
        #expect(pilot.cell(x: corner, y: top).foreground == .ansi(3))          // .palette
        pilot.type("rel")
        pilot.press(.enter)
        pilot.press(.character("s"))
        #expect(ran == ["reload", "save"])
    }

    @Test func notificationsSection() throws {
        let directory = try scratchDirectory(["toasts.cas": try docStylesheet("toasts.cas")])
        let app = try App(root: View(.screen, id: "root"), stylesheets: [directory + "/toasts.cas"], devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 8))
        app.notify("Saved notes.txt")
        app.notify("Permission denied: /root", severity: .error, timeout: .seconds(5))
        pilot.settle()
        #expect(app.diagnostics.isEmpty)
        #expect(pilot.lines[5].hasSuffix(" Saved notes.txt"))               // the newest at the bottom
        #expect(pilot.lines[6].hasSuffix(" Permission denied: /root"))
        #expect(pilot.cell(x: 38, y: 5).background == .rgb(red: 0x30, green: 0x30, blue: 0x30))   // .toast
        #expect(pilot.cell(x: 38, y: 6).background == .ansi(1))                                  // .toast.error
        #expect(pilot.cell(x: 30, y: 6).attributes.contains(.bold))
        pilot.advance(by: .seconds(3))
        #expect(app.notifications == ["Permission denied: /root"])
        pilot.advance(by: .seconds(2))
        #expect(app.notifications.isEmpty)
    }
}
