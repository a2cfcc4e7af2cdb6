import Foundation
import Testing

/// The maker chain moves through distinct types: a relation after a relation,
/// or an attribute or a second relation after one, must not compile. Checked by
/// type-checking small files against the Casement module this test run built
/// (`swiftc -typecheck`, a few seconds; no package is built).
@Suite struct TypedChainTests {
    /// The directory holding this build's `.swiftmodule`s.
    static var modules: String? {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Modules").path
            if FileManager.default.fileExists(atPath: candidate + "/Casement.swiftmodule") { return candidate }
        }
        return nil
    }

    /// Type-checks `source`; the compiler's diagnostics, and whether it succeeded.
    func typecheck(_ source: String) throws -> (ok: Bool, output: String) {
        let modules = try #require(Self.modules, "the built Casement module was not found")
        let fixture = try Fixture(["main.swift": source])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules, fixture.path("main.swift")]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: data, as: UTF8.self))
    }

    @Test func theChainCompilesInOrderAndNotOutOfIt() throws {
        let good = try typecheck("""
            import Casement
            let root = View(.screen, id: "root"), box = View(.box, id: "box")
            root.addSubview(box)
            box.makeConstraints { make in
                make.top.leading.equalToSuperview().offset(1).priority(.high).labeled("a")
                make.size.equalTo(root).multipliedBy(0.5).inset(1)
                let handle: Constraint = make.width.lessThanOrEqualTo(20).constraint
                handle.update(offset: 2)
            }
            """)
        #expect(good.ok, "\(good.output)")

        // One function per line, so the compiler reports each of them.
        let bad = try typecheck("""
            import Casement
            func a(_ make: ConstraintMaker) { make.top.equalTo(1).equalTo(2) }
            func b(_ make: ConstraintMaker) { make.top.equalTo(1).left }
            func c(_ make: ConstraintMaker, _ box: View) { make.top.equalToSuperview().greaterThanOrEqualTo(box) }
            func d(_ make: ConstraintMaker) { make.offset(1) }
            func e(_ make: ConstraintMaker) { make.top.priority(.high) }
            """)
        #expect(!bad.ok)
        for line in [2, 3, 4, 5, 6] {
            #expect(bad.output.contains("main.swift:\(line):"), "line \(line) should not compile:\n\(bad.output)")
        }
        #expect(bad.output.contains("has no member 'equalTo'"))
        #expect(bad.output.contains("has no member 'left'"))
    }

    /// `import Casement` exports a designed surface (issue 25): the DSL and the
    /// types its API speaks in, by name; not the engine's session, parser or syntax.
    @Test func importCasementExportsTheDesignedSurfaceOnly() throws {
        let surface = try typecheck("""
            import Casement
            let root = View(.screen, id: "root")
            let size: TerminalSize = TerminalSize(width: 80, height: 24)
            let layout: Layout = try Layout(root: root, size: size)
            let frame: ViewFrame? = layout.frame(of: root)
            let views: [ViewLayout] = layout.views
            let problems: [Diagnostic] = layout.diagnostics.filter { $0.code == DiagnosticCode.engineConflict }
            let place: SourceLocation = root.location
            let kind: ViewKind = root.kind
            let priority: LayoutPriority = .high
            let report: ReloadReport? = layout.lastReport
            let counts: ConstraintCounts? = report?.counts
            let text: String = layout.render(format: RenderFormat.plain, colors: ColorDepth.trueColor)
            let axis: Axis = .horizontal
            root.setContentHuggingPriority(priority, for: axis)
            _ = (frame, views, problems, place, kind, counts, text)
            """)
        #expect(surface.ok, "\(surface.output)")
        for hidden in ["LayoutSession", "SpecParser", "StatementSyntax", "SpecSyntax", "LayoutDocument", "Solver", "FileReader"] {
            let result = try typecheck("import Casement\nlet x: \(hidden)? = nil\n")
            #expect(!result.ok, "\(hidden) should not be visible through import Casement")
            #expect(result.output.contains("cannot find type '\(hidden)'"), "\(result.output)")
        }
    }
}
