import Casement
import Testing

/// The snippets of docs/swift.md, as written there, compiled and checked. Keep
/// the two in step: a snippet that changes there changes here.
@Suite struct DocExampleTests {
    @Test func tour() throws {
        let root = View(.screen, id: "root")
        let header = View(.box, id: "header", classes: ["bar"], title: "Casement")
        let sidebar = View(.box, id: "sidebar")
        let main = View(.box, id: "main")
        root.addSubviews(header, sidebar, main)

        header.makeConstraints { make in
            make.top.leading.trailing.equalToSuperview()
            make.height.equalTo(3)
        }
        sidebar.makeConstraints { make in
            make.top.equalTo(header.bottom)
            make.leading.bottom.equalToSuperview()
            make.width.equalTo(20).priority(.high).labeled("sidebar-width")
        }
        main.makeConstraints { make in
            make.top.equalTo(header.bottom).offset(1)
            make.leading.equalTo(sidebar.trailing).offset(2)
            make.trailing.bottom.equalToSuperview().inset(1)
        }

        let layout = try Layout(root: root)          // stylesheets: ["app.cas"] is optional
        layout.resize(to: TerminalSize(width: 80, height: 24))
        #expect(layout.frame(of: main)?.description == "x=22 y=4 width=57 height=19")
        #expect(layout.frame(of: "main") == layout.frame(of: main))
        #expect(layout.diagnostics == [])
        #expect(layout.render(format: .plain).split(separator: "\n").isEmpty)  // no stylesheet: nothing drawn
    }

    @Test func styleValues() throws {
        let fixture = try Fixture(["app.cas": ".card\n  size 12 4\n  margin-top 1\n  margin-left 2\n"])
        let root = View(.screen, id: "root")
        let card = View(.box, id: "card", classes: ["card"])
        root.addSubview(card)

        card.makeConstraints { make in
            make.size.equalTo(style: "size")                           // $size-width, $size-height
            make.top.equalToSuperview().offset(style: "margin-top")
            make.left.equalToSuperview().offset(style: "margin-left")
        }

        let layout = try Layout(root: root, stylesheets: [fixture.path("app.cas")])
        #expect(layout.frame(of: card) == ViewFrame(x: 2, y: 1, width: 12, height: 4))
    }

    @Test func updating() throws {
        let root = View(.screen, id: "root")
        let panel = View(.box, id: "panel")
        root.addSubview(panel)

        var width: Constraint!
        panel.makeConstraints { make in
            make.left.top.equalToSuperview()
            width = make.width.equalTo(10).constraint
            make.height.equalTo(3)
        }
        let layout = try Layout(root: root)
        panel.updateConstraints { make in
            make.height.equalTo(5)                  // same attribute, relation, target kind, priority
        }
        let counts = layout.layoutIfNeeded()?.counts              // +0 -0 ~1 ↻0: one setConstant
        width.update(offset: 14)                     // width == 14: the new constant replaces 10
        #expect(layout.frame(of: panel) == ViewFrame(x: 0, y: 0, width: 14, height: 5))
        width.deactivate()                           // out of the layout; activate() restores it

        #expect(counts?.description == "+0 -0 ~1 ↻0")
        #expect(!width.isActive)
        #expect(!layout.writtenSpec.contains("width =="))
    }

    /// The docs' `Layout(spec: "screen.layout")`, with the file in a temporary directory.
    @Test func specsAndCode() throws {
        let fixture = try Fixture([
            "screen.layout": "screen root {\n  box sidebar {\n    top, left, bottom == parent\n    width == 20\n  }\n}\n",
        ])
        let screenLayout = fixture.path("screen.layout")

        let layout = try Layout(spec: screenLayout)      // with its `use` stylesheets
        let sidebar = layout.view("sidebar")!                // a View, as if built in code
        let badge = View(.box, id: "badge")
        sidebar.addSubview(badge)
        badge.makeConstraints { make in
            make.top.right.equalToSuperview()
            make.size.equalTo(2)
        }
        #expect(layout.frame(of: badge) == ViewFrame(x: 18, y: 0, width: 2, height: 2))
        sidebar.updateConstraints { make in
            make.width.equalTo(24)                           // the spec's `width == 20`, in place
        }
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 1))
        layout.reloadSpec()                                  // after a save: the views stay, with the badge
        #expect(layout.frame(of: badge) == ViewFrame(x: 22, y: 0, width: 2, height: 2))
    }

    @Test func distributing() throws {
        let root = View(.screen, id: "root")
        let row = View(.box, id: "row"), column = View(.box, id: "column")
        root.addSubviews(row, column)
        let (a, b, c) = (View(.box, id: "a"), View(.box, id: "b"), View(.box, id: "c"))
        let (d, e, f) = (View(.box, id: "d"), View(.box, id: "e"), View(.box, id: "f"))
        row.addSubviews(a, b, c)
        column.addSubviews(d, e, f)
        row.makeConstraints { make in make.left.top.equalToSuperview(); make.width.equalTo(36); make.height.equalTo(3) }
        column.makeConstraints { make in make.left.equalTo(40); make.top.equalToSuperview(); make.size.equalTo(15) }
        [a, b, c].makeConstraints { make in make.top.bottom.equalToSuperview() }
        [d, e, f].makeConstraints { make in make.left.right.equalToSuperview() }

        try distribute([a, b, c], along: .horizontal, fixedSpacing: 2, leadSpacing: 1, tailSpacing: 1)
        try distribute([d, e, f], along: .vertical, fixedItemLength: 3)

        let layout = try Layout(root: root)
        #expect([a, b, c].map { layout.frame(of: $0)?.x } == [1, 13, 25])
        #expect([d, e, f].map { layout.frame(of: $0)?.y } == [0, 6, 12])
        try [a, b, c].distribute(along: .horizontal, fixedSpacing: 2)   // Masonry's array spelling
        #expect([a, b, c].map { layout.frame(of: $0)?.x } == [0, 13, 25])  // 32 cells shared by three: edges rounded
    }

    /// docs/swift.md, "Hugging and compression resistance".
    @Test func huggingAndCompressionResistance() throws {
        let root = View(.screen, id: "root")
        let name = View(.text, id: "name", text: "Name:")
        let value = View(.text, id: "value", text: "—")
        root.addSubviews(name, value)
        name.makeConstraints { make in make.left.top.equalToSuperview() }
        value.makeConstraints { make in
            make.left.equalTo(name.right).offset(1)
            make.top.right.equalToSuperview()
        }

        value.setContentHuggingPriority(.low, for: .horizontal)        // value takes the room left over
        name.setContentCompressionResistancePriority(.required, for: .horizontal)  // name is never squeezed

        let layout = try Layout(root: root, size: TerminalSize(width: 30, height: 3))
        #expect(layout.frame(of: value) == ViewFrame(x: 6, y: 0, width: 24, height: 1))
        #expect(layout.diagnostics.isEmpty)
    }
}
