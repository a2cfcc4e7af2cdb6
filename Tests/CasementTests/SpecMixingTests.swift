import LayoutPainting
import Canvas
import Casement
import LayoutEngine
import Testing

/// `Layout(spec:)`: a `.layout` file loaded into views that code changes further,
/// and style values read by DSL rules.
@Suite struct SpecMixingTests {
    /// Every demo loaded through `Layout(spec:)` renders, checks and explains
    /// exactly as the command line's session on the file does.
    @Test(arguments: ["boxes", "dashboard", "grid", "linear", "masonry", "responsive", "text", "conflict", "ambiguity", "frame", "gallery"])
    func demoLoadsAsTheCommandLineDoes(_ name: String) throws {
        let path = packageRoot + "/demo/\(name).layout"
        let size = TerminalSize(width: 100, height: 30)
        let layout = try Layout(spec: path, size: size)
        var session = LayoutSession(specPath: path, size: size)
        session.load()
        for format in RenderFormat.allCases {
            #expect(layout.render(format: format) == LayoutOutput.render(&session, format: format), "\(name) \(format)")
        }
        #expect(layout.diagnostics.map(\.summary) == session.checkDiagnostics().map(\.summary))
    }

    @Test func codeConstrainsAndExtendsASpecView() throws {
        let fixture = try Fixture([
            "app.cas": "box\n  margin-top 2\n  size 10 3\n",
            "screen.layout": """
                use "app.cas"
                screen root {
                  box sidebar {
                    top, left == 0
                    width == 20
                    bottom == parent.bottom
                  }
                }
                """,
        ])
        let layout = try Layout(spec: fixture.path("screen.layout"), size: TerminalSize(width: 80, height: 24))
        let sidebar = try #require(layout.view("sidebar"))
        #expect(layout.frame(of: sidebar) == ViewFrame(x: 0, y: 0, width: 20, height: 24))
        let item = View(.box, id: "item")
        sidebar.addSubview(item)
        item.makeConstraints { make in
            make.size.equalTo(style: "size")
            make.top.equalToSuperview().offset(style: "margin-top")
            make.left.equalToSuperview().offset(1)
        }
        #expect(layout.frame(of: item) == ViewFrame(x: 1, y: 2, width: 10, height: 3))
        sidebar.remakeConstraints { make in
            make.left.top.bottom.equalToSuperview()
            make.width.equalTo(30)
        }
        #expect(layout.frame(of: sidebar)?.width == 30)
        #expect(!layout.writtenSpec.contains("width == 20"))
    }

    @Test func specLinesKeepTheirLocations() throws {
        let fixture = try Fixture([
            "s.layout": "screen root {\n  box a {\n    width == 5\n    width == 6\n    left, top == 0; height == 1\n  }\n}\n",
        ])
        let path = fixture.path("s.layout")
        let layout = try Layout(spec: path)
        let line = #line + 1
        layout.view("a")!.makeConstraints { make in make.width.equalTo(7) }
        let errors = layout.diagnostics.filter { $0.severity == .error }
        // One error per conflict set, at the member the engine broke, naming the
        // others at their own lines: every rule keeps its spec or Swift location.
        let named = errors.map { "\($0.location) \($0.message)" }.joined(separator: "\n")
        for location in ["\(path):3:5", "\(path):4:5", "CasementTests/SpecMixingTests.swift:\(line):71"] {
            #expect(named.contains(location), "\(location) in \(named)")
        }
    }

    @Test func styleValuesFollowTheStylesheet() throws {
        let fixture = try Fixture(["app.cas": ".card\n  size 12 4\n  margin-left 3\n"])
        let root = View(.screen, id: "root")
        let card = View(.box, id: "card", classes: ["card"])
        root.addSubview(card)
        card.makeConstraints { make in
            make.size.equalTo(style: "size")
            make.top.equalToSuperview()
            make.left.equalToSuperview().offset(style: "margin-left").offset(style: "margin-left")
        }
        let layout = try Layout(root: root, stylesheets: [fixture.path("app.cas")])
        #expect(layout.frame(of: card) == ViewFrame(x: 6, y: 0, width: 12, height: 4))
        try fixture.write("app.cas", ".card\n  size 20 2\n  margin-left 1\n")
        let report = layout.reloadStylesheets()
        #expect(report.counts == ConstraintCounts(constantsChanged: 3))
        #expect(layout.frame(of: card) == ViewFrame(x: 2, y: 0, width: 20, height: 2))
    }

    @Test func stylesheetsMatchCodeViewsByKindClassIdAndState() throws {
        let fixture = try Fixture(["app.cas": "box\n  border single\n#b\n  border double\n.c\n  border rounded\nbox\n  border[state:selected] heavy\n"])
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a"), b = View(.box, id: "b"), c = View(.box, id: "c", classes: ["c"])
        root.addSubviews(a, b, c)
        for (index, view) in [a, b, c].enumerated() {
            view.makeConstraints { make in
                make.top.equalTo(index * 3)
                make.left.equalTo(0)
                make.size.equalTo(3)
            }
        }
        let layout = try Layout(root: root, stylesheets: [fixture.path("app.cas")])
        let borders = layout.views.map { $0.style.border.rawValue }
        #expect(borders == ["none", "single", "double", "rounded"])
        layout.setStates(["selected"], of: a)
        #expect(layout.views[1].style.border.rawValue == "heavy")
    }
}

/// The stress demo through `Layout(spec:)`: out of the fast loop (docs/testing.md).
@Suite struct SlowSpecMixingTests {
    @Test(arguments: ["stress"])
    func demoLoadsAsTheCommandLineDoes(_ name: String) throws { try SpecMixingTests().demoLoadsAsTheCommandLineDoes(name) }
}
