import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct ScreenTests {
    func makeApp() throws -> (App, AppPilot, Button) {
        let home = Button("Home", id: "home")
        let root = screen { place(home, in: $0, x: 0, y: 0, width: 10, height: 1) }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 30, height: 8))
        app.focus(home)
        pilot.settle()
        return (app, pilot, home)
    }

    @Test func pushShowsAScreenAndPopGoesBackWithItsFocus() throws {
        let (app, pilot, home) = try makeApp()
        var quits = 0
        app.bind(.character("q"), "Quit") { quits += 1 }
        let settings = Screen(id: "settings")
        let field = TextField(text: "x", id: "name")
        place(field, in: settings.root, x: 2, y: 1, width: 10, height: 1)
        var backs = 0
        settings.bind(.escape, "Back") { backs += 1; app.pop() }
        app.push(settings)
        #expect(app.currentScreen === settings && app.layout.root === settings.root)
        #expect(app.focusedWidget === field)          // its first focusable widget
        #expect(pilot.lines[1] == "  x")
        #expect(!pilot.lines[0].contains("Home"))
        pilot.type("q")                                // the field takes it
        #expect(field.text == "xq" && quits == 0)
        pilot.press(.escape)
        #expect(backs == 1 && app.currentScreen !== settings)
        #expect(app.focusedWidget === home && pilot.lines[0].contains("Home"))
        pilot.type("q")
        #expect(quits == 1)
        app.push(settings)
        #expect(field.text == "xq" && app.focusedWidget === field)   // its state stayed
    }

    @Test func misuseOfTheStackWarnsAtTheCallingLine() throws {
        let (app, _, _) = try makeApp()
        app.pop(); let popLine = #line
        let other = Screen(id: "other")
        app.push(other)
        app.push(other); let pushLine = #line
        app.dismissModal(); let dismissLine = #line
        #expect(app.screens.count == 2)
        let warnings = app.diagnostics.filter { $0.code.rawValue == "app.usage" }
        #expect(warnings.map(\.location.line) == [popLine, pushLine, dismissLine])
        #expect(warnings[1].message.contains("'other' is already shown"))
        app.pop()
        #expect(app.screens.count == 1)
    }

    @Test func aModalScreenTrapsEventsAndFocusAndEscapeDismissesIt() throws {
        let (app, pilot, home) = try makeApp()
        var homePresses = 0
        home.onPress = { homePresses += 1 }
        let modal = Screen(id: "ask")
        let yes = Button("Yes", id: "yes"), no = Button("No", id: "no")
        place(yes, in: modal.root, x: 12, y: 3, width: 5, height: 1)
        place(no, in: modal.root, x: 18, y: 3, width: 5, height: 1)
        app.presentModal(modal)
        #expect(app.topScreen === modal && app.focusedWidget === yes)
        #expect(pilot.lines[0].contains("Home") && pilot.lines[3].contains("Yes"))   // drawn over the screen
        pilot.click(x: 1, y: 0)                  // behind the modal: nothing
        #expect(homePresses == 0 && app.focusedWidget === yes)
        pilot.press(.tab)
        #expect(app.focusedWidget === no)
        pilot.press(.tab)
        #expect(app.focusedWidget === yes)      // Tab stays inside
        modal.isDismissable = false
        pilot.press(.escape)
        #expect(app.topScreen === modal)
        modal.isDismissable = true
        pilot.press(.escape)
        #expect(app.topScreen === app.currentScreen && app.focusedWidget === home)
        pilot.press(.enter)
        #expect(homePresses == 1)
    }

    @Test func aDialogChoosesDismissesAndTakesTheDefaultLook() throws {
        let (app, pilot, _) = try makeApp()
        var choices: [Int] = []
        let dialog = Dialog(title: "Quit?", message: "Unsaved changes will be lost.", buttons: ["Cancel", "Quit"]) {
            choices.append($0)
        }
        app.presentModal(dialog)
        #expect(app.diagnostics.isEmpty)
        let text = pilot.text
        #expect(text.contains("Quit?") && text.contains("Unsaved changes") && text.contains(" Cancel   Quit "))
        #expect(text.contains("╭"))                                           // the runtime's look: a rounded box
        #expect(app.focusedWidget === dialog.buttons[0])
        pilot.press(.right, .enter)
        #expect(choices == [1] && app.modals.isEmpty)
        app.presentModal(dialog)
        pilot.press(.escape)
        #expect(choices == [1] && app.modals.isEmpty)                        // Escape: no choice
        app.presentModal(dialog)
        pilot.click(dialog.buttons[0])
        #expect(choices == [1, 0])
        let empty = Dialog(title: "", message: "nothing to press", buttons: [])
        app.presentModal(empty); let line = #line
        #expect(app.diagnostics.map(\.location.line) == [line - 1])           // where the dialog was made
        pilot.press(.escape)
        #expect(app.modals.isEmpty)
        _ = line
    }

    @Test func aScreenFromASpecKeepsItsViewsAndStyles() throws {
        let directory = try scratchDirectory([
            "help.layout": "use \"help.cas\"\nscreen help {\n  box panel { left == 1; top == 1; width == 10; height == 3 }\n}\n",
            "help.cas": "#panel { border single; title \"Help\" }\n",
        ])
        let (app, pilot, _) = try makeApp()
        let help = try Screen(spec: directory + "/help.layout")
        #expect(help.id == "help" && help.specPath == directory + "/help.layout")
        let list = ListView(items: ["one"], id: "topics")
        help.view("panel")?.addSubview(list)
        list.view.makeConstraints { make in make.edges.equalToSuperview().inset(1) }
        app.push(help)
        #expect(pilot.lines[1] == " ┌─ Help ─┐")
        #expect(pilot.lines[2] == " │one     │")
        #expect(app.focusedWidget === list)
    }
}

