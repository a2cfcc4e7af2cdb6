import CasementApp
import Testing

/// Widgets are constraint targets and say which of them stretches (issue 25,
/// defect 9 and "widgets are constraint targets themselves").
@MainActor
@Suite struct WidgetConstraintTests {
    @Test func twoLabelsSideBySideAreAmbiguousUntilOneHugsLess() throws {
        let root = View(.screen, id: "root")
        let name = Label("name"), value = Label("value")
        root.addSubviews(name, value)
        name.makeConstraints { make in make.left.top.equalToSuperview() }
        value.makeConstraints { make in
            make.left.equalTo(name.right)
            make.top.right.equalToSuperview()
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 30, height: 3))
        pilot.settle()
        #expect(app.diagnostics.contains { $0.code == .engineAmbiguous })
        value.setContentHuggingPriority(.low, for: .horizontal)
        pilot.settle()
        #expect(app.frame(of: name.view) == ViewFrame(x: 0, y: 0, width: 4, height: 1))
        #expect(app.frame(of: value.view) == ViewFrame(x: 4, y: 0, width: 26, height: 1))
        #expect(!app.diagnostics.contains { $0.code == .engineAmbiguous })
    }

    @Test func widgetsAreTargetsAndTakeRulesThemselves() throws {
        let root = View(.screen, id: "root")
        let list = ListView(items: ["one", "two", "three"])
        let other = ListView(items: ["a"])
        root.addSubviews(list, other)
        list.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.size.equalTo(10)
        }
        other.makeConstraints { make in
            make.left.equalTo(list.right).offset(1)
            make.top.equalTo(list)
            make.size.equalTo(list)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 12))
        pilot.settle()
        #expect(app.frame(of: other.view) == ViewFrame(x: 11, y: 0, width: 10, height: 10))
        list.updateConstraints { make in make.size.equalTo(6) }
        pilot.settle()
        #expect(app.frame(of: other.view) == ViewFrame(x: 7, y: 0, width: 6, height: 6))
    }

    @Test func aWidgetsResistanceDecidesWhoIsSqueezed() throws {
        let root = View(.screen, id: "root")
        let first = Button("first"), second = Button("second")
        root.addSubviews(first, second)
        first.makeConstraints { make in make.left.top.equalToSuperview() }
        second.makeConstraints { make in
            make.left.equalTo(first.right)
            make.top.equalToSuperview()
            make.right.lessThanOrEqualTo(root.right)
        }
        first.setContentCompressionResistancePriority(LayoutPriority(700)!, for: .horizontal)
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 12, height: 3))
        pilot.settle()
        // Natural widths 7 and 8 in 12 cells: the weaker resistance gives way.
        #expect(app.frame(of: first.view)?.width == 4)
        #expect(app.frame(of: second.view)?.width == 8)
        first.setContentCompressionResistancePriority(.high, for: .horizontal)
        second.setContentCompressionResistancePriority(LayoutPriority(700)!, for: .horizontal)
        pilot.settle()
        #expect(app.frame(of: first.view)?.width == 7)
        #expect(app.frame(of: second.view)?.width == 5)
    }
}
