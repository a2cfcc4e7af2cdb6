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
