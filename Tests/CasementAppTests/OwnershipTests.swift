@testable import CasementApp
import Testing

/// Who keeps what alive: a view tree keeps its widgets, a widget keeps its
/// view, a rule only names the views it reads; so an app, a screen or a tree
/// that is thrown away is freed with its widgets (it used to leak them all:
/// widget and view held each other, and a rule naming a sibling or the
/// superview held it).
@MainActor
@Suite struct OwnershipTests {
    /// Weak references to what a scope made, read after it ended.
    final class Watch {
        private var objects: [() -> AnyObject?] = []
        func add(_ object: AnyObject) { objects.append { [weak object] in object } }
        var alive: Int { objects.filter { $0() != nil }.count }
    }

    @Test func aThrownAwayAppFreesItsWidgetsAndViews() throws {
        let watch = Watch()
        do {
            let root = View(.screen, id: "root")
            let list = ListView(items: ["one", "two"]), field = TextField(text: "hi"), label = Label("name")
            root.addSubviews(list, field, label)
            list.makeConstraints { make in make.left.top.equalToSuperview(); make.size.equalTo(root).multipliedBy(0.5) }
            field.makeConstraints { make in make.left.equalTo(list.right); make.top.equalTo(root.top); make.width.equalTo(10) }
            label.makeConstraints { make in make.top.equalTo(list.bottom); make.left.equalTo(field.left) }
            let app = try App(root: root, devMode: false)
            let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 10))
            pilot.settle()
            pilot.press(.tab)
            pilot.type("x")
            for object in [root, list, field, label, list.view, field.view, label.view, app] as [AnyObject] { watch.add(object) }
        }
        #expect(watch.alive == 0)
    }

    @Test func aDismissedDialogAndAGoneToastAreFreed() throws {
        let watch = Watch()
        let root = View(.screen, id: "root")
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 60, height: 12))
        pilot.settle()
        do {
            let dialog = Dialog(title: "Quit?", message: "Unsaved changes.", buttons: ["Quit", "Stay"]) { _ in }
            app.presentModal(dialog)
            pilot.settle()
            watch.add(dialog)
            watch.add(dialog.root)
            for widget in dialog.widgets { watch.add(widget) }
            #expect(watch.alive >= 4)
        }
        pilot.press(.escape)
        app.notify("saved", timeout: .seconds(1))
        pilot.settle()
        for widget in app.overlayLayers.flatMap(\.widgets) { watch.add(widget) }
        pilot.advance(by: .seconds(2))
        pilot.settle()
        #expect(app.notifications.isEmpty)
        #expect(watch.alive == 0)
    }

    @Test func rulesBetweenSiblingsAndToTheSuperviewHoldNothing() {
        let watch = Watch()
        do {
            let root = View(.screen, id: "root"), a = View(.box, id: "a"), b = View(.box, id: "b")
            root.addSubviews(a, b)
            a.makeConstraints { make in make.left.equalTo(b.right); make.top.equalTo(root.top) }
            b.makeConstraints { make in make.width.equalTo(a); make.top.equalTo(a.bottom) }
            for view in [root, a, b] { watch.add(view) }
        }
        #expect(watch.alive == 0)
    }

    @Test func aTreeChangedAfterItsLastLayoutIsFreed() throws {
        let watch = Watch()
        do {
            let root = View(.screen, id: "root"), child = View(.box, id: "child")
            root.addSubview(child)
            child.makeConstraints { make in make.edges.equalToSuperview() }
            let layout = try Layout(root: root)
            _ = layout.frame(of: child)
            root.classes = ["changed"]   // waits for the next layout read, which never comes
            child.classes = ["changed"]
            for object in [root, child, layout] as [AnyObject] { watch.add(object) }
        }
        #expect(watch.alive == 0)
    }

    @Test func theTreeKeepsAWidgetNobodyElseHolds() throws {
        let root = View(.screen, id: "root")
        root.addSubview(Label("kept by the tree", id: "kept"))
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 30, height: 3))
        pilot.settle()
        #expect(root.view("kept")?.widget is Label)
        #expect(pilot.text.contains("kept by the tree"))
    }

    @Test func aViewMovedToAnotherSuperviewKeepsItsWidget() {
        let first = View(.screen, id: "first"), second = View(.box, id: "second")
        first.addSubview(Checkbox("moved", id: "moved"))
        let view = first.view("moved")!
        second.addSubview(view)
        #expect(view.widget is Checkbox)
        view.removeFromSuperview()
        first.addSubview(view)
        #expect(view.widget is Checkbox)
    }

    @Test func aRootWidgetLivesAsLongAsItsLayout() throws {
        let app = try App(root: Label("alone", id: "alone").view, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 2))
        pilot.settle()
        #expect(pilot.text.contains("alone"))
    }

    @Test func aWidgetKeepsItsViewBeforeItJoinsATree() {
        let watch = Watch()
        let label = Label("later")
        watch.add(label.view)
        #expect(watch.alive == 1)
        #expect(label.view.widget === label)
    }

    @Test func aRuleToAViewThatIsGoneIsReportedNotKept() throws {
        let root = View(.screen, id: "root"), a = View(.box, id: "a")
        root.addSubview(a)
        do {
            let gone = View(.box, id: "gone")
            a.makeConstraints { make in make.left.equalTo(gone.right); make.top.width.height.equalTo(3) }
        }
        let layout = try Layout(root: root)
        _ = layout.frame(of: a)
        #expect(layout.diagnostics.contains { $0.message.contains("gone") })
    }
}
