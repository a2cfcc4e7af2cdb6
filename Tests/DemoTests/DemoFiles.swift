import Diagnostics
import Foundation
import LayoutSpec
import Stylesheet

/// Where the demos live, found from this file's path so the tests work from any
/// working directory.
enum DemoFiles {
    /// The package root: three levels above `Tests/DemoTests/DemoFiles.swift`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let demoDirectory = root.appendingPathComponent("demo")
    static let stylesDirectory = root.appendingPathComponent("styles")

    /// Every demo the gallery promises; the tests fail if one is missing.
    static let expectedDemos = [
        "gallery", "boxes", "masonry", "linear", "frame", "grid", "dashboard",
        "responsive", "conflict", "ambiguity", "stress", "text",
    ]

    /// Absolute paths of the files in `directory` ending in `.suffix`, sorted.
    static func files(in directory: URL, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + suffix) }.sorted().map { directory.appendingPathComponent($0).path }
    }

    static var specPaths: [String] { files(in: demoDirectory, suffix: "layout") }
    static var stylesheetPaths: [String] { files(in: stylesDirectory, suffix: "cas") }

    static func spec(_ name: String) -> String { demoDirectory.appendingPathComponent(name + ".layout").path }
    static func stylesheet(_ name: String) -> String { stylesDirectory.appendingPathComponent(name + ".cas").path }

    /// A demo compiled as the engine compiles it at a terminal size: structural
    /// style values (a grid's `columns`) come from its stylesheets' cascade.
    static func document(_ path: String, width: Int = 80, height: Int = 24) throws -> LayoutDocument {
        let plain = try LayoutDocument(contentsOfFile: path)
        guard !plain.structuralReads.isEmpty else { return plain }
        let cascade = stylesheet(for: plain).cascade(styledViews(plain), width: width, height: height)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return LayoutDocument(source: SourceText(path: path, text: text)) { id, name in
            guard let index = plain.viewIndex[id],
                case .success(.number(let value)) = cascade.styles[index].layoutValue(named: name)
            else { return nil }
            return value
        }
    }

    /// The stylesheets a spec uses, loaded together in their `use` order.
    static func stylesheet(for document: LayoutDocument) -> Stylesheet {
        var loader = StylesheetLoader(reader: .fileSystem)
        return loader.load(document.uses.map(\.resolvedPath))
    }

    /// The spec's views as the cascade sees them, in the same order.
    static func styledViews(_ document: LayoutDocument) -> [StyledView] {
        document.views.map { view in
            StyledView(
                kind: view.kind.rawValue, id: view.id, classes: view.classes,
                parent: view.parent.flatMap { document.viewIndex[$0] })
        }
    }
}

extension Array where Element == Diagnostic {
    /// One `file:line:col: severity: message` line each, for failure messages.
    var summaries: [String] { map(\.summary) }
}

extension DemoFiles {
    /// The demos' names, `gallery` included, from the files on disk.
    static var demoNames: [String] {
        specPaths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }

    /// The spec as a newcomer types it from the package root: `demo/NAME.layout`.
    static func relativeSpec(_ name: String) -> String { "demo/\(name).layout" }

    /// Reads paths relative to the package root, so outputs (diagnostics, JSON)
    /// show `demo/…` and `styles/…` as they do in a clone, never a machine path.
    static let rootReader = StylesheetReader { path in
        let absolute = path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
        return try StylesheetReader.fileSystem.contents(of: absolute)
    }
}
