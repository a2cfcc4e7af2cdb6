import CasementApp
import Foundation
import Testing

/// Dev mode's drawer, inspector and badge: the designer's panes, over an app.
@MainActor
@Suite(.serialized) struct DevOverlayTests {
    /// An app of a text field and a list, styled by `app.cas` in a scratch directory.
    func app(stylesheet: String = "", build: (View) -> Void = { _ in }) throws -> (App, String) {
        let directory = try scratchDirectory(["app.cas": stylesheet])
        let root = screen { root in
            place(TextField(id: "name"), in: root, x: 0, y: 0, width: 12, height: 1)
            place(ListView(items: ["one", "two"], id: "list"), in: root, x: 0, y: 2, width: 12, height: 3)
            build(root)
        }
        return (try App(root: root, stylesheets: [directory + "/app.cas"], devMode: true), directory)
    }

    func save(_ text: String, in directory: String) throws {
        try text.write(toFile: directory + "/app.cas", atomically: false, encoding: .utf8)
    }

    // MARK: The drawer

    @Test func theDrawerShowsTheSourceLineWithACaretUnderTheError() throws {
        let (app, directory) = try app(stylesheet: ".textfield { color red }\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        try save(".textfield {\n  color $nope\n}\n", in: directory)
        pilot.reloadChangedFiles()
        let lines = pilot.lines
        let source = try #require(lines.firstIndex { $0.contains("2 │   color $nope") })
        let caret = lines[source + 1]
        let column = try #require(caret.firstIndex(of: "^")).utf16Offset(in: caret)
        #expect(column == lines[source].firstRange(of: "$nope")!.lowerBound.utf16Offset(in: lines[source]))
        #expect(caret.hasSuffix("^~~~~"))
        #expect(lines.contains { $0.contains("app.cas:2:9:") })
    }

    @Test func theDrawerCountsTheErrorsACappedListLeftOut() throws {
        let (app, directory) = try app(stylesheet: "")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 100, height: 24))
        // A file stops listing at 500 diagnostics; a note counts the rest.
        try save((1...600).map { ".c\($0) { color $missing\($0) }\n" }.joined(), in: directory)
        pilot.reloadChangedFiles()
        #expect(pilot.text.contains("✖ 600 errors"), "\(pilot.text)")
        #expect(pilot.text.contains("more: the inspector lists every diagnostic (F12)"))
    }

    @Test func theDrawerWrapsLongMessagesInsteadOfCuttingThem() throws {
        let (app, directory) = try app(stylesheet: "")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 30))
        let name = "a-rather-long-variable-name-that-is-undefined"
        try save(".textfield { color $\(name) }\n", in: directory)
        pilot.reloadChangedFiles()
        let drawer = try #require(pilot.lines.firstIndex { $0.contains("✖ 1 error —") })
        let rows = pilot.lines[(drawer + 1)...]
        // Only the source line is cut (around the caret); the rest wraps, with no empty row.
        #expect(rows.allSatisfy { !$0.hasSuffix("…") || $0.contains("│") }, "\(pilot.text)")
        #expect(!pilot.lines[drawer + 1].trimmingCharacters(in: .whitespaces).isEmpty, "\(pilot.text)")
        let joined = rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(joined.contains("app.cas:1:20:") && joined.contains("undefined variable"), "\(pilot.text)")
        #expect(joined.contains("'$\(name)'"), "\(pilot.text)")
    }

    // MARK: The inspector

    @Test func theInspectorKeepsTheAppBesideItAndItsStatusRowFree() throws {
        let footer = Label("footer text", id: "footer")
        let (app, directory) = try app { root in
            root.addSubview(footer)
            footer.view.makeConstraints { make in
                make.left.bottom.equalToSuperview()
                make.height.equalTo(1)
            }
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 100, height: 20))
        #expect(pilot.lines[19].hasPrefix("footer text"))
        let focused: Widget = try #require(app.widgets.first { $0.view.id == "name" })
        app.focus(focused)
        pilot.press(.function(12))
        // The app is laid out left of the inspector and above the status line: its
        // last row is still there, and the inspector stops above the status line.
        #expect(pilot.lines[18].hasPrefix("footer text"), "\(pilot.text)")
        #expect(pilot.lines[19].hasPrefix(" dev 60×19"), "\(pilot.lines[19])")
        #expect(pilot.lines[0].contains("│ VIEWS"))
        pilot.press(.function(12))
        #expect(pilot.lines[19].hasPrefix("footer text"))
    }

    @Test func theInspectorScrollsByPagesAndWithTheWheel() throws {
        let (app, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 100, height: 16))
        let focused: Widget = try #require(app.widgets.first { $0.view.id == "list" })
        app.focus(focused)
        pilot.press(.function(12))
        func inspector() -> [String] { pilot.lines.map { String($0.dropFirst(60)) } }
        let first = inspector()
        #expect(first.contains { $0.hasPrefix("▼") }, "the details have more below")
        #expect(!first.contains { $0.contains("DIAGNOSTICS") })
        pilot.press(.pageDown)
        #expect(inspector() != first)
        #expect(inspector().contains { $0.hasPrefix("▲") }, "now there is more above")
        for _ in 0..<10 { pilot.press(.pageDown) }
        #expect(inspector().contains { $0.contains("DIAGNOSTICS") })
        for _ in 0..<20 { pilot.send(.scrollUp(x: 70, y: 12)) }
        #expect(inspector() == first)
    }

    @Test func theRuntimesOwnViewsAndRulesAreHiddenUntilAskedFor() throws {
        let (app, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 150, height: 40))
        let field = try #require(app.widgets.first { $0.view.id == "name" })
        app.focus(field)
        pilot.press(.function(12))
        #expect(pilot.text.contains("VIEWS 3 (1 internal hidden)"), "\(pilot.text)")
        #expect(!pilot.text.contains("list-row"))
        #expect(pilot.text.contains("internal hidden)"))
        #expect(!pilot.text.contains("intrinsic-height"))
        pilot.press(.function(24))  // Shift-F12
        #expect(pilot.text.contains("VIEWS 4"))
        #expect(pilot.text.contains("list-row"))
        #expect(pilot.text.contains("intrinsic-height-min"))
        pilot.press(.function(24))
        #expect(!pilot.text.contains("list-row"))
    }

    @Test func theArrowsWalkTheTreeAndTheConstraintsAndOtherKeysReachTheApp() throws {
        let (app, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 150, height: 40))
        let field = try #require(app.widgets.first { $0.view.id == "name" } as? TextField)
        app.focus(field)
        pilot.press(.function(12))
        #expect(pilot.text.contains("▶  name box"))
        pilot.press(.down)
        #expect(pilot.text.contains("▶  list box"))
        pilot.press(.right)  // into the list's constraints
        #expect(pilot.text.contains("▶✓ list.left == root.left"), "\(pilot.text)")
        pilot.press(.left, .up)
        #expect(pilot.text.contains("▶  name box"))
        pilot.press(.character("x"))
        #expect(field.text == "x")
        pilot.press(.escape)
        #expect(!pilot.text.contains("VIEWS"))
    }

    // MARK: The badge

    @Test func aConflictShowsAsABadgeThatF12OrAClickExpands() throws {
        let (app, directory) = try app { root in
            let box = View(.box, id: "clash")
            root.addSubview(box)
            box.makeConstraints { make in
                make.left.top.equalToSuperview()
                make.height.equalTo(1)
                make.width.equalTo(10)
            }
            box.makeConstraints { make in make.width.equalTo(20) }
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 160, height: 50))
        #expect(pilot.lines[0].hasSuffix("✖ 1  F12"), "\(pilot.lines[0])")
        #expect(pilot.cell(x: 159, y: 0).background != nil)
        pilot.click(x: 158, y: 0)
        // Opened on the view in conflict: its rules, the broken one at its Swift line.
        #expect(pilot.text.contains("▶  clash !conflict ✖broken box"), "\(pilot.text)")
        #expect(pilot.text.contains("✖ clash.width == 20"), "\(pilot.text)")
        let broken = try #require(pilot.lines.firstIndex { $0.contains("✖ clash.width == 20") })
        #expect(pilot.lines[broken + 1].contains("broken (conflict)"))
        #expect(pilot.lines[broken + 2].contains("CasementAppTests/DevOverlayTests.swift:"), "\(pilot.text)")
        for _ in 0..<6 { pilot.press(.pageDown) }
        #expect(pilot.text.contains("CONFLICTS 1"))
        pilot.press(.function(12))
        #expect(pilot.lines[0].hasSuffix("✖ 1  F12"))
    }

    @Test func noProblemsNoBadge() throws {
        let (app, directory) = try app()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pilot = AppPilot(app, size: TerminalSize(width: 80, height: 24))
        #expect(!pilot.text.contains("F12"))
    }
}
