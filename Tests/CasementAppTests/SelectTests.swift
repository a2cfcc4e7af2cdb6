import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct SelectTests {
    /// A select at the top of a 20 × 8 screen, with a label under it that the list covers.
    func makeApp(_ select: Select, stylesheet: String? = nil, y: Int = 0) throws -> (AppPilot, Label) {
        let label = Label("under the list", id: "under")
        let root = screen { root in
            place(select, in: root, x: 0, y: y, width: 12, height: 1)
            place(label, in: root, x: 0, y: y == 0 ? 2 : 0, width: 20, height: 1)
        }
        var sheets: [String] = []
        if let stylesheet { sheets = [try scratchDirectory(["s.cas": stylesheet]) + "/s.cas"] }
        let app = try App(root: root, stylesheets: sheets, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 8))
        app.focus(select)
        pilot.settle()
        return (pilot, label)
    }

    @Test func opensOverWhatIsBelowAndChoosesByKeys() throws {
        let select = Select(["Name", "Size", "Modified"], selectedIndex: 0, id: "sort")
        var heard: [Int] = []
        select.onChange = { heard.append($0) }
        let (pilot, _) = try makeApp(select)
        #expect(pilot.lines[0] == "Name       ▾")
        #expect(pilot.lines[2] == "under the list")
        pilot.press(.enter)
        #expect(select.isOpen)
        #expect(Array(pilot.lines[0...3]) == ["Name       ▴", "Name", "Size        st", "Modified"])
        #expect(pilot.cell(x: 0, y: 1).attributes.contains(.reverse))   // highlighted: the chosen one
        pilot.press(.down, .down)
        #expect(pilot.cell(x: 0, y: 3).attributes.contains(.reverse))
        pilot.press(.enter)
        #expect(!select.isOpen && select.selectedIndex == 2 && select.selectedOption == "Modified")
        #expect(pilot.lines[2] == "under the list")
        pilot.press(.character(" "), .up, .escape)
        #expect(!select.isOpen && select.selectedIndex == 2)
        #expect(heard == [2])
    }

    @Test func clicksOpenChooseAndCloseIt() throws {
        let select = Select(["Name", "Size", "Modified"], id: "sort")
        let (pilot, label) = try makeApp(select)
        pilot.click(select)
        #expect(select.isOpen)
        pilot.click(x: 2, y: 2)      // the row "Size", over the label
        #expect(select.selectedIndex == 1 && !select.isOpen)
        pilot.click(select)
        pilot.click(x: 15, y: 6)     // elsewhere: closes, chooses nothing
        #expect(!select.isOpen && select.selectedIndex == 1)
        #expect(pilot.app.widget(atX: 2, y: 2) === label)
    }

    @Test func theListOpensAboveWhenThereIsNoRoomBelowAndTakesItsLook() throws {
        let select = Select(["a", "b", "c", "d"], id: "pick")
        let (pilot, _) = try makeApp(select, stylesheet: """
            .dropdown { border rounded; background-color blue }
            .option[state:selected] { color yellow }
            """, y: 7)
        pilot.press(.enter)
        #expect(Array(pilot.lines[1...6]) == ["╭──────────╮", "│a         │", "│b         │", "│c         │", "│d         │", "╰──────────╯"])
        #expect(pilot.cell(x: 5, y: 3).background == .ansi(4))
        #expect(pilot.cell(x: 1, y: 2).foreground == .ansi(3))
        #expect(pilot.app.diagnostics.isEmpty)
    }

    @Test func aLongListScrollsAndTabClosesIt() throws {
        let select = Select((1...30).map { "item \($0)" }, selectedIndex: 25, id: "long")
        select.maximumListRows = 5
        let (pilot, _) = try makeApp(select)
        pilot.press(.enter)
        #expect(Array(pilot.lines[1...5]) == ["item 22", "item 23     st", "item 24", "item 25", "item 26"])
        pilot.press(.end)
        #expect(pilot.lines[5] == "item 30")
        pilot.press(.tab)
        #expect(!select.isOpen)
    }

    @Test func misuseWarnsAndNeverTraps() throws {
        let empty = Select([], id: "empty"); let line = #line
        let (pilot, _) = try makeApp(empty)
        pilot.press(.enter, .down, .enter)
        #expect(!empty.isOpen && empty.selectedOption == nil)
        empty.options = ["x"]
        empty.selectedIndex = 4
        #expect(empty.selectedIndex == 0)
        let warnings = pilot.app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.location.line == line })
    }
}
