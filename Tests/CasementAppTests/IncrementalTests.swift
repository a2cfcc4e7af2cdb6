import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct IncrementalTests {
    @Test func contentChangesRepaintWithoutTouchingTheLayout() throws {
        let gauge = Gauge(value: 0.1)
        let root = screen { place(gauge, in: $0, x: 0, y: 0, width: 10, height: 1) }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 1))
        let (frames, layouts) = (app.frameCount, app.layoutUpdateCount)
        gauge.value = 0.9
        pilot.settle()
        #expect(app.frameCount == frames + 1)
        #expect(app.layoutUpdateCount == layouts)
        #expect(pilot.lines == ["████▌  90%"])
    }

    @Test func aNewIntrinsicSizeUpdatesConstantsInPlace() throws {
        let button = Button("Go", id: "go")
        let root = screen { root in
            root.addSubview(button)
            button.view.makeConstraints { make in make.left.top.equalToSuperview() }
        }
        let app = try App(root: root, devMode: false)
        _ = AppPilot(app, size: TerminalSize(width: 20, height: 2))
        button.label = "Go further"
        app.renderFrame()
        let counts = try #require(app.layout.lastReport?.counts)
        #expect(counts.added == 0 && counts.removed == 0 && counts.replaced == 0)
        #expect(counts.constantsChanged > 0)
        #expect(app.frame(of: button.view)?.width == 12)
    }

    @Test func contentIsClippedToTheBoxesAroundIt() throws {
        let list = ListView(items: ["a long line of text", "second", "third"])
        let root = screen { root in
            let box = View(.box, id: "frame")
            root.addSubview(box)
            box.makeConstraints { make in
                make.left.top.equalToSuperview()
                make.width.equalTo(8)
                make.height.equalTo(3)
            }
            box.addSubview(list)
            list.view.makeConstraints { make in
                make.left.top.equalToSuperview().offset(1)
                make.width.equalTo(30)
                make.height.equalTo(5)
            }
        }
        let directory = try scratchDirectory(["app.cas": "#frame { border single }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try App(root: root, stylesheets: [directory + "/app.cas"], devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 12, height: 4))
        #expect(pilot.lines == ["┌──────┐", "│a long│", "└──────┘", ""])
    }

    @Test func theWheelMovesThePointerAndScrollsTheWidgetUnderIt() throws {
        let left = ListView(items: (0..<20).map(String.init), id: "left")
        let right = ListView(items: (0..<20).map(String.init), id: "right")
        let root = screen { root in
            place(left, in: root, x: 0, y: 0, width: 5, height: 4)
            place(right, in: root, x: 5, y: 0, width: 5, height: 4)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 4))
        pilot.send(.scrollDown(x: 6, y: 1))
        #expect(right.scrollOffset == 3)
        #expect(left.scrollOffset == 0)
        #expect(app.hoveredWidget === right)
        #expect(app.focusedWidget == nil)
    }
}
