import Foundation
import Testing

/// `casement-top --dev` in tmux keeps the designer's promises while its files are
/// edited under it: a broken save shows in the drawer with a caret and keeps the
/// last good look and layout through the frames that follow, until a fix; a
/// conflict never makes the screen smaller than the terminal.
@Suite(
    "casement-top --dev keeps the designer's promises (tmux)",
    .enabled(if: tmuxPath != nil, "tmux is not installed: the end-to-end tests drive casement-top in tmux"))
struct SlowDevGuaranteeEndToEndTests {
    @Test("a broken .cas, a broken .layout and a conflict, each fixed in turn")
    func brokenSavesAndRecovery() throws {
        let scenario = try TopScenario(arguments: "--dev")
        let tmux = scenario.tmux
        let sheetPath = scenario.directory + "/top.cas", specPath = scenario.directory + "/top.layout"
        let sheet = try String(contentsOfFile: sheetPath, encoding: .utf8)
        let spec = try String(contentsOfFile: specPath, encoding: .utf8)
        tmux.waitFor(text: "load ")
        tmux.waitFor(text: "╭─ CPU")

        // A broken stylesheet: the drawer, its caret, and the last good look for seconds of ticks.
        try saveByRename(sheet + "screen > box { border double; margin-left 4x }\n", to: sheetPath)
        var screen = tmux.waitFor(text: "top.cas:")
        #expect(screen.containsText("margin-left 4x"), "\(screen.joinedText)")
        #expect(screen.contains { $0.contains("^") }, "\(screen.joinedText)")
        usleep(2_500_000)  // two samples: two frames that change the app
        screen = tmux.capture()
        #expect(screen.containsText("╭─ CPU"), "\(screen.joinedText)")
        #expect(!screen.containsText("╔"), "\(screen.joinedText)")
        #expect(screen.containsText("top.cas:"), "\(screen.joinedText)")
        try saveByRename(sheet + "screen > box { border double }\n", to: sheetPath)
        screen = tmux.waitFor(text: "╔═ CPU")
        screen = tmux.expectSoon("the drawer to close") { !$0.containsText("top.cas:") }

        // A broken spec: the drawer at its line, the layout kept (Memory stays 4 rows high).
        let memoryRow = try #require(screen.firstIndex { $0.contains("═ Memory") })
        try saveByRename(spec.replacing("height == 4", with: "height == 4px"), to: specPath)
        screen = tmux.waitFor(text: "top.layout:")
        #expect(screen.contains { $0.contains("^") }, "\(screen.joinedText)")
        usleep(2_500_000)
        screen = tmux.capture()
        #expect(screen.firstIndex { $0.contains("═ Memory") } == memoryRow, "\(screen.joinedText)")
        #expect(screen[memoryRow + 3].hasPrefix("╚"), "\(screen.joinedText)")
        #expect(screen.containsText("top.layout:"))
        try saveByRename(spec, to: specPath)
        screen = tmux.expectSoon("the drawer to close") { !$0.containsText("top.layout:") }

        // A rule that would narrow the screen is broken; the app still fills the terminal.
        try saveByRename(spec.replacing("screen root {", with: "screen root {\n  width == 40"), to: specPath)
        screen = tmux.expectSoon("the conflict's badge") { $0.first?.contains("✖ 1") == true }
        #expect(screen[memoryRow].hasSuffix("╗"), "\(screen.joinedText)")
        #expect(screen[memoryRow].count == 120, "\(screen.joinedText)")
        try saveByRename(spec, to: specPath)
        screen = tmux.expectSoon("the badge to go") { $0.first?.contains("✖") == false }

        tmux.send("q")
        scenario.expectRestored()
    }
}
