import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct OverlayTests {
    func makeApp(width: Int = 40, height: Int = 10) throws -> (App, AppPilot, Footer) {
        let footer = Footer(id: "footer")
        let root = screen { root in
            root.addSubview(footer)
            footer.view.makeConstraints { make in make.left.right.bottom.equalToSuperview() }
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: width, height: height))
        return (app, pilot, footer)
    }

    @Test func theFooterShowsTheDescribedBindingsOfTheScreenAndTheApp() throws {
        let (app, pilot, footer) = try makeApp()
        app.bind(.character("s"), "Save") {}
        app.bind(.character("x")) {}                    // no description: not shown
        app.bind(.character("q"), "Quit") { app.quit() }
        app.currentScreen.bind(.function(5), "Reload") {}
        pilot.settle()
        #expect(pilot.lines[9] == " F5 Reload  s Save  q Quit  ^P Commands")
        #expect(pilot.cell(x: 1, y: 9).attributes.contains(.bold))
        #expect(footer.entries.map(\.key) == ["F5", "s", "q", "^P"])
        app.commandPaletteEnabled = false
        pilot.settle()
        #expect(pilot.lines[9] == " F5 Reload  s Save  q Quit")
    }

    @Test func aClickOnAFooterKeyDoesWhatTheKeyDoes() throws {
        let (app, pilot, _) = try makeApp()
        var ran: [String] = []
        app.bind(.character("s"), "Save") { ran.append("save") }
        app.currentScreen.bind(.function(5), "Reload") { ran.append("reload") }
        pilot.settle()
        #expect(pilot.lines[9] == " F5 Reload  s Save  ^P Commands")
        pilot.click(x: 14, y: 9)                         // "Save"
        pilot.click(x: 1, y: 9)                          // "F5"
        #expect(ran == ["save", "reload"])
        pilot.click(x: 25, y: 9)                         // "Commands": the palette
        #expect(app.isCommandPaletteOpen)
        pilot.press(.escape)
        pilot.click(x: 38, y: 9)                         // past the last entry: nothing
        #expect(ran == ["save", "reload"] && !app.isCommandPaletteOpen)
    }

    @Test func ctrlPOpensThePaletteThatFiltersFuzzilyAndRuns() throws {
        let (app, pilot, _) = try makeApp()
        var ran: [String] = []
        app.bind(.character("s"), "Save file") { ran.append("save") }
        app.bind(.character("q"), "Quit") { ran.append("quit") }
        app.addCommand("Toggle hidden files") { ran.append("hidden") }
        pilot.press(.control("p"))
        #expect(app.isCommandPaletteOpen)
        #expect(pilot.text.contains("Save file  s") && pilot.text.contains("Toggle hidden files"))
        pilot.type("thf")
        #expect(pilot.text.contains("Toggle hidden files") && !pilot.lines[..<9].joined().contains("Save file"))
        pilot.press(.enter)
        #expect(ran == ["hidden"] && !app.isCommandPaletteOpen)
        pilot.press(.control("p"))
        pilot.type("i")                                  // "Save file", "Quit", "Toggle hidden files" all have an i
        pilot.press(.down, .enter)
        #expect(ran == ["hidden", "quit"])
        pilot.press(.control("p"), .escape)
        #expect(!app.isCommandPaletteOpen && ran.count == 2)
    }

    @Test func fuzzyMatchesRankWordStartsFirst() {
        let titles = ["Open file", "Reload", "Go to path", "Show hidden files"]
        #expect(FuzzyMatchProbe.rank(titles, "of") == [0, 3])
        #expect(FuzzyMatchProbe.rank(titles, "gtp") == [2])
        #expect(FuzzyMatchProbe.rank(titles, "") == [0, 1, 2, 3])
        #expect(FuzzyMatchProbe.rank(titles, "zz") == [])
    }

    @Test func toastsStackBottomRightAndGoAfterTheirTimeout() throws {
        let (app, pilot, _) = try makeApp()
        app.notify("Saved")
        app.advance(pilot, by: .seconds(1))
        app.notify("Permission denied: /root", severity: .error, timeout: .seconds(5))
        pilot.settle()
        let lines = pilot.lines
        #expect(lines[7].hasSuffix(" Saved"))
        #expect(lines[8].hasSuffix(" Permission denied: /root"))
        #expect(pilot.cell(x: 38, y: 8).background == .ansi(1))       // .toast.error, the runtime's look
        #expect(app.notifications == ["Saved", "Permission denied: /root"])
        pilot.advance(by: .seconds(2))
        #expect(app.notifications == ["Permission denied: /root"])
        #expect(!pilot.text.contains("Saved"))
        pilot.click(x: 30, y: 8)                                         // a click takes a toast away
        #expect(app.notifications.isEmpty)
    }

    @Test func aStackTallerThanTheScreenDropsItsOldestAndLeavesTheTopRow() throws {
        let (app, pilot, _) = try makeApp(height: 6)
        for n in 1...8 { app.notify("toast \(n)") }
        pilot.settle()
        #expect(app.notifications.first != "toast 1" && app.notifications.last == "toast 8")
        #expect(!pilot.lines[0].contains("toast"))
    }

    @Test func overlaysStackInOneOrder() throws {
        let (app, pilot, _) = try makeApp()
        let select = Select(["one", "two", "three"], id: "pick")
        place(select, in: app.root, x: 0, y: 0, width: 10, height: 1)
        pilot.settle()
        app.focus(select)
        pilot.press(.enter)                              // the list: rows 1–3 over the screen
        #expect(pilot.lines[2].hasPrefix("two"))
        let modal = Screen(id: "modal")
        let label = Label("MODAL", id: "m")
        place(label, in: modal.root, x: 0, y: 2, width: 5, height: 1)
        app.presentModal(modal)
        #expect(pilot.lines[2].hasPrefix("MODAL"))    // the modal over the open list
        app.notify("a toast that is wide enough to reach", timeout: .seconds(9))
        pilot.settle()
        #expect(pilot.lines[8].contains("a toast"))
        pilot.press(.control("p"))
        #expect(app.isCommandPaletteOpen && pilot.lines[1].contains("╭"))
        #expect(pilot.lines[8].contains("a toast"))    // toasts over the palette
    }
}

/// The palette's matching, reached through the palette as a user would.
@MainActor
enum FuzzyMatchProbe {
    static func rank(_ titles: [String], _ query: String) -> [Int] {
        let root = View(.screen, id: "root")
        guard let app = try? App(root: root, devMode: false) else { return [] }
        var ran: [Int] = []
        for (index, title) in titles.enumerated() { app.addCommand(title) { ran.append(index) } }
        let pilot = AppPilot(app, size: TerminalSize(width: 60, height: 20))
        var order: [Int] = []
        for position in 0..<titles.count {
            pilot.press(.control("p"))
            pilot.type(query)
            for _ in 0..<position { pilot.press(.down) }
            let before = ran.count
            pilot.press(.enter)
            if ran.count > before, !order.contains(ran.last!) { order.append(ran.last!) }
            if app.isCommandPaletteOpen { pilot.press(.escape) }
        }
        return order
    }
}

extension App {
    /// Moves the pilot's clock (a spelling that reads well beside `notify`).
    func advance(_ pilot: AppPilot, by duration: Duration) { pilot.advance(by: duration) }
}
