import CasementApp
import Foundation
import Testing

@MainActor
@Suite(.serialized) struct DevModeTests {
    func app(dev: Bool, stylesheet: String) throws -> (App, TextField, String) {
        let directory = try scratchDirectory(["app.cas": stylesheet])
        let field = TextField(id: "name")
        let root = screen { place(field, in: $0, x: 0, y: 0, width: 12, height: 1) }
        return (try App(root: root, stylesheets: [directory + "/app.cas"], devMode: dev), field, directory)
    }

    @Test func devModeIsAskedForWithAFlagOrTheEnvironment() {
        #expect(App.devModeRequested(arguments: ["top", "--dev"], environment: [:]))
        #expect(App.devModeRequested(arguments: ["top"], environment: ["CASEMENT_DEV": "1"]))
        #expect(!App.devModeRequested(arguments: ["top"], environment: [:]))
        #expect(!App.devModeRequested(arguments: ["--dev"], environment: [:]))  // the program name is not a flag
    }

    @Test func aChangedStylesheetRestylesTheRunningAppAndKeepsItsState() throws {
        let (app, field, directory) = try app(dev: true, stylesheet: ".textfield { color red }\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 12, height: 4))
        app.focus(field)
        pilot.type("kept")
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(1))
        try ".textfield { color green }\n".write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(2))
        #expect(field.text == "kept")
        #expect(app.focusedWidget === field)
    }

    @Test func reloadErrorsOpenTheDrawerAndKeepTheLastGoodStyles() throws {
        let (app, field, directory) = try app(dev: true, stylesheet: ".textfield { color red }\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 140, height: 6))
        try ".textfield { color: $nope }\n".write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.text.contains("1 error"))
        #expect(app.computedStyle(of: field.view)?.foregroundColor == .ansi(1))  // the last good style stays
        #expect(pilot.text.contains("app.cas:1:"))
        try ".textfield { color blue }\n".write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(!pilot.text.contains("error"))
    }

    @Test func f12TogglesTheInspectorOverTheApp() throws {
        let (app, field, directory) = try app(dev: true, stylesheet: "")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 150, height: 30))
        app.focus(field)
        pilot.press(.function(12))
        #expect(pilot.text.contains("VIEWS 2"))
        #expect(pilot.text.contains("▶  name box .textfield"))
        #expect(pilot.text.contains("satisfied · CasementAppTests/Support.swift:16:35"))  // the Swift line of the rule
        pilot.press(.character("z"))
        #expect(field.text == "z")
        pilot.press(.function(12))
        #expect(!pilot.text.contains("VIEWS"))
    }

    @Test func theInspectorStrikesThroughOverriddenDeclarations() throws {
        let (app, field, directory) = try app(dev: true, stylesheet: "box { color red }\n.textfield { color blue }\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 120, height: 40))
        app.focus(field)
        pilot.press(.function(12))
        func column(of text: String, in row: Int) throws -> Int {
            let line = pilot.lines[row]
            return try #require(line.range(of: text)).lowerBound.utf16Offset(in: line)
        }
        let loser = try #require(pilot.lines.firstIndex { $0.contains("color red") })
        #expect(pilot.cell(x: try column(of: "color red", in: loser), y: loser).attributes.contains(.strikethrough))
        let winner = try #require(pilot.lines.firstIndex { $0.contains("color blue") })
        #expect(!pilot.cell(x: try column(of: "color blue", in: winner), y: winner).attributes.contains(.strikethrough))
    }

    @Test func withoutDevModeF12IsAnOrdinaryKey() throws {
        let (app, _, directory) = try app(dev: false, stylesheet: "")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var f12 = 0
        app.bind(.function(12)) { f12 += 1 }
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 5))
        pilot.press(.function(12))
        #expect(f12 == 1)
        #expect(!pilot.text.contains("Inspector"))
    }

    @Test func aChangedSpecReloadsAndTheWidgetsMoveIntoItsNewViews() throws {
        let directory = try scratchDirectory([
            "app.layout": "screen root {\n  box panel {\n    left, top == 0\n    width == 10\n    height == 3\n  }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try App(spec: directory + "/app.layout", devMode: true)
        let list = ListView(items: ["a", "b", "c"], id: "list")
        app.view("panel")?.addSubview(list)
        list.view.makeConstraints { make in make.edges.equalToSuperview() }
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 5))
        app.focus(list)
        pilot.press(.down)
        #expect(app.frame(of: list.view) == ViewFrame(x: 0, y: 0, width: 10, height: 3))
        try "screen root {\n  box panel {\n    left == 5\n    top == 1\n    width == 10\n    height == 3\n  }\n}\n"
            .write(toFile: directory + "/app.layout", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(app.frame(of: list.view) == ViewFrame(x: 5, y: 1, width: 10, height: 3))
        #expect(list.selectedIndex == 1)
        #expect(pilot.lines[2] == "     b")
    }

    @Test func aPushedScreenFromASpecReloadsItsOwnFiles() throws {
        let directory = try scratchDirectory([
            "app.layout": "use \"app.cas\"\nscreen root {\n  box panel { left, top == 0; width == 10; height == 3 }\n}\n",
            "app.cas": "@import \"theme.cas\"\n#panel { border single }\n",
            "theme.cas": "$accent = red\n",
            "help.layout": "use \"help.cas\"\nscreen help {\n  box topics { left == 1; top == 1; width == 12; height == 3 }\n}\n",
            "help.cas": "#topics { border single; title \"Help\" }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try App(spec: directory + "/app.layout", devMode: true)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 6))
        let help = try Screen(spec: directory + "/help.layout")
        let list = ListView(items: ["keys", "files"], id: "list")
        help.view("topics")?.addSubview(list)
        list.view.makeConstraints { make in make.edges.equalToSuperview().inset(1) }
        app.push(help)
        pilot.press(.down)
        #expect(pilot.lines[1] == " ┌─ Help ───┐")
        // Its own spec: reloaded, the list moved into the new view with its state.
        try "use \"help.cas\"\nscreen help {\n  box topics { left == 4; top == 2; width == 12; height == 3 }\n}\n"
            .write(toFile: directory + "/help.layout", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.lines[2] == "    ┌─ Help ───┐")
        #expect(list.selectedIndex == 1 && app.focusedWidget === list)
        // Its own stylesheet: restyled in place.
        try "#topics { border double; title \"Help\" }\n".write(toFile: directory + "/help.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.lines[2] == "    ╔═ Help ═══╗")
        // The app's spec changes below it: the screen shown stays itself.
        try "use \"app.cas\"\nscreen root {\n  box panel { left, top == 1; width == 10; height == 3 }\n}\n"
            .write(toFile: directory + "/app.layout", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.lines[2] == "    ╔═ Help ═══╗")
        #expect(app.diagnostics.isEmpty)
        app.pop()
        pilot.settle()
        #expect(app.frame(of: app.view("panel")!) == ViewFrame(x: 1, y: 1, width: 10, height: 3))
    }

    @Test func aScreenPushedOnASpecAppReadsItsStylesheetsOnce() throws {
        let directory = try scratchDirectory([
            "app.layout": "use \"app.cas\"\nscreen root {\n  box panel { left, top == 0; width == 10; height == 3 }\n}\n",
            "app.cas": "@import \"theme.cas\"\n.note { color $accent }\n",
            "theme.cas": "$accent = red\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try App(spec: directory + "/app.layout", devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 6))
        let settings = Screen(id: "settings")
        let note = Label("saved", id: "note", classes: ["note"])
        settings.root.addSubview(note)
        note.makeConstraints { make in make.left.top.equalToSuperview() }
        app.push(settings)
        #expect(settings.layout?.stylesheets == [directory + "/app.cas"])   // its import comes through it
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(1))
        #expect(app.diagnostics.isEmpty)
    }
}

