import Foundation
import Testing

private let spec = """
    use "look.cas"
    screen root {
      box card .card "Card" {
        top == 1
        left == 2
        size == $size
      }
      box edge "E" { top == 1; right == parent.right - 1; width == 5; height == 3 }
      text foot "bottom line" { left == 2; bottom == parent.bottom - 1 }
    }
    """

private let style = """
    box
      border single
      size 24 5
    box[state:selected]
      border double
    .card
      text "first version"
    """

/// A directory with the spec and its stylesheet, and casement running on it in
/// tmux; both go away with the scenario.
private final class Scenario {
    let directory: String
    let tmux: TmuxSession

    /// `environment`: assignments put before the command (`TERM=…`).
    init(
        width: Int = 80, height: Int = 24, arguments: String = "demo.layout", files: [String: String]? = nil,
        environment: String = ""
    ) throws {
        directory = try temporaryDirectory()
        for (name, text) in files ?? ["demo.layout": spec, "look.cas": style] {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        // Remember the terminal modes, run casement, then say how it ended and
        // whether the modes came back; keep the pane open for the capture.
        let command = """
            printf 'shell before casement\\n'; before=$(stty -g); \(environment) '\(BuiltProducts.casement)' \(arguments); \
            status=$?; after=$(stty -g); if [ "$before" = "$after" ]; then modes=same; else modes=changed; fi; \
            printf 'casement exited %s, modes %s\\n' "$status" "$modes"; exec sleep 600
            """
        tmux = try TmuxSession(command: command, width: width, height: height, directory: directory)
    }

    deinit {
        tmux.tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ text: String, to name: String) throws {
        try saveByRename(text, to: directory + "/" + name)
    }

    /// The pid of casement, the pane's shell's child.
    func casementPID() -> pid_t? {
        let shell = tmux.paneValue("pane_pid")
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Checks that casement has ended as expected and left the terminal as it found it.
    func expectRestored(status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = tmux.waitFor(text: "casement exited")
        #expect(screen.containsText("casement exited \(status), modes same"), "\(screen.joinedText)", sourceLocation: sourceLocation)
        #expect(screen.containsText("shell before casement"), "the alternate screen was not left", sourceLocation: sourceLocation)
        #expect(tmux.paneValue("alternate_on") == "0", sourceLocation: sourceLocation)
        #expect(tmux.paneValue("cursor_flag") == "1", sourceLocation: sourceLocation)
        #expect(tmux.paneValue("mouse_any_flag") == "0", sourceLocation: sourceLocation)
    }
}

@Suite(
    "casement in a terminal (tmux)",
    .enabled(if: tmuxPath != nil, "tmux is not installed: the end-to-end tests drive casement in tmux"))
struct SlowLiveDesignerEndToEndTests {
    @Test("a saved edit shows up; a syntax error opens the drawer over the old layout; the fix clears it")
    func editErrorAndFix() throws {
        let scenario = try Scenario()
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "first version")
        #expect(screen.containsText("┌─ Card"), "\(screen.joinedText)")
        #expect(tmux.paneValue("alternate_on") == "1")

        try scenario.write(style.replacing("first version", with: "second version"), to: "look.cas")
        screen = tmux.waitFor(text: "second version")
        #expect(screen.containsText("second version"), "\(screen.joinedText)")
        #expect(screen.containsText("reloaded in"))

        // A burst of saves ends in the last one's layout.
        for number in 0..<20 {
            try scenario.write(style.replacing("first version", with: "burst \(number) of 20"), to: "look.cas")
        }
        screen = tmux.waitFor(text: "burst 19 of 20")
        #expect(screen.containsText("burst 19 of 20"), "\(screen.joinedText)")
        usleep(300_000)
        #expect(tmux.capture().containsText("burst 19 of 20"))

        let broken = style.replacing("first version", with: "second version") + "\n  bg #12345\n"
        try scenario.write(broken, to: "look.cas")
        // tmux may show a frame half-way through its bytes: wait for the drawer's
        // last lines too, not only its title, before reading the excerpt.
        screen = tmux.waitFor { $0.containsText("last good layout") && $0.containsText("│   bg #12345") && $0.containsText("^") }
        #expect(screen.containsText("look.cas:8:6: '#12345' is not a colour"), "\(screen.joinedText)")
        #expect(screen.containsText("│   bg #12345"))
        #expect(screen.containsText("^"))
        // The layout on screen is still the last good one.
        #expect(screen.containsText("burst 19 of 20"))

        try scenario.write(style.replacing("first version", with: "third version"), to: "look.cas")
        screen = tmux.waitFor { $0.containsText("third version") && !$0.containsText("last good layout") }
        #expect(!screen.containsText("is not a colour"), "\(screen.joinedText)")
        #expect(screen.containsText("reloaded in"))

        tmux.send("q")
        scenario.expectRestored(status: 0)
    }

    @Test("resizing the window lays the spec out again")
    func resize() throws {
        let scenario = try Scenario(width: 80, height: 24)
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "bottom line")
        // The canvas has every row but the status line; the text sits one above its bottom.
        #expect(screen[21].contains("bottom line"), "\(screen.joinedText)")
        #expect(screen[1].hasSuffix("┌ E ┐"), "\(screen.joinedText)")

        tmux.resize(width: 60, height: 16)
        // tmux shows the old screen's bottom rows until casement redraws: wait for the new size.
        screen = tmux.waitFor { $0.containsText("60×15") && $0.count >= 14 && $0[13].contains("bottom line") }
        #expect(screen[13].contains("bottom line"), "\(screen.joinedText)")
        #expect(screen[1].count == 59 && screen[1].hasSuffix("┌ E ┐"), "\(screen.joinedText)")

        tmux.send("q")
        scenario.expectRestored(status: 0)
    }

