import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct WidgetTests {
    func run(_ widget: Widget, width: Int, height: Int, stylesheet: String? = nil) throws -> AppPilot {
        try pilot(on: widget, width: width, height: height, stylesheet: stylesheet)
    }

    @Test func listViewScrollsToKeepTheSelectionShown() throws {
        let list = ListView(items: (0..<50).map { "item \($0)" })
        var selections: [Int] = []
        list.onSelect = { selections.append($0) }
        let pilot = try run(list, width: 10, height: 4)
        #expect(pilot.lines == ["item 0", "item 1", "item 2", "item 3"])
        #expect(pilot.cell(x: 0, y: 0).attributes.contains(.reverse))
        pilot.press(.down, .down, .down, .down)
        #expect(list.selectedIndex == 4)
        #expect(pilot.lines == ["item 1", "item 2", "item 3", "item 4"])
        #expect(pilot.cell(x: 0, y: 3).attributes.contains(.reverse))
        pilot.press(.pageDown)
        #expect(list.selectedIndex == 7)
        pilot.press(.end)
        #expect(pilot.lines.last == "item 49")
        pilot.press(.home)
        #expect(pilot.lines.first == "item 0")
        pilot.click(list, x: 0, y: 2)
        #expect(list.selectedIndex == 2)
        #expect(selections == [1, 2, 3, 4, 7, 49, 0, 2])
        pilot.send(.scrollDown(x: 1, y: 1))
        #expect(list.scrollOffset == 3)
    }

    @Test func listViewRowsTakeTheirLookFromTheSelectedState() throws {
        let list = ListView(items: ["a", "b"], id: "files")
        let pilot = try run(list, width: 6, height: 2, stylesheet: """
            .row[state:selected] { background-color blue }
            .row[state:selected][state:focused] { background-color green }
            """)
        #expect(pilot.cell(x: 3, y: 0).background == .ansi(2))
        pilot.app.focus(nil)
        pilot.settle()
        #expect(pilot.cell(x: 3, y: 0).background == .ansi(4))
        #expect(pilot.cell(x: 3, y: 1).background == nil)
    }

    @Test func tableSortsScrollsAndSelects() throws {
        let table = Table(columns: [TableColumn("PID", width: 4, alignment: .right), TableColumn("NAME")],
                          rows: [["10", "b"], ["9", "c"], ["100", "a"]])
        let pilot = try run(table, width: 14, height: 3)
        #expect(pilot.lines == [" PID NAME", "  10 b", "   9 c"])
        table.sort(by: 0)
        pilot.settle()
        #expect(pilot.lines == ["▲PID NAME", "   9 c", "  10 b"])
        pilot.press(.down, .down)
        #expect(table.selectedIndex == 2)
        #expect(pilot.lines == ["▲PID NAME", "  10 b", " 100 a"])
        pilot.click(table, x: 6, y: 0)   // the NAME header: sort by it
        #expect(table.sortColumn == 1)
        #expect(table.rows.map { $0[1] } == ["a", "b", "c"])
        #expect(table.selectedIndex == 0)  // the selected row (100, a) stays selected
        pilot.click(table, x: 6, y: 0)
        #expect(table.rows.map { $0[1] } == ["c", "b", "a"])
    }

    @Test func tableKeepsTheSelectedRowWhenRowsAreReplaced() throws {
        let table = Table(columns: [TableColumn("ID"), TableColumn("V")], rows: [["a", "1"], ["b", "2"], ["c", "3"]])
        let pilot = try run(table, width: 10, height: 4)
        pilot.press(.down)
        table.setRows([["z", "0"], ["b", "9"], ["a", "1"]])
        #expect(table.selectedIndex == 1)
        pilot.settle()
        #expect(pilot.cell(x: 0, y: 2).attributes.contains(.reverse))
    }

    @Test func gaugeFillsItsFraction() throws {
        let gauge = Gauge(value: 0.5, label: "mem")
        let pilot = try run(gauge, width: 20, height: 1)
        #expect(pilot.lines == ["mem █████▌       50%"])  // 5½ of 11 cells
        gauge.value = 1
        pilot.settle()
        #expect(pilot.lines == ["mem ███████████ 100%"])
    }

    @Test func sparklineScalesTheLastValues() throws {
        let spark = Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], maximum: 7)
        let pilot = try run(spark, width: 8, height: 1)
        #expect(pilot.lines == ["▃▄▅▆▇███"])   // 2…9 of 0…7: the last three are full
        spark.values = [1]
        pilot.settle()
        #expect(pilot.lines == ["       ▂"])   // 1 of 7, at the right
    }

    @Test func buttonPressesOnEnterSpaceAndClick() throws {
        var presses = 0
        let button = Button("OK") { presses += 1 }
        let pilot = try run(button, width: 6, height: 1)
        #expect(pilot.lines == ["  OK"])
        pilot.press(.enter, .character(" "))
        pilot.click(button)
        #expect(presses == 3)
    }

    @Test func buttonsAreSizedByTheirLabel() throws {
        let button = Button("Save", id: "save")
        let root = screen { root in
            root.addSubview(button)
            button.view.makeConstraints { make in make.left.top.equalToSuperview() }
        }
        let app = try App(root: root, devMode: false)
        _ = AppPilot(app, size: TerminalSize(width: 20, height: 3))
        #expect(app.frame(of: button.view) == ViewFrame(x: 0, y: 0, width: 6, height: 1))
        button.label = "Save all"
        app.renderFrame()
        #expect(app.frame(of: button.view)?.width == 10)
    }

    /// The runtime sized a widget with its padding truncated (1.5 + 1.5 as 3) while
    /// the content box rounds each side (2 + 2): the label lost a cell.
    @Test func aWidgetsIntrinsicSizeLeavesItsContentBoxExactlyTheContent() throws {
        let directory = try scratchDirectory(["app.cas": ".button { padding 0 1.5; border single }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let button = Button("Save", id: "save")
        let root = screen { root in
            root.addSubview(button)
            button.view.makeConstraints { make in make.left.top.equalToSuperview() }
        }
        let app = try App(root: root, stylesheets: [directory + "/app.cas"], devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 4))
        #expect(app.frame(of: button.view) == ViewFrame(x: 0, y: 0, width: 12, height: 3))
        #expect(pilot.lines[1] == "│   Save   │")
    }

    @Test func textFieldEditsAtTheCursorAndScrollsWideCharactersWhole() throws {
        let field = TextField()
        var submitted: [String] = []
        field.onSubmit = { submitted.append($0) }
        let pilot = try run(field, width: 6, height: 1)
        pilot.type("abc")
        pilot.press(.left, .left, .backspace)
        #expect(field.text == "bc")
        #expect(field.cursor == 0)
        pilot.press(.end)
        pilot.type("世界")
        #expect(field.text == "bc世界")
        #expect(pilot.lines == ["c世界"])      // scrolled: the cursor cell stays inside
        pilot.press(.home)
        #expect(pilot.lines == ["bc世界"])
        #expect(pilot.cell(x: 0, y: 0).attributes.contains(.reverse))
        pilot.press(.delete, .enter)
        #expect(submitted == ["c世界"])
        pilot.press(.control("u"))
        #expect(field.text == "")
    }

    @Test func tabsSelectWithArrowsAndClicks() throws {
        let tabs = Tabs(["One", "Two", "Three"])
        var changes: [Int] = []
        tabs.onChange = { changes.append($0) }
        let pilot = try run(tabs, width: 20, height: 1)
        #expect(pilot.lines == [" One │ Two │ Three"])
        #expect(pilot.cell(x: 1, y: 0).attributes.contains(.reverse))
        pilot.press(.right)
        pilot.click(tabs, x: 13, y: 0)
        pilot.press(.right)
        #expect(changes == [1, 2])
        #expect(tabs.selectedIndex == 2)
    }
}

