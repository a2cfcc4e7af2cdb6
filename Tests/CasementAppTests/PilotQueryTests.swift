import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct PilotQueryTests {
    func makeApp() throws -> (AppPilot, Button, Checkbox, Checkbox) {
        let save = Button("Save", id: "save")
        let hidden = Checkbox("Hidden", id: "hidden")
        let wrap = Checkbox("Wrap", id: "wrap", classes: ["option"])
        let panel = View(.box, id: "panel")
        let root = screen { root in
            place(save, in: root, x: 0, y: 0, width: 8, height: 1)
            root.addSubview(panel)
            panel.makeConstraints { make in make.left.equalToSuperview(); make.top.equalToSuperview().offset(1); make.width.equalTo(20); make.height.equalTo(2) }
            place(hidden, in: panel, x: 0, y: 0, width: 10, height: 1)
            place(wrap, in: panel, x: 0, y: 1, width: 10, height: 1)
        }
        let app = try App(root: root, devMode: false)
        return (AppPilot(app, size: TerminalSize(width: 20, height: 4)), save, hidden, wrap)
    }

    @Test func queriesUseTheStylesheetsSelectors() throws {
        let (pilot, save, hidden, wrap) = try makeApp()
        #expect(pilot.query("#save").map(\.view.id) == [save.view.id])
        #expect(pilot.query(".checkbox").count == 2)
        #expect(pilot.query("box .checkbox.option").first === wrap)
        #expect(pilot.query("#panel > .checkbox").first === hidden)
        #expect(pilot.query(".button, .checkbox").count == 3)
        pilot.app.focus(hidden)
        pilot.press(.character(" "))
        #expect(pilot.query(".checkbox[state:checked]").first === hidden)
        #expect(pilot.query(".checkbox[state:focused]").first === hidden)
        #expect(pilot.query("#nothing").isEmpty)
        #expect(pilot.query("..bad").isEmpty)
        #expect(!pilot.selectorDiagnostics("..bad").isEmpty)
        #expect(pilot.selectorDiagnostics(".button").isEmpty)
    }

    @Test func snapshotsInThreeFormatsAndADiffThatWritesTheNewScreen() throws {
        let (pilot, _, hidden, _) = try makeApp()
        #expect(pilot.snapshot(format: .plain).hasPrefix("20x4\n  Save"))
        #expect(pilot.snapshot(format: .ansi).contains("  Save"))
        #expect(pilot.snapshot(format: .svg).hasPrefix("<svg"))
        let directory = try scratchDirectory([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Snapshots/screen.txt"
        let first = pilot.compareSnapshot(at: path)
        #expect(first.matches && first.recorded)
        #expect(pilot.compareSnapshot(at: path).matches)
        hidden.isOn = true
        pilot.settle()
        let changed = pilot.compareSnapshot(at: path)
        #expect(!changed.matches && changed.newPath == path + ".new")
        #expect(changed.diff.contains("-[ ] Hidden") && changed.diff.contains("+[x] Hidden") && changed.diff.contains("   Save"))
        #expect(FileManager.default.fileExists(atPath: path + ".new"))
        hidden.isOn = false
        pilot.settle()
        #expect(pilot.compareSnapshot(at: path).matches)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
        let svgPath = directory + "/Snapshots/screen.svg"
        #expect(pilot.compareSnapshot(at: svgPath, format: .svg).recorded)
        #expect(try String(contentsOfFile: svgPath, encoding: .utf8).hasPrefix("<svg"))
    }
}
