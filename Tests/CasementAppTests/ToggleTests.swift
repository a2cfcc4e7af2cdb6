import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct ToggleTests {
    @Test func checkboxTogglesBySpaceEnterAndClick() throws {
        let box = Checkbox("Hidden files", id: "hidden")
        var heard: [Bool] = []
        box.onChange = { heard.append($0) }
        let pilot = try pilot(on: box, width: 20, height: 1)
        #expect(pilot.lines == ["[ ] Hidden files"])
        pilot.press(.character(" "))
        #expect(box.isOn)
        #expect(pilot.lines == ["[x] Hidden files"])
        pilot.press(.enter)
        #expect(!box.isOn)
        pilot.click(box, x: 6, y: 0)
        #expect(box.isOn)
        #expect(heard == [true, false, true])
        pilot.press(.character("x"))
        #expect(box.isOn)
        #expect(pilot.app.frame(of: box.view)?.width == 20)
    }

    @Test func checkboxLooksFollowTheCheckedState() throws {
        let box = Checkbox("Wrap", isOn: true, id: "wrap")
        let pilot = try pilot(on: box, width: 10, height: 1, stylesheet: """
            .checkbox { color white }
            .checkbox[state:checked] { color cyan }
            .mark[state:checked] { color green; bold true }
            .checkbox[state:disabled] { color bright-black }
            """)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(pilot.cell(x: 1, y: 0).foreground == .ansi(2))
        #expect(pilot.cell(x: 1, y: 0).attributes.contains(.bold))
        #expect(pilot.cell(x: 4, y: 0).foreground == .ansi(6))
        pilot.press(.character(" "))
        #expect(pilot.cell(x: 4, y: 0).foreground == .ansi(7))
        #expect(pilot.cell(x: 1, y: 0).attributes.contains(.bold) == false)
        box.isDisabled = true
        pilot.settle()
        #expect(pilot.cell(x: 4, y: 0).foreground == .ansi(8))
        pilot.press(.character(" "))
        #expect(!box.isOn)
    }

    @Test func switchTogglesAndDrawsItsKnob() throws {
        let toggle = Switch(id: "dark")
        var heard: [Bool] = []
        toggle.onChange = { heard.append($0) }
        let pilot = try pilot(on: toggle, width: 3, height: 1, stylesheet: ".knob[state:checked] { color green }")
        #expect(pilot.lines == ["●━━"])
        pilot.press(.enter)
        #expect(pilot.lines == ["━━●"])
        #expect(pilot.cell(x: 2, y: 0).foreground == .ansi(2))
        pilot.click(toggle)
        pilot.press(.character(" "))
        #expect(heard == [true, false, true])
        #expect(toggle.isOn && toggle.isChecked)
    }

    @Test func radioGroupChoosesByArrowsAndClicks() throws {
        let radio = RadioGroup(["Name", "Size", "Modified"], selectedIndex: 1, id: "sort")
        var heard: [Int] = []
        radio.onChange = { heard.append($0) }
        let pilot = try pilot(on: radio, width: 14, height: 3, stylesheet: """
            .option[state:selected][state:focused] { color yellow }
            """)
        #expect(pilot.lines == ["( ) Name", "(•) Size", "( ) Modified"])
        #expect(pilot.cell(x: 4, y: 1).foreground == .ansi(3))
        pilot.press(.up)
        #expect(radio.selectedIndex == 0)
        pilot.press(.up)
        pilot.press(.end)
        #expect(radio.selectedOption == "Modified")
        pilot.click(radio, x: 2, y: 1)
        #expect(pilot.lines == ["( ) Name", "(•) Size", "( ) Modified"])
        #expect(heard == [0, 2, 1])
        #expect(pilot.app.frame(of: radio.view)?.height == 3)
    }

    @Test func radioGroupMisuseWarnsAtTheSwiftLine() throws {
        let empty = RadioGroup([], id: "none"); let emptyLine = #line
        let wide = RadioGroup(["a", "b"], selectedIndex: 5, id: "wide"); let wideLine = #line
        let root = screen { root in
            place(empty, in: root, x: 0, y: 0, width: 5, height: 1)
            place(wide, in: root, x: 0, y: 1, width: 5, height: 2)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 10, height: 3))
        #expect(wide.selectedIndex == 1)
        app.focus(empty)
        pilot.press(.down, .up, .end)
        #expect(empty.selectedIndex == 0 && empty.selectedOption == nil)
        let warnings = app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [emptyLine, wideLine])
        #expect(warnings.allSatisfy { $0.location.file.hasSuffix("ToggleTests.swift") })
        #expect(warnings[1].message.contains("out of range"))
        wide.selectedIndex = -3
        #expect(wide.selectedIndex == 0)
    }
}
