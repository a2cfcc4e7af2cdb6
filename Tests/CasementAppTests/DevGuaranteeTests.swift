import CasementApp
import Foundation
import Testing

/// The designer's guarantees, kept by an app in dev mode (the same scenarios as
/// the designer's: a broken `.cas`, a broken `.layout`, a conflict, recovery):
/// errors located with a caret, the last good styles and layout kept across any
/// number of frames until a good save, the screen never smaller than the
/// terminal, the app's state kept throughout.
@MainActor
@Suite(.serialized) struct DevGuaranteeTests {
    static let spec = """
        use "app.cas"
        screen root {
          box panel { left == 0; top == 0; width == 30; height == 6 }
          box side { left == panel.right + 2; top == 0; width == 20; height == 6 }
        }

        """
    static let sheet = "screen > box { border rounded }\n"

    /// An app from `app.layout` and `app.cas` in a scratch directory: a list in
    /// `panel`, and a clock label in `side` that a timer changes every second.
    func app() throws -> (App, ListView, Label, String) {
        let directory = try scratchDirectory(["app.layout": Self.spec, "app.cas": Self.sheet])
        let app = try App(spec: directory + "/app.layout", devMode: true)
        let list = ListView(items: (1...9).map { "item \($0)" }, id: "list")
        let clock = Label("tick 0", id: "clock")
        app.view("panel")?.addSubview(list)
        app.view("side")?.addSubview(clock)
        list.view.makeConstraints { make in make.edges.equalToSuperview().inset(1) }
        clock.view.makeConstraints { make in
            make.left.top.equalToSuperview().offset(1)
        }
        var ticks = 0
        _ = app.every(.seconds(1)) {
            ticks += 1
            clock.text = "tick \(ticks)" + String(repeating: "!", count: ticks % 3)
        }
        return (app, list, clock, directory)
    }

    func save(_ text: String, as name: String, in directory: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    }

    func corner(_ pilot: AppPilot) -> Character? { pilot.lines.first?.first }

