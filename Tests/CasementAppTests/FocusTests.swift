import CasementApp
import Foundation
import Testing

/// A container that records the keys that bubble up to it.
@MainActor
final class Recorder: Widget {
    var seen: [Key] = []
    init(id: String) { super.init(id: id, widgetClass: "recorder") }
    override func handle(_ event: Event) -> Bool {
        guard let key = event.key else { return false }
        seen.append(key)
        return key == .character("x")
    }
}

@MainActor
@Suite struct FocusTests {
    func threeButtons() throws -> (App, [Button]) {
        let buttons = [Button("One", id: "one"), Button("Two", id: "two"), Button("Three", id: "three")]
        let root = screen { root in
            for (index, button) in buttons.enumerated() { place(button, in: root, x: 0, y: index * 3, width: 9, height: 3) }
        }
        let directory = try scratchDirectory(["app.cas": """
            .button { border single; border-color white }
            .button[state:focused] { border-color yellow }
            .button[state:disabled] { color red }
            .button[state:hovered] { background-color blue }
            """])
        let app = try App(root: root, stylesheets: [directory + "/app.cas"], devMode: false)
        return (app, buttons)
    }

    @Test func tabAndShiftTabMoveFocusInTreeOrderAndWrap() throws {
        let (app, buttons) = try threeButtons()
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 9))
        #expect(app.focusedWidget == nil)
        pilot.press(.tab)
        #expect(app.focusedWidget === buttons[0])
        pilot.press(.tab, .tab, .tab)
        #expect(app.focusedWidget === buttons[0])
        pilot.press(.backTab)
        #expect(app.focusedWidget === buttons[2])
    }

    @Test func theFocusedStateRestylesThroughStateSelectors() throws {
        let (app, buttons) = try threeButtons()
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 9))
        #expect(pilot.cell(x: 0, y: 3).foreground == .ansi(7))
        app.focus(buttons[1])
        pilot.settle()
        #expect(pilot.cell(x: 0, y: 3).foreground == .ansi(3))
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(7))
        #expect(app.layout.lastReport != nil)
    }

    @Test func disabledWidgetsAreSkippedAndIgnoreInput() throws {
        let (app, buttons) = try threeButtons()
        var pressed: [String] = []
        for button in buttons { button.onPress = { pressed.append(button.label) } }
        buttons[1].isDisabled = true
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 9))
        pilot.press(.tab, .tab)
        #expect(app.focusedWidget === buttons[2])
        pilot.click(buttons[1])
        #expect(pressed.isEmpty)
        #expect(pilot.cell(x: 1, y: 4).foreground == .ansi(1))
        pilot.press(.enter)
        #expect(pressed == ["Three"])
    }

    @Test func hoverSetsTheHoveredState() throws {
        let (app, _) = try threeButtons()
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 9))
        pilot.hover(x: 2, y: 7)
        #expect(pilot.cell(x: 2, y: 7).background == .ansi(4))
        #expect(pilot.cell(x: 2, y: 1).background == nil)
    }

    @Test func aClickFocusesTheWidgetUnderThePointer() throws {
        let (app, buttons) = try threeButtons()
        var pressed = 0
        buttons[2].onPress = { pressed += 1 }
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 9))
        pilot.click(x: 3, y: 7)
        #expect(app.focusedWidget === buttons[2])
        #expect(pressed == 1)
    }

    @Test func keysBubbleFromTheFocusedWidgetToItsContainersThenTheApp() throws {
        let outer = Recorder(id: "outer")
        let field = TextField(id: "field")
        var appKeys: [Key] = []
        let root = screen { root in
            place(outer, in: root, x: 0, y: 0, width: 20, height: 3)
            outer.view.addSubview(field)
            field.view.makeConstraints { make in make.edges.equalToSuperview() }
        }
        let app = try App(root: root, devMode: false)
        app.bind(.character("x")) { appKeys.append(.character("x")) }
        app.bind(.function(5)) { appKeys.append(.function(5)) }
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 3))
        app.focus(field)
        pilot.press(.character("a"), .up, .function(5))
        #expect(field.text == "a")
        #expect(outer.seen == [.up, .function(5)])
        #expect(appKeys == [.function(5)])
        app.focus(nil)
        pilot.press(.character("x"))
        #expect(appKeys == [.function(5), .character("x")])  // nobody focused: straight to the app
        app.focus(outer)
        pilot.press(.character("x"))
        #expect(outer.seen.last == .character("x"))
        #expect(appKeys == [.function(5), .character("x")])  // the container handled it
    }
}
