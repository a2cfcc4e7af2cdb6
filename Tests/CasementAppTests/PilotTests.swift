import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct PilotTests {
    @Test func aLabelShowsItsTextAndWrapsToItsWidth() throws {
        let label = Label("hello wide 世界 world", id: "greeting")
        let root = screen { root in
            root.addSubview(label)
            label.view.makeConstraints { make in
                make.top.left.equalToSuperview()
                make.width.lessThanOrEqualTo(11)
            }
        }
        let pilot = AppPilot(try App(root: root, devMode: false), size: TerminalSize(width: 20, height: 3))
        #expect(pilot.lines == ["hello wide", "世界 world", ""])
        label.text = "bye"
        pilot.settle()
        #expect(pilot.lines == ["bye", "", ""])
    }

    @Test func snapshotsAreWrittenOnceThenCompared() throws {
        let root = screen { place(Label("snap"), in: $0, x: 1, y: 0, width: 4, height: 1) }
        let pilot = AppPilot(try App(root: root, devMode: false), size: TerminalSize(width: 6, height: 2))
        #expect(pilot.snapshot() == "6x2\n snap\n\n")
        let directory = try scratchDirectory([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(pilot.matchesSnapshot(at: directory + "/one.txt"))
        #expect(pilot.matchesSnapshot(at: directory + "/one.txt"))
        try "6x2\nother\n\n".write(toFile: directory + "/one.txt", atomically: false, encoding: .utf8)
        #expect(!pilot.matchesSnapshot(at: directory + "/one.txt"))
    }

    @Test func timersRunOnTheVirtualClockInOrder() throws {
        let label = Label("0")
        let root = screen { place(label, in: $0, x: 0, y: 0, width: 5, height: 1) }
        let app = try App(root: root, devMode: false)
        var ticks = 0
        app.every(.seconds(1)) { ticks += 1; label.text = "\(ticks)" }
        var once: [Int] = []
        app.after(.milliseconds(1500)) { once.append(ticks) }
        let pilot = AppPilot(app, size: TerminalSize(width: 5, height: 1))
        pilot.advance(by: .seconds(3))
        #expect(ticks == 3)
        #expect(once == [1])
        #expect(pilot.lines == ["3"])
    }

    @Test func changesPostedFromAnotherThreadAreAppliedAtTheNextFrame() async throws {
        let label = Label("waiting")
        let root = screen { place(label, in: $0, x: 0, y: 0, width: 10, height: 1) }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 1))
        await Task.detached {
            app.post { label.text = "arrived" }
        }.value
        #expect(pilot.lines == ["waiting"])
        pilot.settle()
        #expect(pilot.lines == ["arrived"])
    }

    @Test func aFrameIsOnlyBuiltWhenSomethingChanged() throws {
        let label = Label("same")
        let root = screen { place(label, in: $0, x: 0, y: 0, width: 10, height: 1) }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 1))
        #expect(app.renderFrame() == nil)
        label.text = "changed"
        #expect(app.renderFrame() != nil)
        #expect(pilot.lines == ["changed"])
    }

    @Test func resizingLaysTheAppOutAgain() throws {
        let table = Table(columns: [TableColumn("A")], rows: (0..<20).map { ["row \($0)"] })
        let root = screen { root in
            root.addSubview(table)
            table.view.makeConstraints { make in make.edges.equalToSuperview() }
        }
        let pilot = AppPilot(try App(root: root, devMode: false), size: TerminalSize(width: 10, height: 4))
        #expect(pilot.lines == ["A", "row 0", "row 1", "row 2"])
        pilot.resize(to: TerminalSize(width: 12, height: 6))
        #expect(pilot.lines.count == 6)
        #expect(pilot.lines[5] == "row 4")
    }
}