    @Test func aBrokenStylesheetKeepsTheLastGoodStylesOverManyFramesUntilAGoodSave() throws {
        let (app, list, clock, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        app.focus(list)
        pilot.press(.down, .down)
        #expect(corner(pilot) == "╭")
        try save(Self.sheet + "screen > box { border double; margin-left 4x }\n", as: "app.cas", in: directory)
        pilot.reloadChangedFiles()
        #expect(pilot.text.contains("app.cas:2:"), "\(pilot.text)")
        #expect(pilot.lines.contains { $0.contains("^") })
        // Frames go on (the clock ticks, the layout changes): the broken sheet never applies.
        for second in 1...5 {
            pilot.advance(by: .seconds(1))
            #expect(clock.text.hasPrefix("tick \(second)"))
            #expect(corner(pilot) == "╭", "after \(second) s:\n\(pilot.text)")
            #expect(pilot.text.contains("app.cas:2:"))
        }
        #expect(list.selectedIndex == 2)
        try save(Self.sheet + "screen > box { border double }\n", as: "app.cas", in: directory)
        pilot.reloadChangedFiles()
        #expect(corner(pilot) == "╔", "\(pilot.text)")
        #expect(!pilot.text.contains("app.cas:2:"))
        #expect(list.selectedIndex == 2)
    }

    @Test func aBrokenSpecKeepsTheLastGoodLayoutOverManyFramesUntilAGoodSave() throws {
        let (app, list, clock, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        app.focus(list)
        pilot.press(.down)
        let panel = ViewFrame(x: 0, y: 0, width: 30, height: 6)
        #expect(app.frame(of: try #require(app.view("panel"))) == panel)
        try save(Self.spec.replacing("width == 30", with: "width == 30px"), as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        #expect(pilot.text.contains("app.layout:3:"), "\(pilot.text)")
        #expect(pilot.lines.contains { $0.contains("^") })
        for second in 1...4 {
            pilot.advance(by: .seconds(1))
            #expect(clock.text.hasPrefix("tick \(second)"))
            #expect(app.frame(of: try #require(app.view("panel"))) == panel, "after \(second) s")
            #expect(app.frame(of: list.view) == ViewFrame(x: 1, y: 1, width: 28, height: 4))
            #expect(pilot.text.contains("app.layout:3:"))
        }
        // Changes made from Swift keep applying meanwhile.
        list.items.append("item 10")
        pilot.settle()
        #expect(list.items.count == 10)
        try save(Self.spec.replacing("width == 30", with: "width == 40"), as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        #expect(!pilot.text.contains("app.layout:3:"), "\(pilot.text)")
        #expect(app.frame(of: try #require(app.view("panel"))) == ViewFrame(x: 0, y: 0, width: 40, height: 6))
        #expect(list.selectedIndex == 1)
        #expect(app.focusedWidget === list)
    }

    @Test func aConflictIsAppliedBreakingTheNewRuleNeverTheScreen() throws {
        let (app, list, _, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        app.focus(list)
        pilot.press(.down)
        let conflicting = Self.spec.replacing("width == 30; height == 6 }", with: "width == 30; height == 6\n    width == 12 }")
        try save(conflicting, as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        // Applied: the rule written last is the one broken, reported at its line.
        let error = try #require(app.diagnostics.first { $0.severity == .error })
        #expect(error.location.line == 4, "\(error)")
        #expect(error.message.contains("panel.width == 12"))
        #expect(app.frame(of: try #require(app.view("panel")))?.width == 30)
        #expect(app.frame(of: app.root) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        #expect(pilot.lines[0].contains("✖ 1"), "\(pilot.lines[0])")  // the badge F12 expands
        #expect(list.selectedIndex == 1)
        // A rule that would shrink the screen is broken the same way.
        try save(Self.spec.replacing("screen root {", with: "screen root {\n  width == 40"), as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        #expect(app.frame(of: app.root) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
        #expect(app.diagnostics.contains { $0.severity == .error && $0.location.line == 3 })
    }

    @Test func bothFilesBrokenThenFixedOneByOne() throws {
        let (app, list, _, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        app.focus(list)
        pilot.press(.down)
        try save(Self.sheet + "screen > box { border double; margin-left 4x }\n", as: "app.cas", in: directory)
        pilot.reloadChangedFiles()
        // A good spec save read with the broken sheet is not taken either.
        try save(Self.spec.replacing("width == 30", with: "width == 40"), as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        #expect(app.frame(of: try #require(app.view("panel")))?.width == 30)
        #expect(corner(pilot) == "╭")
        #expect(pilot.text.contains("app.cas:2:"), "\(pilot.text)")
        // Fixing the sheet takes both saves.
        try save(Self.sheet + "screen > box { border double }\n", as: "app.cas", in: directory)
        pilot.reloadChangedFiles()
        #expect(app.frame(of: try #require(app.view("panel")))?.width == 40)
        #expect(corner(pilot) == "╔")
        #expect(!pilot.text.contains("app.cas:2:"))
        #expect(list.selectedIndex == 1)
    }

    @Test func anAppBuiltInCodeKeepsTheLastGoodStylesWhileItsViewsChange() throws {
        let directory = try scratchDirectory(["app.cas": ".label { color red }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let label = Label("0", id: "count")
        let root = screen { place(label, in: $0, x: 0, y: 0, width: 10, height: 1) }
        let app = try App(root: root, stylesheets: [directory + "/app.cas"], devMode: true)
        let pilot = AppPilot(app, size: TerminalSize(width: 60, height: 24))
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(1))
        try ".label { color green; margin-left 4x }\n".write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        for count in 1...5 {
            label.text = String(count)
            label.view.updateConstraints { make in make.width.equalTo(10 + count) }
            pilot.settle()
            #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(1), "frame \(count)")
            #expect(app.frame(of: label.view)?.width == 10 + count)
            #expect(pilot.text.contains("app.cas:1:"))
        }
        try ".label { color green }\n".write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
        pilot.reloadChangedFiles()
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(2))
        #expect(!pilot.text.contains("app.cas:1:"))
    }

    /// What code did to a spec's views (an updated rule, a rule of its own)
    /// survives a save of the spec: the save is merged into the views in place.
    @Test func changesMadeFromSwiftToSpecViewsSurviveASpecSave() throws {
        let (app, _, _, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        let panel = try #require(app.view("panel"))
        panel.updateConstraints { make in make.width.equalTo(34) }
        let side = try #require(app.view("side"))
        side.makeConstraints { make in make.height.equalTo(9).priority(.high) }
        pilot.advance(by: .seconds(1))
        #expect(app.frame(of: panel)?.width == 34)
        let saved = Self.spec.replacingOccurrences(of: "width == 20", with: "width == 22")
        try save(saved, as: "app.layout", in: directory)
        pilot.reloadChangedFiles()
        pilot.advance(by: .seconds(1))
        #expect(app.frame(of: panel)?.width == 34, "\(pilot.text)")
        #expect(app.frame(of: side)?.width == 22, "\(pilot.text)")
        #expect(app.view("panel") === panel)
        #expect(app.diagnostics.filter { $0.severity == .error }.isEmpty, "\(app.diagnostics)")
    }

    @Test func aSpecWithErrorsStartsWithThemInTheDrawer() throws {
        let directory = try scratchDirectory([
            "app.layout": Self.spec.replacing("width == 30", with: "width == 30x"), "app.cas": Self.sheet,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try App(spec: directory + "/app.layout", devMode: true)
        #expect(app.diagnostics.contains { $0.severity == .error && $0.location.line == 3 })
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        #expect(pilot.text.contains("app.layout:3:"), "\(pilot.text)")
    }

    /// Only a spec that yields nothing to lay out throws, at its file:line:col.
    @Test func aSpecWithNoViewIsThrownAtItsLine() throws {
        let directory = try scratchDirectory(["empty.layout": "use \"app.cas\"\n# nothing here\n", "app.cas": ""])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = #expect(throws: CasementError.self) { try App(spec: directory + "/empty.layout", devMode: false) }
        #expect(error?.description.hasPrefix(directory + "/empty.layout:1:1: error: it declares no view") == true)
        try "screen root {\n  box a { width == 3 }\n".write(toFile: directory + "/unclosed.layout", atomically: false, encoding: .utf8)
        let app = try App(spec: directory + "/unclosed.layout", devMode: false)
        #expect(app.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("unclosed.layout") })
    }
}
