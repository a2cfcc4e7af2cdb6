import LayoutPainting
import Canvas
import Casement
import LayoutEngine
import Testing

/// The surface of issue #12: the example from the issue, built and laid out.
@Suite struct SurfaceTests {
    /// The issue's example tree, with its views.
    struct Example {
        let root = View(.screen, id: "root")
        let header = View(.box, id: "header", classes: ["bar"], title: "Casement")
        let sidebar = View(.box, id: "sidebar")
        let main = View(.box, id: "main")

        init() {
            root.addSubviews(header, sidebar, main)
            let header = header, sidebar = sidebar
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
        }
    }

    @Test func theIssueExampleLaysOut() throws {
        let example = Example()
        let layout = try Layout(root: example.root)
        layout.resize(to: TerminalSize(width: 80, height: 24))
        #expect(layout.frame(of: example.header) == ViewFrame(x: 0, y: 0, width: 80, height: 3))
        #expect(layout.frame(of: example.sidebar) == ViewFrame(x: 0, y: 3, width: 20, height: 21))
        #expect(layout.frame(of: example.main) == ViewFrame(x: 22, y: 4, width: 57, height: 19))
        #expect(layout.frame(of: "main") == layout.frame(of: example.main))
        #expect(layout.diagnostics.isEmpty)
    }

    @Test func resizeReLaysOut() throws {
        let example = Example()
        let layout = try Layout(root: example.root, size: TerminalSize(width: 80, height: 24))
        layout.resize(to: TerminalSize(width: 100, height: 30))
        #expect(layout.frame(of: example.main) == ViewFrame(x: 22, y: 4, width: 77, height: 25))
    }

    @Test func renderIsWhatTheCommandLinePrintsForTheWrittenSpec() throws {
        let example = Example()
        let fixture = try Fixture(["app.cas": "box\n  border single\n"])
        let layout = try Layout(root: example.root, stylesheets: [fixture.path("app.cas")], size: TerminalSize(width: 40, height: 10))
        // The command line's code path on the same spec text gives the same bytes.
        let files = MemoryFiles(["app.layout": layout.writtenSpec])
        var session = LayoutSession(
            specPath: "app.layout", reader: FileReader { path in try files[path] ?? FileReader.fileSystem.contents(of: path) },
            size: TerminalSize(width: 40, height: 10))
        session.load()
        for format in RenderFormat.allCases where format != .json {
            #expect(layout.render(format: format) == LayoutOutput.render(&session, format: format))
        }
        let plain = layout.render(format: .plain)
        #expect(plain.contains("Casement"))
        #expect(plain.contains("┌"))
        let json = layout.render(format: .json)
        #expect(json.contains("\"id\": \"sidebar\""))
        #expect(layout.render(format: .svg).contains("<svg"))
    }

    @Test func writtenSpecShowsOneConstraintPerLine() throws {
        let example = Example()
        let layout = try Layout(root: example.root)
        #expect(layout.writtenSpec.contains("width == 20 @750 as sidebar-width"))
    }
}

/// Kinds, containers and anonymous views built in code behave as in specs.
@Suite struct ViewKindTests {
    @Test func textViewsGetTheirIntrinsicSize() throws {
        let root = View(.screen, id: "root")
        let label = View(.text, id: "label", text: "Hello, 世界")
        root.addSubview(label)
        label.makeConstraints { make in make.left.top.equalTo(1) }
        let layout = try Layout(root: root)
        #expect(layout.frame(of: label) == ViewFrame(x: 1, y: 1, width: 11, height: 1))
    }

    @Test func rowsPlaceTheirChildrenFromParameters() throws {
        let root = View(.screen, id: "root")
        let row = View(.row, id: "row", params: ["gap": 1, "padding": [0, 1]])
        let left = View(.box, params: ["grow": 1]), right = View(.box, params: ["grow": 1])
        root.addSubview(row)
        row.addSubviews(left, right)
        row.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.equalTo(21)
            make.height.equalTo(3)
        }
        let layout = try Layout(root: root)
        #expect(layout.frame(of: left) == ViewFrame(x: 1, y: 0, width: 9, height: 3))
        #expect(layout.frame(of: right) == ViewFrame(x: 11, y: 0, width: 9, height: 3))
        #expect(layout.diagnostics.isEmpty)
    }

    @Test func anonymousTargetsGetAnIdWhenNamed() throws {
        let root = View(.screen, id: "root")
        let first = View(.box), second = View(.box)
        root.addSubviews(first, second)
        first.makeConstraints { make in make.left.top.equalToSuperview(); make.size.equalTo(4) }
        second.makeConstraints { make in
            make.left.equalTo(first.right)
            make.top.equalTo(first)
            make.size.equalTo(first)
        }
        let layout = try Layout(root: root)
        #expect(layout.frame(of: second) == ViewFrame(x: 4, y: 0, width: 4, height: 4))
        #expect(first.id != nil && second.id == nil)
    }

    @Test func aRuleNamingAViewOutsideTheTreeIsReportedAtItsLine() throws {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box"), stray = View(.box, id: "stray")
        root.addSubview(box)
        let line = #line + 1
        box.makeConstraints { make in make.left.equalTo(stray.right) }
        let layout = try Layout(root: root)
        let errors = layout.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == line)
        #expect(layout.frame(of: box) != nil)
    }

    @Test func aConflictWithAStylesheetValueNamesBoth() throws {
        let fixture = try Fixture(["app.cas": "box\n  min-width 30\n"])
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        root.addSubview(box)
        let line = #line + 1
        box.makeConstraints { make in make.width.equalTo(10) }
        let layout = try Layout(root: root, stylesheets: [fixture.path("app.cas")])
        let errors = layout.diagnostics.filter { $0.severity == .error }.map(\.summary).joined(separator: "\n")
        #expect(errors.contains("CasementTests/SurfaceTests.swift:\(line)"))
        #expect(errors.contains("app.cas:2"))
    }
}
