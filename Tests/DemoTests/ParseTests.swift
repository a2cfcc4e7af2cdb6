import Foundation
import LayoutSpec
import Stylesheet
import Testing

/// Every demo and stylesheet must load cleanly: a demo that shows a parse error
/// teaches the wrong thing. The conflict and ambiguity demos are clean here
/// too; their problems appear only when the layout is solved.
@Suite struct ParseTests {
    @Test func everyPromisedDemoExists() {
        for name in DemoFiles.expectedDemos {
            #expect(FileManager.default.fileExists(atPath: DemoFiles.spec(name)), "demo/\(name).layout is missing")
        }
    }

    @Test(arguments: DemoFiles.specPaths)
    func specParsesWithoutDiagnostics(_ path: String) throws {
        let document = try DemoFiles.document(path)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics.summaries)")
        #expect(!document.views.isEmpty)
        #expect(document.views.first?.kind == .screen, "a demo's root is a screen")
        #expect(!document.uses.isEmpty, "a demo uses at least one stylesheet")
    }

    @Test(arguments: DemoFiles.specPaths)
    func everyUsedStylesheetExists(_ path: String) throws {
        let document = try DemoFiles.document(path)
        for use in document.uses {
            #expect(FileManager.default.fileExists(atPath: use.resolvedPath), "\(use.location): \(use.path) does not exist")
        }
    }

    @Test(arguments: DemoFiles.specPaths)
    func usedStylesheetsLoadWithoutDiagnostics(_ path: String) throws {
        let document = try DemoFiles.document(path)
        let sheet = DemoFiles.stylesheet(for: document)
        #expect(sheet.diagnostics.isEmpty, "\(sheet.diagnostics.summaries)")
        for file in sheet.files {
            #expect(file.status == .loaded, "\(file.path): \(file.status)")
        }
    }

    @Test(arguments: DemoFiles.stylesheetPaths)
    func stylesheetLoadsWithoutDiagnostics(_ path: String) {
        var loader = StylesheetLoader(reader: .fileSystem)
        let sheet = loader.load(path)
        #expect(sheet.diagnostics.isEmpty, "\(sheet.diagnostics.summaries)")
        #expect(sheet.files.allSatisfy { $0.status == .loaded })
    }

    @Test func everyStylesheetIsUsedOrImported() throws {
        var reached = Set<String>()
        for path in DemoFiles.specPaths {
            let sheet = DemoFiles.stylesheet(for: try DemoFiles.document(path))
            reached.formUnion(sheet.files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        }
        for path in DemoFiles.stylesheetPaths {
            let standard = URL(fileURLWithPath: path).standardizedFileURL.path
            // The palette not currently imported by theme.cas is reached only by switching themes.
            if standard.hasSuffix("/palette-light.cas") || standard.hasSuffix("/palette-dark.cas") { continue }
            #expect(reached.contains(standard), "\(path) is used by no demo")
        }
    }
}