/// Malformed use of the older widgets is a warning at the Swift line, as for
/// the newer ones, never a trap nor a silent state no key can leave.
@MainActor
@Suite struct OlderWidgetMisuseTests {
    @Test func tabsClampAnIndexOutOfRangeAndWarnAboutNoTitles() throws {
        let tabs = Tabs(["One", "Two"], selectedIndex: 7); let line = #line
        let empty = Tabs([]); let emptyLine = #line
        let root = screen { root in
            place(tabs, in: root, x: 0, y: 0, width: 20, height: 1)
            place(empty, in: root, x: 0, y: 1, width: 20, height: 1)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 2))
        #expect(tabs.selectedIndex == 1)
        app.focus(tabs)
        pilot.press(.left)                               // it moves again from where it was clamped to
        #expect(tabs.selectedIndex == 0)
        app.focus(empty)
        pilot.press(.right, .left)
        #expect(empty.selectedIndex == 0)
        let warnings = app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [line, emptyLine])
        #expect(warnings[0].message.contains("title index 7 is out of range"))
        #expect(warnings[1].message.contains("no titles"))
    }

    @Test func aTableSortedByAColumnOutOfRangeKeepsItsOrderAndWarns() throws {
        let table = Table(columns: [TableColumn("NAME"), TableColumn("SIZE")], rows: [["b", "2"], ["a", "1"]]); let line = #line
        let pilot = try pilot(on: table, width: 20, height: 3)
        table.sort(by: -1)
        table.sort(by: 2, ascending: false)
        #expect(table.rows == [["b", "2"], ["a", "1"]])
        let warnings = pilot.app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [line, line])
        #expect(warnings.first?.message.contains("column -1 is out of range 0..<2") == true)
        table.sort(by: 0)
        #expect(table.rows == [["a", "1"], ["b", "2"]])
    }

    @Test func aRowIndexOutOfRangeIsClampedWithAWarning() throws {
        let list = ListView(items: ["a", "b", "c"]); let listLine = #line
        let table = Table(columns: [TableColumn("NAME")], rows: [["x"], ["y"]]); let tableLine = #line
        let root = screen { root in
            place(list, in: root, x: 0, y: 0, width: 10, height: 3)
            place(table, in: root, x: 10, y: 0, width: 10, height: 3)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 3))
        list.selectedIndex = 9
        table.selectedIndex = -2
        list.selectedIndex = nil                         // no selection: not a misuse
        table.selectedIndex = 1
        pilot.settle()
        #expect(list.selectedIndex == nil && table.selectedIndex == 1)
        let warnings = app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [listLine, tableLine])
        #expect(warnings.map(\.message) == [
            "row index 9 is out of range 0..<3: the nearest row is selected",
            "row index -2 is out of range 0..<2: the nearest row is selected",
        ])
    }

    @Test func selectingANodeOfAnotherTreeWarnsAndChangesNothing() throws {
        let stranger = TreeNode("elsewhere", children: [TreeNode("deep")])
        let tree = Tree(root: TreeNode("root", children: [TreeNode("a")], isExpanded: true)); let line = #line
        let pilot = try pilot(on: tree, width: 20, height: 4)
        tree.select(stranger.children[0])
        #expect(tree.selectedNode?.label == "root" && !stranger.isExpanded)
        let warnings = pilot.app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [line])
        #expect(warnings.first?.message.contains("'deep', a node that is not in this tree") == true)
    }
}
