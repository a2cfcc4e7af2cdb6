import Foundation
import Testing

/// casement-top running in tmux, from a directory of its own.
final class TopScenario {
    let directory: String
    let tmux: TmuxSession

    init(arguments: String, width: Int = 120, height: Int = 36) throws {
        directory = try temporaryDirectory()
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/casement-top").path
        for name in ["top.layout", "top.cas"] {
            try FileManager.default.copyItem(atPath: examples + "/" + name, toPath: directory + "/" + name)
        }
        let top = BuiltProducts.directory.appendingPathComponent("casement-top").path
        let command = """
            printf 'shell before top\\n'; before=$(stty -g); CASEMENT_TOP_DIR='\(directory)' '\(top)' \(arguments); \
            status=$?; after=$(stty -g); if [ "$before" = "$after" ]; then modes=same; else modes=changed; fi; \
            printf 'top exited %s, modes %s\\n' "$status" "$modes"; exec sleep 600
            """
        tmux = try TmuxSession(command: command, width: width, height: height, directory: directory)
    }

    deinit {
        tmux.tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    func expectRestored(status: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = tmux.waitFor(text: "top exited")
        #expect(screen.containsText("top exited \(status), modes same"), "\(screen.joinedText)", sourceLocation: sourceLocation)
        #expect(screen.containsText("shell before top"), sourceLocation: sourceLocation)
        #expect(tmux.paneValue("alternate_on") == "0", sourceLocation: sourceLocation)
        #expect(tmux.paneValue("cursor_flag") == "1", sourceLocation: sourceLocation)
    }
}

extension TmuxSession {
    /// Waits until `condition` holds; a timeout is a test failure showing the screen.
    @discardableResult
    func expectSoon(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([String]) -> Bool
    ) -> [String] {
        let screen = waitFor(condition)
        if !condition(screen) {
            Issue.record("timed out waiting for \(what):\n\(screen.joinedText)", sourceLocation: sourceLocation)
        }
        return screen
    }
}

@Suite(
    "casement-top in a terminal (tmux)",
    .enabled(if: tmuxPath != nil, "tmux is not installed: the end-to-end tests drive casement-top in tmux"))
struct SlowCasementTopEndToEndTests {
    @Test("shows processes, sorts, filters, opens details, reloads its .cas live, F12 inspects, q restores")
    func devSession() throws {
        let scenario = try TopScenario(arguments: "--dev")
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "load ")
        #expect(screen.containsText("PID USER"), "\(screen.joinedText)")
        #expect(screen.containsText("load "), "\(screen.joinedText)")
        #expect(screen.containsText("╭─ CPU"), "\(screen.joinedText)")
        // Its own layout has no problems: dev mode would show a badge (⚠ 1  F12).
        #expect(!screen.containsText("⚠") && !screen.containsText("✖"), "\(screen.joinedText)")

        tmux.send("p")   // by PID: init is first
        screen = tmux.expectSoon("sorted by PID, PID 1 first") { screen in
            guard let header = screen.firstIndex(where: { $0.contains("▲PID USER") }), header + 1 < screen.count else { return false }
            return screen[header + 1].range(of: #"^│\s+1 \S+"#, options: .regularExpression) != nil
        }

        tmux.send("/")
        tmux.send("-l", "casement-to")
        screen = tmux.expectSoon("only casement-top rows") { screen in
            // The table's rows: below its header, down to the box's bottom edge.
            guard let header = screen.firstIndex(where: { $0.contains("PID USER") }) else { return false }
            let rows = screen[(header + 1)...].prefix { $0.hasPrefix("│") }.filter { $0.range(of: #"^│\s+\d+ "#, options: .regularExpression) != nil }
            return !rows.isEmpty && rows.allSatisfy { $0.contains("casement-to") }
        }
        tmux.send("Enter")
        screen = tmux.waitFor(text: "filter: casement-to")

        tmux.send("Enter")   // details of the selected process
        screen = tmux.waitFor(text: "threads")
        #expect(screen.containsText("╭─ Details"), "\(screen.joinedText)")

        let sheet = try String(contentsOfFile: scenario.directory + "/top.cas", encoding: .utf8)
        try saveByRename(sheet.replacing("border rounded", with: "border double"), to: scenario.directory + "/top.cas")
        screen = tmux.waitFor(text: "╔═ CPU")

        tmux.send("F12")
        screen = tmux.waitFor(text: "VIEWS")
        #expect(screen.containsText("processes box \"Processes\""), "\(screen.joinedText)")
        #expect(screen.containsText("F12 close"), "\(screen.joinedText)")  // dev mode's status line
        tmux.send("F12")
        screen = tmux.expectSoon("the inspector to close") { !$0.containsText("VIEWS") }

        tmux.send("Escape")   // closes the details
        screen = tmux.expectSoon("the details to close") { !$0.containsText("threads") }
        tmux.send("Escape")   // clears the filter
        screen = tmux.expectSoon("the filter to clear") { !$0.containsText("filter:") }
        tmux.send("q")
        scenario.expectRestored()
    }

    @Test("Ctrl-C and SIGTERM end it with the terminal restored, exiting 130 and 143", arguments: ["C-c", "TERM"])
    func signals(_ how: String) throws {
        let scenario = try TopScenario(arguments: "", width: 100, height: 30)
        let tmux = scenario.tmux
        tmux.waitFor(text: "load ")
        if how == "C-c" {
            tmux.send("C-c")
        } else {
            let shell = tmux.paneValue("pane_pid")
            let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
            let pid = try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
            kill(pid, SIGTERM)
        }
        scenario.expectRestored(status: how == "C-c" ? 130 : 143)
    }

    @Test("without --dev it runs from any directory on its embedded files; the details panel needs 100 columns")
    func narrowTerminal() throws {
        let scenario = try TopScenario(arguments: "", width: 90, height: 30)
        try FileManager.default.removeItem(atPath: scenario.directory + "/top.cas")
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "load ")
        tmux.send("Enter")
        usleep(1_500_000)
        screen = tmux.capture()
        #expect(!screen.containsText("Details"), "\(screen.joinedText)")
        tmux.resize(width: 120, height: 30)
        screen = tmux.waitFor(text: "╭─ Details")
        tmux.send("q")
        scenario.expectRestored()
    }
}
