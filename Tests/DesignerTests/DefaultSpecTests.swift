import Cells
import EmbeddedDemos
import Foundation
import LayoutEngine
import Testing

@testable import Designer

/// The package root, from this file's path.
private let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

@Suite("The default spec: the gallery")
struct DefaultSpecTests {
    @Test("the built-in copy matches demo/ and styles/ (the EmbedDemos plugin regenerates it on every build)")
    func embeddedCopyIsCurrent() throws {
        var onDisk: [String: String] = [:]
        for (directory, suffix) in [("demo", ".layout"), ("styles", ".cas")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + directory)
            where name.hasSuffix(suffix) {
                onDisk[directory + "/" + name] = try String(contentsOfFile: packageRoot + "/" + directory + "/" + name, encoding: .utf8)
            }
        }
        #expect(onDisk.keys.sorted() == BuiltInDemos.files.keys.sorted())
        for (path, text) in onDisk.sorted(by: { $0.key < $1.key }) {
            #expect(BuiltInDemos.files[path] == text, "\(path) differs from the built-in copy")
        }
    }

    @Test("found in the current directory first, then above the executable, else built in")
    func lookupOrder() {
        let here = DefaultSpec.locate(currentDirectory: packageRoot, executable: "/nowhere/casement")
        #expect(here.path == "demo/gallery.layout" && here.isFile)
        let built = DefaultSpec.locate(currentDirectory: "/", executable: packageRoot + "/.build/debug/casement")
        #expect(built.path == packageRoot + "/demo/gallery.layout" && built.isFile)
        let embedded = DefaultSpec.locate(currentDirectory: "/", executable: "/usr/local/bin/casement")
        #expect(!embedded.isFile)
        #expect(embedded.path == DefaultSpec.relativePath)
    }

    @Test("the built-in gallery loads without errors, and every demo row opens its demo")
    func embeddedGalleryWorks() throws {
        var designer = DesignerState(
            specPath: DefaultSpec.embedded.path, reader: DefaultSpec.embedded.reader,
            screen: TerminalSize(width: 100, height: 36))
        designer.load()
        #expect(designer.drawer == nil)
        #expect(!designer.session.diagnostics.hasErrors)
        let rows = designer.session.views.filter { $0.id.hasPrefix("demo-") && !$0.isGeneratedID }
        #expect(rows.count >= 11)
        #expect(designer.links.count == rows.count)
        for row in rows {
            let index = try #require(designer.session.viewIndex(of: row.id))
            designer.select(index)
            designer.perform(.activate)
            #expect(designer.session.specPath == "demo/" + row.id.dropFirst("demo-".count) + ".layout")
            #expect(!designer.session.views.isEmpty)
            designer.perform(.back)
        }
    }
}
