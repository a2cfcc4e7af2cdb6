import CasementApp
import Foundation
import Testing

@testable import casement_files

/// casement-files on a scratch directory, headless: its frame and look are
/// the embedded ones, its loads run off the main actor and come back posted.
@MainActor
final class FilesHarness {
    let directory: String
    let spec: String
    let files: FilesApp
    let pilot: AppPilot
    var app: App { files.app }

    init(_ entries: [String: String] = FilesHarness.sample, size: TerminalSize = TerminalSize(width: 110, height: 32),
         dev: Bool = false) throws {
        directory = try scratchDirectory([:])
        for (path, text) in entries {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if path.hasSuffix("/") { continue }
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        spec = try FrameFiles.specPath(dev: dev)
        files = try FilesApp(specPath: spec, directory: directory, devMode: dev)
        pilot = AppPilot(files.app, size: size)
        files.start()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
        FrameFiles.removeCopies(of: spec)
    }

    static let sample = [
        "docs/readme.md": "# Read me\nhello",
        "docs/guide.md": "a guide",
        "src/main.swift": "print(\"hi\")",
        "zeta.txt": "last by name, biggest by size: " + String(repeating: "z", count: 500),
        "alpha.txt": "alpha",
        ".hidden": "secret",
    ]

    /// Lets the loads off the main actor finish and their results come back:
    /// until `done` holds, or (without it) until nothing is loading for a while.
    func settle(until done: (() -> Bool)? = nil, polls: Int = 600,
                sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        var quiet = 0
        for _ in 0..<polls {
            pilot.settle()
            if let done {
                if done() { return }
            } else if files.tree.visibleNodes.contains(where: \.isLoading) {
                quiet = 0
            } else {
                quiet += 1
                if quiet >= 5 { return }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        if done != nil { Issue.record("timed out; the tree: \(rows)", sourceLocation: sourceLocation) }
    }

    /// The tree's rows as shown.
    var rows: [String] { files.tree.visibleNodes.map(\.label) }

    /// Selects the row labelled `label` (and waits for its preview).
    func select(_ label: String) async throws {
        guard let node = files.tree.visibleNodes.first(where: { $0.label == label }) else {
            Issue.record("no row \(label) in \(rows)")
            return
        }
        files.tree.select(node)
        try await settle()
    }
}

@MainActor
@Suite struct FilesExampleTests {
    @Test func opensTheDirectoryDirectoriesFirstWithoutHiddenFiles() async throws {
        let harness = try FilesHarness()
        try await harness.settle { harness.rows.count > 1 }
        #expect(harness.app.diagnostics.isEmpty)
        #expect(harness.rows == [(harness.directory as NSString).lastPathComponent + "/", "docs/", "src/", "alpha.txt", "zeta.txt"])
        #expect(harness.pilot.text.contains("Directory, 5 entries"))
        #expect(harness.pilot.text.contains("Permissions  drwx"))
        #expect(harness.pilot.lines.last?.hasPrefix(" / Filter  s Sort  . Hidden  g Go to") == true)
        #expect(harness.app.focusedWidget === harness.files.tree)
        // Every widget of the set is in the example.
        for selector in [".tree", ".textview", ".scroll", ".log", ".textarea", ".textfield", ".select", ".checkbox",
                         ".switch", ".tabs", ".footer", "#details .label"] {
            #expect(!harness.pilot.query(selector).isEmpty, "\(selector)")
        }
    }

    @Test func selectingAFileShowsItsTextAndDetails() async throws {
        let harness = try FilesHarness()
        try await harness.settle { harness.rows.count > 1 }
        try await harness.select("alpha.txt")
        #expect(harness.files.preview.text == "alpha")
        #expect(harness.pilot.text.contains("Name         alpha.txt"))
        #expect(harness.pilot.text.contains("Size         5 B"))
        #expect(harness.pilot.text.contains("Kind         file"))
        harness.pilot.press(.up, .up)                                 // keys: docs/, then ← → open it
        harness.pilot.press(.right)
        try await harness.settle { harness.rows.contains("readme.md") }
        #expect(harness.rows.contains("guide.md") && harness.rows.contains("readme.md"))
        harness.pilot.press(.down, .down)
        try await harness.settle { harness.files.preview.text.hasPrefix("# Read me") }
        #expect(harness.files.preview.text == "# Read me\nhello")
        harness.pilot.press(.enter)                                   // Enter on a file: the preview takes the focus
        #expect(harness.app.focusedWidget === harness.files.preview)
    }

    @Test func bigAndBinaryFilesAreSummarisedAndNeverReadWhole() async throws {
        let big = String(repeating: "0123456789abcdef\n", count: 20_000)   // 340,000 bytes
        var entries = FilesHarness.sample
        entries["big.log"] = big
        let harness = try FilesHarness(entries)
        try Data([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]).write(to: URL(fileURLWithPath: harness.directory + "/tool"))
        harness.files.reload()
        try await harness.settle { harness.rows.contains("tool") }
        try await harness.select("big.log")
        let preview = harness.files.preview.text
        #expect(preview.hasSuffix("— the first 256.0 KB of 332.0 KB —"))
        #expect(preview.utf8.count < 262_144 + 100)
        try await harness.select("tool")
        #expect(harness.files.preview.text == "Binary file, 8 B\n\nfirst bytes: 7f 45 4c 46 00 01 02 03")
        #expect(FileSystem.text(from: Array("é".utf8).dropLast(), isCut: true) == "")   // a cut character is dropped
        #expect(FileSystem.text(from: [0xff, 0xfe], isCut: false) == nil)
    }

    @Test func sortFilterAndHiddenFilesListEveryOpenDirectoryAgain() async throws {
        let harness = try FilesHarness()
        let pilot = harness.pilot
        try await harness.settle { harness.rows.count > 1 }
        pilot.press(.down, .right)                                    // docs/ open: it stays open through every change
        try await harness.settle { harness.rows.contains("readme.md") }
        pilot.press(.character("s"))                                  // sort by size: biggest first
        try await harness.settle { harness.rows.last == "alpha.txt" }
        #expect(harness.files.sort.selectedOption == "Size")
        #expect(Array(harness.rows.suffix(2)) == ["zeta.txt", "alpha.txt"])
        #expect(harness.rows.contains("readme.md"))
        pilot.press(.character("."))                                  // hidden files
        try await harness.settle { harness.rows.contains(".hidden") }
        #expect(harness.files.hidden.isOn)
        pilot.click(harness.files.hidden)                             // a click toggles it back
        try await harness.settle { !harness.rows.contains(".hidden") }
        pilot.press(.character("/"))                                  // the filter: files by name, directories stay
        #expect(harness.app.focusedWidget === harness.files.filter)
        pilot.type("read")
        try await harness.settle { !harness.rows.contains("alpha.txt") }
        #expect(harness.rows.dropFirst().sorted() == ["docs/", "readme.md", "src/"])
        pilot.press(.escape)                                          // clears it, back to the tree
        try await harness.settle { harness.rows.contains("alpha.txt") }
        #expect(harness.files.filter.text.isEmpty && harness.app.focusedWidget === harness.files.tree)
        pilot.click(harness.files.sort)                               // the select's list, over the tree
        #expect(harness.files.sort.isOpen)
        pilot.press(.up, .up, .enter)
        try await harness.settle { harness.rows.last == "zeta.txt" }
        #expect(harness.files.sort.selectedOption == "Name")
        pilot.press(.control("p"))                                    // the palette
        pilot.type("by mod")
        pilot.press(.enter)
        #expect(harness.files.sort.selectedOption == "Modified")
    }

    @Test func goToPathMovesTheRootOrSaysWhyNot() async throws {
        let harness = try FilesHarness()
        let pilot = harness.pilot
        try await harness.settle { harness.rows.count > 1 }
        pilot.press(.character("g"))
        #expect(harness.app.modals.count == 1 && pilot.text.contains("Go to path"))
        pilot.press(.control("u"))
        pilot.type("nowhere")
        pilot.press(.enter)
        #expect(harness.app.notifications.last?.hasPrefix("no such file or directory:") == true)
        #expect(harness.app.modals.count == 1)                       // the field stays to fix it
        pilot.press(.control("u"))
        pilot.type("docs/guide.md")                                  // a file: its directory, the file selected
        pilot.press(.enter)
        #expect(harness.app.modals.isEmpty)
        try await harness.settle { harness.files.tree.selectedNode?.label == "guide.md" }
        #expect(harness.files.rootPath == harness.directory + "/docs")
        #expect(harness.files.tree.selectedNode?.label == "guide.md")
        try await harness.settle { harness.files.preview.text == "a guide" }
        #expect(pilot.lines[0].contains("/docs"))
        pilot.press(.character("g"), .escape)                       // Escape closes it
        #expect(harness.app.modals.isEmpty)
    }

    @Test func aFileThatVanishedIsAToastAndAnErrorInTheLog() async throws {
        let harness = try FilesHarness()
        try await harness.settle { harness.rows.count > 1 }
        try FileManager.default.removeItem(atPath: harness.directory + "/alpha.txt")
        try await harness.select("alpha.txt")
        try await harness.settle { !harness.app.notifications.isEmpty }
        #expect(harness.app.notifications.last == harness.directory + "/alpha.txt is gone (deleted or moved)")
        #expect(harness.pilot.text.contains("(deleted or moved)"))     // the toast, bottom right
        #expect(harness.files.log.lines.contains { $0.hasPrefix("error: ") && $0.contains("is gone") })
        #expect(FileProblem(path: "/x", code: EACCES).message == "permission denied: /x")
        harness.pilot.advance(by: .seconds(4))
        #expect(!harness.pilot.text.contains("(deleted or moved)"))   // the toast's time is up
    }

    @Test func thePanelsTabsShowDetailsTheLogAndNotes() async throws {
        let harness = try FilesHarness()
        let pilot = harness.pilot
        try await harness.settle { harness.rows.count > 1 }
        let tabs = harness.files.panels
        pilot.click(tabs, x: 12, y: 0)                                // "Log"
        #expect(tabs.selectedIndex == 1)
        #expect(harness.files.log.lines.contains("listed \(harness.directory): 4 of 5 entries"))
        #expect(pilot.text.contains("of 5 entries"))
        #expect(!pilot.text.contains("Permissions"))
        pilot.press(.right)                                           // the tabs have the focus: → is Notes
        #expect(tabs.selectedIndex == 2)
        pilot.press(.tab)
        #expect(harness.app.focusedWidget === harness.files.notes)
        pilot.type("look at zeta")
        pilot.press(.enter)
        pilot.type("and docs")
        #expect(harness.files.notes.text == "look at zeta\nand docs")
        pilot.press(.control("z"))                                    // typing undoes a word at a time
        #expect(harness.files.notes.text == "look at zeta\nand ")
        pilot.press(.control("y"))
        #expect(harness.files.notes.text == "look at zeta\nand docs")
        pilot.click(tabs, x: 2, y: 0)
        #expect(pilot.text.contains("Permissions"))
    }

    @Test func optionsHelpAndTheWrapSwitch() async throws {
        let harness = try FilesHarness()
        let pilot = harness.pilot
        try await harness.settle { harness.rows.count > 1 }
        try await harness.select("zeta.txt")
        #expect(pilot.text.contains("Size         531 B"))
        pilot.press(.character("o"))                                  // a pushed screen
        #expect(harness.app.screens.count == 2)
        #expect(pilot.text.contains("(•) Sizes in powers of 1024"))
        pilot.press(.down)
        pilot.press(.escape)
        #expect(harness.app.screens.count == 1)
        #expect(harness.files.decimalSizes)
        #expect(pilot.text.contains("Size         531 B"))                  // under 1000 either way
        #expect(FileSystem.formatSize(1_500, decimal: true) == "1.5 kB" && FileSystem.formatSize(1_536) == "1.5 KB")
        let wrapped = pilot.lines.filter { $0.contains("zzzz") }.count
        #expect(wrapped > 1)                                          // 500 z's wrap in the preview
        pilot.click(harness.files.wrap)
        #expect(!harness.files.preview.wraps)
        #expect(pilot.lines.filter { $0.contains("zzzz") }.count == 1)
        pilot.press(.character("?"))
        #expect(harness.app.modals.count == 1 && pilot.text.contains("A read-only file browser."))
        pilot.press(.enter)                                            // OK
        #expect(harness.app.modals.isEmpty)
        pilot.click(x: 30, y: harness.pilot.lines.count - 1)          // the footer: "g Go to"
        #expect(harness.app.modals.count == 1)
        #expect(pilot.text.contains("Go to path"))
    }

    @Test func itNeverWritesToWhatItBrowses() async throws {
        let harness = try FilesHarness()
        let before = try Self.listing(of: harness.directory)
        try await harness.settle { harness.rows.count > 1 }
        harness.pilot.press(.down, .right, .down, .down, .character("s"), .character("."), .character("r"))
        try await harness.settle()
        try await harness.select("alpha.txt")
        harness.pilot.press(.character("g"), .enter)
        try await harness.settle()
        #expect(try Self.listing(of: harness.directory) == before)
    }

    /// Every path under `directory` with its size and modification time.
    static func listing(of directory: String) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: directory).sorted()
        return try paths.map { path in
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + path)
            return "\(path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)"
        }
    }

