import Canvas
import Casement
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
        var layout = try Layout(root: example.root)
        layout.resize(to: TerminalSize(width: 80, height: 24))
        #expect(layout.frame(of: example.header) == ViewFrame(x: 0, y: 0, width: 80, height: 3))
        #expect(layout.frame(of: example.sidebar) == ViewFrame(x: 0, y: 3, width: 20, height: 21))
        #expect(layout.frame(of: example.main) == ViewFrame(x: 22, y: 4, width: 57, height: 19))
        #expect(layout.frame(of: "main") == layout.frame(of: example.main))
        #expect(layout.diagnostics.isEmpty)
    }

    @Test func resizeReLaysOut() throws {
        let example = Example()
        var layout = try Layout(root: example.root, size: TerminalSize(width: 80, height: 24))
        layout.resize(to: TerminalSize(width: 100, height: 30))
        #expect(layout.frame(of: example.main) == ViewFrame(x: 22, y: 4, width: 77, height: 25))
    }

    @Test func renderIsWhatTheCommandLinePrintsForTheWrittenSpec() throws {
        let example = Example()
        let fixture = try Fixture(["app.cas": "box\n  border single\n"])
        var layout = try Layout(root: example.root, stylesheets: [fixture.path("app.cas")], size: TerminalSize(width: 40, height: 10))
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
        var layout = try Layout(root: example.root)
        #expect(layout.writtenSpec.contains("width == 20 @750 as sidebar-width"))
    }
}
