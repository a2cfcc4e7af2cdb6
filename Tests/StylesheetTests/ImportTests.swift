import Cells
import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct ImportTests {
    @Test func importsAreRelativeToTheImportingFile() {
        let files = [
            "styles/main.cas": "@import \"theme/colors.cas\"\nbox { bg $accent }",
            "styles/theme/colors.cas": "@import \"../shared.cas\"\n$accent = $base",
            "styles/shared.cas": "$base = #123456",
        ]
        let s = load(files, entry: "styles/main.cas")
        #expect(s.diagnostics.isEmpty, "\(s.diagnostics.map(\.summary))")
        #expect(style("box", in: s).backgroundColor == .rgb(red: 0x12, green: 0x34, blue: 0x56))
        #expect(s.files.map(\.path) == ["styles/main.cas", "styles/theme/colors.cas", "styles/shared.cas"])
    }

    @Test func importedRulesSitAtTheImportPoint() {
        let files = [
            "main.cas": "box { z-index 1 }\n@import \"b.cas\"\ntext { z-index 3 }",
            "b.cas": "box { z-index 2 }\ntext { z-index 2 }",
        ]
        let s = load(files, entry: "main.cas")
        // Equal specificity: the later declaration wins, and b.cas comes in between.
        #expect(style("box", in: s).zIndex == 2)
        #expect(style("text", in: s).zIndex == 3)
    }

    @Test func variablesFlowBothWays() {
        let files = [
            "main.cas": "$gap = 3\n@import \"b.cas\"\nbox { padding $inner }",
            "b.cas": "$inner = $gap + 1",
        ]
        let s = load(files, entry: "main.cas")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).padding == Insets(all: 4))
    }

    @Test func importForms() {
        let files = [
            "main.cas": "$theme = \"dark.cas\"\n@import $theme\n@import plain.cas;\n@import 'quoted.cas'",
            "dark.cas": "box { z-index 1 }",
            "plain.cas": "text { z-index 2 }",
            "quoted.cas": "row { z-index 3 }",
        ]
        let s = load(files, entry: "main.cas")
        #expect(s.diagnostics.isEmpty, "\(s.diagnostics.map(\.summary))")
        #expect(s.files.map(\.path) == ["main.cas", "dark.cas", "plain.cas", "quoted.cas"])
        #expect(style("row", in: s).zIndex == 3)
    }

    @Test func cyclesAreErrorsNamingTheChain() {
        let files = [
            "a.cas": "@import \"b.cas\"\nbox { z-index 1 }",
            "b.cas": "@import \"c.cas\"",
            "c.cas": "text { z-index 2 }\n@import \"a.cas\"",
        ]
        let s = load(files, entry: "a.cas")
        #expect(s.diagnostics.map(\.summary) == ["c.cas:2:1: error: import cycle: a.cas → b.cas → c.cas → a.cas"])
        #expect(style("box", in: s).zIndex == 1)
        #expect(style("text", in: s).zIndex == 2)
        #expect(messages(load(["self.cas": "@import \"self.cas\""], entry: "self.cas")) == [
            "import cycle: self.cas → self.cas"
        ])
    }

    @Test func aFileImportedTwiceIsReadOnce() {
        let files = [
            "main.cas": "@import \"a.cas\"\n@import \"b.cas\"\n@import \"./a.cas\"",
            "a.cas": "@import \"b.cas\"\nbox { z-index 1 }",
            "b.cas": "box { z-index 2 }",
        ]
        let s = load(files, entry: "main.cas")
        #expect(s.diagnostics.isEmpty)
        #expect(s.files.map(\.path) == ["main.cas", "a.cas", "b.cas"])
        #expect(s.rules.count == 2)
        #expect(style("box", in: s).zIndex == 1)
    }

    @Test func aMissingFileIsAnErrorAtTheImportAndIsStillWatched() {
        let s = load(["main.cas": "box { z-index 1 }\n  @import \"gone.cas\""], entry: "main.cas")
        #expect(s.diagnostics.map(\.summary) == ["main.cas:2:3: error: cannot import 'gone.cas': file not found"])
        #expect(s.files == [
            StylesheetFile(path: "main.cas", status: .loaded), StylesheetFile(path: "gone.cas", status: .missing),
        ])
        #expect(style("box", in: s).zIndex == 1)
        let entry = load([:], entry: "nowhere.cas")
        #expect(entry.diagnostics.map(\.summary) == ["nowhere.cas:1:1: error: cannot read stylesheet 'nowhere.cas': file not found"])
        #expect(entry.files == [StylesheetFile(path: "nowhere.cas", status: .missing)])
    }

    @Test func unreadableFilesSayWhy() {
        var loader = StylesheetLoader(reader: StylesheetReader { path in
            if path == "main.cas" { return "@import \"locked.cas\"" }
            throw StylesheetReader.Failure.unreadable("permission denied")
        })
        let s = loader.load("main.cas")
        #expect(messages(s) == ["cannot import 'locked.cas': permission denied"])
        #expect(s.files[1].status == .unreadable("permission denied"))
    }

    @Test func importsAreTopLevelOnly() {
        let s = load(["main.cas": "box {\n  @import \"x.cas\"\n  z-index 1\n}", "x.cas": ""], entry: "main.cas")
        #expect(messages(s) == ["@import must be at the top level"])
        #expect(style("box", in: s).zIndex == 1)
    }

    @Test func theLoaderReparsesOnlyChangedFilesAndForgetsUnusedOnes() {
        final class Files: @unchecked Sendable {
            var contents: [String: String] = [:]
        }
        let files = Files()
        files.contents = [
            "main.cas": "@import \"a.cas\"\n@import \"b.cas\"",
            "a.cas": "box { z-index 1 }",
            "b.cas": "text { z-index 2 }",
        ]
        var loader = StylesheetLoader(reader: StylesheetReader { path in
            guard let text = files.contents[path] else { throw StylesheetReader.Failure.notFound }
            return text
        })
        _ = loader.load("main.cas")
        #expect(loader.parsedByLastLoad == ["main.cas", "a.cas", "b.cas"])
        _ = loader.load("main.cas")
        #expect(loader.parsedByLastLoad == [])
        files.contents["b.cas"] = "text { z-index 5 }"
        let changed = loader.load("main.cas")
        #expect(loader.parsedByLastLoad == ["b.cas"])
        #expect(style("text", in: changed).zIndex == 5)
        // Dropping an import forgets the file; bringing it back parses it again.
        files.contents["main.cas"] = "@import \"a.cas\""
        _ = loader.load("main.cas")
        #expect(loader.parsedByLastLoad == ["main.cas"])
        files.contents["main.cas"] = "@import \"a.cas\"\n@import \"b.cas\""
        _ = loader.load("main.cas")
        #expect(loader.parsedByLastLoad == ["main.cas", "b.cas"])
    }

    @Test func severalEntryFilesLoadInOrder() {
        let files = ["one.cas": "box { z-index 1 }", "two.cas": "box { z-index 2 }"]
        var loader = StylesheetLoader(reader: .inMemory(files))
        #expect(style("box", in: loader.load(["one.cas", "two.cas"])).zIndex == 2)
        #expect(style("box", in: loader.load(["two.cas", "one.cas"])).zIndex == 1)
    }

    @Test func pathsNormalise() {
        #expect(ImportPath.resolve("b.cas", from: "a/x.cas") == "a/b.cas")
        #expect(ImportPath.resolve("../b.cas", from: "a/x.cas") == "b.cas")
        #expect(ImportPath.resolve("../../b.cas", from: "a/x.cas") == "../b.cas")
        #expect(ImportPath.resolve("./c/./d.cas", from: "x.cas") == "c/d.cas")
        #expect(ImportPath.resolve("/abs/e.cas", from: "a/x.cas") == "/abs/e.cas")
        #expect(ImportPath.resolve("../e.cas", from: "/top/x.cas") == "/e.cas")
    }

    @Test func theFileSystemReaderReadsFiles() throws {
        let directory = "/tmp/casement-stylesheet-tests-\(UInt32.random(in: 0...UInt32.max))"
        try FileManagerShim.write("$c = red", to: directory + "/vars.cas")
        try FileManagerShim.write("@import \"vars.cas\"\nbox { bg $c }", to: directory + "/main.cas")
        var loader = StylesheetLoader(reader: .fileSystem)
        let s = loader.load(directory + "/main.cas")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).backgroundColor == .ansi(1))
        #expect(messages(loader.load(directory + "/none.cas")).first?.hasSuffix("file not found") == true)
        FileManagerShim.remove(directory)
    }
}

import Foundation

enum FileManagerShim {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