    @Test func theEmbeddedFrameAndLookMatchTheFiles() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/casement-files").path
        let embedded = try String(contentsOfFile: directory + "/Embedded.swift", encoding: .utf8)
        for name in ["files.layout", "files.cas"] {
            let file = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(embedded.contains("#\"\"\"\n" + file + "\"\"\"#"), "run Examples/casement-files/gen-embedded.sh after editing \(name)")
        }
    }
}

@MainActor
@Suite struct SlowFilesExampleTests {
    /// 100,000 entries are listed off the main actor: keys are handled while
    /// the `Loading…` row shows, and the rows come in once, whole.
    @Test func aDirectoryOfAHundredThousandEntriesOpensWithoutBlockingInput() async throws {
        let harness = try FilesHarness([:])
        let big = harness.directory + "/big"
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
        for index in 0..<100_000 {
            let descriptor = open(big + "/f\(index)", O_WRONLY | O_CREAT, 0o644)
            #expect(descriptor >= 0)
            close(descriptor)
        }
        harness.files.reload()
        try await harness.settle { harness.rows == ["\((harness.directory as NSString).lastPathComponent)/", "big/"] }
        let pilot = harness.pilot
        pilot.press(.down, .right)                                   // open it: listed off the main actor
        #expect(pilot.text.contains("Loading…"))
        pilot.press(.tab)                                            // input goes on meanwhile
        #expect(harness.app.focusedWidget !== harness.files.tree)
        pilot.press(.backTab)
        #expect(harness.app.focusedWidget === harness.files.tree)
        try await harness.settle(until: { harness.rows.count == 100_002 }, polls: 6_000)
        #expect(!pilot.text.contains("Loading…"))
        pilot.press(.end)
        #expect(harness.files.tree.selectedNode?.label == "f99999")
        #expect(pilot.text.contains("└─   f99999"))
    }
}