    @Test("keys: Tab selects (the selected style applies), i opens the inspector, Enter its constraints, q quits")
    func keys() throws {
        let scenario = try Scenario(width: 120, height: 36)
        let tmux = scenario.tmux
        tmux.waitFor(text: "first version")
        tmux.send("Tab", "Tab")
        var screen = tmux.waitFor(text: "╔═ Card")
        #expect(screen.containsText("╔═ Card"), "\(screen.joinedText)")

        tmux.send("i")
        screen = tmux.waitFor(text: "VIEWS 4")
        #expect(screen.containsText("▶  card box .card \"Card\""), "\(screen.joinedText)")
        #expect(screen.containsText("card.top == root.top + 1"))

        tmux.send("Enter")
        screen = tmux.waitFor(text: "▶✓ card.top == root.top + 1")
        #expect(screen.containsText("▷  card box"), "\(screen.joinedText)")

        tmux.send("Escape", "Escape", "i")
        screen = tmux.waitFor { !$0.containsText("VIEWS") }
        #expect(screen.containsText("┌─ Card"), "\(screen.joinedText)")

        tmux.send("q")
        scenario.expectRestored(status: 0)
    }

    /// ncurses 6.4 overflowed its stack on an SGR mouse report of some forty
    /// parameters (pasted text can carry one). Under xterm-256color ncurses reads
    /// SGR reports, as in most terminals.
    @Test("a pasted mouse report of 46 parameters is survived: keys after it still work")
    func oversizedMouseReport() throws {
        let scenario = try Scenario(width: 120, height: 36, environment: "TERM=xterm-256color")
        let tmux = scenario.tmux
        tmux.waitFor(text: "first version")
        tmux.send("-l", "\u{1B}[<" + String(repeating: ";", count: 46) + "0M")
        tmux.send("Tab", "Tab")
        let screen = tmux.waitFor(text: "╔═ Card")
        #expect(screen.containsText("╔═ Card"), "\(screen.joinedText)")
        tmux.send("q")
        scenario.expectRestored(status: 0)
    }

    @Test("Ctrl-C ends casement and restores the terminal")
    func interrupt() throws {
        let scenario = try Scenario()
        scenario.tmux.waitFor(text: "first version")
        scenario.tmux.send("C-c")
        scenario.expectRestored(status: 130)
    }

    @Test("SIGTERM ends casement and restores the terminal")
    func terminate() throws {
        let scenario = try Scenario()
        scenario.tmux.waitFor(text: "first version")
        let pid = try #require(scenario.casementPID())
        #expect(kill(pid, SIGTERM) == 0)
        scenario.expectRestored(status: 143)
    }

    @Test("with no arguments: the gallery; Enter opens a demo, g comes back")
    func gallery() throws {
        // An empty directory: the gallery is found from the executable's package.
        let scenario = try Scenario(width: 100, height: 32, arguments: "", files: [:])
        let tmux = scenario.tmux
        var screen = tmux.waitFor(text: "Demos")
        #expect(screen.containsText("gallery.layout"), "\(screen.joinedText)")
        #expect(screen.containsText("Enter open"))
        // The first demo is selected: Enter opens it.
        tmux.send("Enter")
        screen = tmux.waitFor(text: "boxes.layout")
        #expect(screen.containsText("Blue"), "\(screen.joinedText)")
        tmux.send("g")
        screen = tmux.waitFor(text: "gallery.layout")
        #expect(screen.containsText("Demos"), "\(screen.joinedText)")
        // Down to the next demo, and open it.
        tmux.send("Down", "Enter")
        screen = tmux.waitFor(text: "masonry.layout")
        #expect(screen.containsText("masonry.layout"), "\(screen.joinedText)")
        tmux.send("BSpace")
        tmux.waitFor(text: "gallery.layout")
        tmux.send("q")
        scenario.expectRestored(status: 0)
    }

    @Test("a spec that does not exist: a clear error and exit status 1")
    func missingSpec() throws {
        let scenario = try Scenario(arguments: "nowhere.layout")
        let screen = scenario.tmux.waitFor(text: "casement exited")
        #expect(screen.containsText("error: cannot read spec 'nowhere.layout': file not found"), "\(screen.joinedText)")
        #expect(screen.containsText("casement exited 1, modes same"))
    }
}

@Suite("casement without a terminal")
struct SlowPlainOutputEndToEndTests {
    @Test("stdout is not a terminal: one plain frame, as render prints it, and exit 0")
    func pipedOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try spec.write(toFile: directory + "/demo.layout", atomically: true, encoding: .utf8)
        try style.write(toFile: directory + "/look.cas", atomically: true, encoding: .utf8)
        let open = runProcess(BuiltProducts.casement, ["demo.layout"], directory: directory)
        #expect(open.status == 0)
        let render = runProcess(BuiltProducts.casement, ["render", "demo.layout", "--size", "80x24"], directory: directory)
        #expect(open.stdout == render.stdout)
        #expect(open.stdout.contains("first version"))
        let explicit = runProcess(BuiltProducts.casement, ["open", "demo.layout", "--size", "40x10"], directory: directory)
        #expect(explicit.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 11)
    }

    @Test("no arguments, not a terminal: the gallery as text")
    func pipedGallery() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runProcess(BuiltProducts.casement, [], directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Demos"))
    }

    @Test("a missing spec: an error on stderr and exit status 1")
    func pipedMissingSpec() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runProcess(BuiltProducts.casement, ["nowhere.layout"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot read spec 'nowhere.layout'"))
        #expect(result.stdout.isEmpty)
    }
}
