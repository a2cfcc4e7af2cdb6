import Foundation
import Testing

/// casement-files running in tmux on a scratch directory, with copies of its
/// frame and look to edit (`--dev`).
final class FilesScenario {
    let directory: String
    let browsed: String
    let tmux: TmuxSession

    /// `environment`: assignments put before the command (`TERM=…`).
    init(arguments: String, environment: String = "", width: Int = 110, height: Int = 32) throws {
        directory = try temporaryDirectory()
        browsed = directory + "/browsed"
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/casement-files").path
        for name in ["files.layout", "files.cas"] {
            try FileManager.default.copyItem(atPath: examples + "/" + name, toPath: directory + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: browsed + "/notes", withIntermediateDirectories: true)
        try "first line of the plan\nsecond line".write(toFile: browsed + "/notes/plan.txt", atomically: true, encoding: .utf8)
        try "hello".write(toFile: browsed + "/readme.md", atomically: true, encoding: .utf8)
        let files = BuiltProducts.directory.appendingPathComponent("casement-files").path
        let command = """
            printf 'shell before files\\n'; before=$(stty -g); \(environment) CASEMENT_FILES_DIR='\(directory)' '\(files)' \(arguments) '\(browsed)'; \
            status=$?; after=$(stty -g); if [ "$before" = "$after" ]; then modes=same; else modes=changed; fi; \
            printf 'files exited %s, modes %s\\n' "$status" "$modes"; exec sleep 600
            """
        tmux = try TmuxSession(command: command, width: width, height: height, directory: directory)
    }

    deinit {
        tmux.tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite(
    "casement-files in a terminal (tmux)",
    .enabled(if: tmuxPath != nil, "tmux is not installed: the end-to-end test drives casement-files in tmux"))
struct SlowCasementFilesEndToEndTests {
    @Test("browses, previews, filters, goes to a path, reloads its .cas live, F12 inspects, q restores the terminal")
    func devSession() throws {
        let scenario = try FilesScenario(arguments: "--dev")
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "readme.md")
        #expect(screen.containsText("╭─ Files"), "\(screen.joinedText)")
        #expect(screen.containsText("▸ notes/"), "\(screen.joinedText)")
        #expect(screen.containsText(" / Filter  s Sort"), "\(screen.joinedText)")

        tmux.send("Down")   // notes/, opened with →; then its file
        tmux.send("Right")
        screen = tmux.waitFor(text: "plan.txt")
        tmux.send("Down")
        screen = tmux.waitFor(text: "first line of the plan")
        #expect(screen.containsText("Name         plan.txt"), "\(screen.joinedText)")

        tmux.send("/")   // the filter: files by name, directories stay
        tmux.send("-l", "read")
        // (the tree's row: the details still name the file shown)
        screen = tmux.expectSoon("plan.txt filtered out") { !$0.containsText("─   plan.txt") && $0.containsText("readme.md") }
        tmux.send("Escape")
        screen = tmux.waitFor(text: "─   plan.txt")

        tmux.send("g")   // go to a path that is not there: a toast, the field stays
        screen = tmux.waitFor(text: "Go to path")
        tmux.send("C-u")
        tmux.send("-l", "nowhere")
        tmux.send("Enter")
        screen = tmux.waitFor(text: "no such file or directory")
        tmux.send("Escape")
        screen = tmux.expectSoon("the modal to close") { !$0.containsText("Go to path") }

        let sheet = try String(contentsOfFile: scenario.directory + "/files.cas", encoding: .utf8)
        try saveByRename(sheet.replacing(".tree     { title \"Files\" }", with: ".tree     { title \"Browse\" }"),
                         to: scenario.directory + "/files.cas")
        screen = tmux.waitFor(text: "╭─ Browse")

        tmux.send("F12")
        screen = tmux.waitFor(text: "VIEWS")
        #expect(screen.containsText("F12 close"), "\(screen.joinedText)")
        tmux.send("F12")
        screen = tmux.expectSoon("the inspector to close") { !$0.containsText("VIEWS") }

        tmux.send("q")
        screen = tmux.waitFor(text: "files exited")
        #expect(screen.containsText("files exited 0, modes same"), "\(screen.joinedText)")
        #expect(tmux.paneValue("alternate_on") == "0")
        #expect(try String(contentsOfFile: scenario.browsed + "/readme.md", encoding: .utf8) == "hello")
    }

    /// ncurses 6.4 overflowed its stack on an SGR mouse report of some forty
    /// parameters, which pasted text can carry: the app died. Under
    /// xterm-256color ncurses reads SGR reports, as in most terminals.
    @Test("survives a pasted mouse report of 46 parameters, and a click after it still works")
    func survivesAnOversizedMouseReport() throws {
        let scenario = try FilesScenario(arguments: "", environment: "TERM=xterm-256color")
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "[ ] Hidden")
        tmux.send("-l", "\u{1B}[<" + String(repeating: ";", count: 46) + "0M")
        let row = try #require(screen.firstIndex { $0.contains("[ ] Hidden") })
        let line = screen[row]
        let column = line.distance(from: line.startIndex, to: try #require(line.firstRange(of: "[ ]")).lowerBound) + 1
        let at = "\(column + 1);\(row + 1)"   // SGR reports count from 1
        tmux.send("-l", "\u{1B}[<0;\(at)M\u{1B}[<0;\(at)m")
        screen = tmux.waitFor(text: "[x] Hidden")
        tmux.send("q")
        screen = tmux.waitFor(text: "files exited")
        #expect(screen.containsText("files exited 0, modes same"), "\(screen.joinedText)")
    }
}
