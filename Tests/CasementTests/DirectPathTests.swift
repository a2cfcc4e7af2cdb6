@testable import Casement
import LayoutEngine
import Testing

/// The DSL hands the engine its spec syntax directly (issue 25, "one path into
/// the engine"): no text is written and parsed again, so nothing a view's id,
/// class or title holds can change what its siblings mean; a spec's syntax
/// errors reach `diagnostics`; each layout follows its own trees only.
@Suite struct DirectPathTests {
    @Test func oddIdsAndClassesLeaveTheirSiblingsAlone() throws {
        let root = View(.screen, id: "root")
        let brace = View(.box, id: "}", classes: ["x {"], title: "a \"quoted\" { title")
        let sibling = View(.box, id: "sibling")
        root.addSubviews(brace, sibling)
        brace.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.size.equalTo(4)
        }
        sibling.makeConstraints { make in
            make.left.equalTo(brace.right).offset(1)
            make.top.equalToSuperview()
            make.width.equalTo(brace).offset(2)
            make.height.equalTo(3)
        }
        let layout = try Layout(root: root, size: TerminalSize(width: 40, height: 10))
        #expect(layout.frame(of: brace) == ViewFrame(x: 0, y: 0, width: 4, height: 4))
        #expect(layout.frame(of: sibling) == ViewFrame(x: 5, y: 0, width: 6, height: 3))
        #expect(layout.frame(of: "}") == layout.frame(of: brace))
        #expect(layout.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test(arguments: ["width == 30px", "width == 30x", "width == 30 x"])
    func specSyntaxErrorsReachTheDiagnostics(_ rule: String) throws {
        let fixture = try Fixture(["s.layout": "screen root {\n  box a {\n    left, top == 0\n    \(rule)\n    height == 2\n  }\n}\n"])
        let path = fixture.path("s.layout")
        let layout = try Layout(spec: path)
        var session = LayoutSession(specPath: path, size: layout.size)
        session.load()
        let errors = layout.diagnostics.filter { $0.severity == .error }
        // The same errors `casement check` prints, at the spec's line and column, with the caret.
        #expect(!errors.isEmpty)
        #expect(errors.map(\.summary) == session.checkDiagnostics().filter { $0.severity == .error }.map(\.summary))
        #expect(errors.allSatisfy { $0.location.file == path && $0.location.line == 4 && $0.excerpt != nil })
    }

    @Test func eachLayoutFollowsItsOwnTreesOnly() throws {
        func tree() -> (View, View) {
            let root = View(.screen, id: "root")
            let box = View(.box, id: "box")
            root.addSubview(box)
            box.makeConstraints { make in
                make.left.top.equalToSuperview()
                make.size.equalTo(3)
            }
            return (root, box)
        }
        let (rootA, boxA) = tree()
        let (rootB, _) = tree()
        let a = try Layout(root: rootA), b = try Layout(root: rootB)
        let (builtA, builtB) = (a.buildCount, b.buildCount)
        boxA.updateConstraints { make in make.size.equalTo(5) }
        boxA.classes = ["changed"]
        #expect(b.layoutIfNeeded() == nil)
        #expect(b.buildCount == builtB)   // no work at all for the other tree
        #expect(a.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 2))
        #expect(a.layoutIfNeeded() == nil)
        #expect(a.buildCount == builtA + 1)
        // A view made outside every tree changes nothing either.
        _ = View(.box, id: "loose").makeConstraints { make in make.width.equalTo(1) }
        #expect(a.layoutIfNeeded() == nil && b.layoutIfNeeded() == nil)
    }

    @Test func swiftRulesAreLocatedAtTheirLinesWithoutRemapping() throws {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        root.addSubview(box)
        let line = #line + 3
        box.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.equalTo(4)
            make.width.equalTo(6)
            make.height.equalTo(1)
        }
        let layout = try Layout(root: root)
        let conflict = try #require(layout.diagnostics.first { $0.code == .engineConflict })
        #expect(conflict.location.file == "CasementTests/DirectPathTests.swift")
        #expect(conflict.location.line == line || conflict.location.line == line + 1)
        #expect(conflict.message.contains("DirectPathTests.swift:"))
        #expect(layout.render(format: .json).contains("\"file\": \"CasementTests/DirectPathTests.swift\""))
    }

    @Test func theWrittenSpecIsAnExportThatReadsBack() throws {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box", classes: ["card"], title: "Box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.edges.equalToSuperview().inset(1)
        }
        let layout = try Layout(root: root, size: TerminalSize(width: 20, height: 6))
        let fixture = try Fixture(["export.layout": layout.writtenSpec])
        let reread = try Layout(spec: fixture.path("export.layout"), size: TerminalSize(width: 20, height: 6))
        #expect(reread.render() == layout.render())
    }
}

/// A stylesheet saved with new errors is kept out until it is fixed, and the
/// changes code makes meanwhile apply with the last good one (issue 25, item 2).
@Suite struct LastGoodStylesheetTests {
    @Test func codeChangesApplyWithTheLastGoodStylesheet() throws {
        let fixture = try Fixture(["app.cas": "box\n  border single\n"])
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.size.equalTo(4)
        }
        let layout = try Layout(root: root, stylesheets: [fixture.path("app.cas")])
        #expect(layout.views[1].style.border.rawValue == "single")
        try fixture.write("app.cas", "box\n  border double\n  margin-left 4x\n")
        let report = layout.reloadStylesheets()
        #expect(!report.blockingErrors.isEmpty)
        for width in 5...7 {
            box.updateConstraints { make in make.width.equalTo(width) }
            #expect(layout.frame(of: box)?.width == width)
            #expect(layout.views[1].style.border.rawValue == "single")
            #expect(layout.diagnostics.contains { $0.location.file.hasSuffix("app.cas") && $0.severity == .error })
        }
        try fixture.write("app.cas", "box\n  border double\n")
        #expect(layout.reloadStylesheets().blockingErrors.isEmpty)
        #expect(layout.views[1].style.border.rawValue == "double")
        #expect(!layout.diagnostics.contains { $0.severity == .error })
    }
}
