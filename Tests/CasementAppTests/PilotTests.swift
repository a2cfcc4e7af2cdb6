import CasementApp
import Testing

@MainActor
@Suite struct PilotTests {
    @Test func aLabelShowsItsText() throws {
        let root = View(.screen, id: "root")
        let label = Label("hello", id: "greeting")
        root.addSubview(label)
        label.view.makeConstraints { make in make.top.left.equalToSuperview() }
        let pilot = AppPilot(try App(root: root, devMode: false), size: TerminalSize(width: 20, height: 3))
        #expect(pilot.lines == ["hello", "", ""])
    }
}
