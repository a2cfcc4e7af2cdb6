import Foundation
import Testing

/// The live preview with a real editor: headless Neovim 0.7, set up word for word as
/// docs/editors.md says, edits a stylesheet without saving while the designer runs
/// in tmux. The Lua script and the test take turns: the script makes a change and
/// waits until the test has seen it on the designer's pane (a file says so).
@Suite(
    .serialized,
    .enabled(if: neovimPath != nil, "nvim is not installed (apt-get install -y neovim; .ci/run does it)"),
    .enabled(if: tmuxPath != nil, "tmux is not installed"))
struct SlowNeovimLivePreviewTests {
    static let spec = "use \"look.cas\"\nscreen root {\n  box card .card \"Card\" { top == 1; left == 2; size == $size }\n}\n"
    static let style = "box\n  border single\n  size 30 5\n.card\n  text \"as saved\"\n"

    static func script(directory: String, output: String) -> String {
        let sheet = SlowNeovimLanguageServerTests.luaString(directory + "/look.cas")
        func seen(_ step: Int) -> String { SlowNeovimLanguageServerTests.luaString(directory + "/seen-\(step)") }
        return """
            local lines = {}
            local function record(key, value) table.insert(lines, key .. "\\t" .. tostring(value)) end
            local function waitSeen(path) return vim.wait(30000, function() return vim.fn.filereadable(path) == 1 end, 20) end
            local ok, failure = pcall(function()
              vim.cmd("edit " .. vim.fn.fnameescape(\(sheet)))
              record("attached", vim.wait(30000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 20))
              vim.wait(30000, function()
                local client = vim.lsp.buf_get_clients(0)[1]
                return client ~= nil and client.initialized
              end, 20)
              -- Typed, not saved.
              vim.api.nvim_buf_set_lines(0, 4, 5, false, { '  text "typed in neovim"' })
              record("seen-typed", waitSeen(\(seen(1))))
              -- Saved.
              vim.cmd("write")
              record("seen-saved", waitSeen(\(seen(2))))
              -- Typed again, then the buffer closed without saving.
              vim.api.nvim_buf_set_lines(0, 4, 5, false, { '  text "never saved"' })
              record("seen-again", waitSeen(\(seen(3))))
              vim.cmd("bdelete!")
              record("seen-closed", waitSeen(\(seen(4))))
            end)
            record("error", ok and "none" or failure)
            vim.fn.writefile(lines, \(SlowNeovimLanguageServerTests.luaString(output)))
            vim.cmd("qa!")
            """
    }

    @Test func neovimsUnsavedTextShowsInTheDesignerAndTheDiskCopyComesBack() throws {
        let nvim = try #require(neovimPath)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.spec.write(toFile: directory + "/demo.layout", atomically: true, encoding: .utf8)
        try Self.style.write(toFile: directory + "/look.cas", atomically: true, encoding: .utf8)
        let live = directory + "/live"
        let tmux = try TmuxSession(
            command: "CASEMENT_LIVE_DIR='\(live)' '\(BuiltProducts.casement)' open demo.layout; exec sleep 600",
            width: 90, height: 16, directory: directory)
        defer { tmux.tmux(["kill-server"]) }
        tmux.waitFor(text: "as saved")

        let initFile = directory + "/init.lua", script = directory + "/test.lua", output = directory + "/result.txt"
        try SlowNeovimLanguageServerTests.documentedSnippet(casement: BuiltProducts.casement)
            .write(toFile: initFile, atomically: true, encoding: .utf8)
        try Self.script(directory: directory, output: output).write(toFile: script, atomically: true, encoding: .utf8)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var run: (status: Int32, stdout: String, stderr: String) = (-1, "", "")
        Thread.detachNewThread {
            run = runProcess(
                "/usr/bin/env",
                ["CASEMENT_LIVE_DIR=" + live, "/usr/bin/timeout", "150", nvim, "--headless", "-u", initFile, "-i", "NONE", "-n", "-c", "luafile " + script],
                directory: directory)
            finished.signal()
        }
        func mark(_ step: Int) { FileManager.default.createFile(atPath: directory + "/seen-\(step)", contents: nil) }

        var screen = tmux.waitFor(timeout: .seconds(60)) { $0.containsText("typed in neovim") && $0.containsText("(unsaved)") }
        #expect(screen.containsText("● live: look.cas (unsaved)"), "\(screen.joinedText)")
        #expect(try String(contentsOfFile: directory + "/look.cas", encoding: .utf8) == Self.style)
        mark(1)
        screen = tmux.waitFor(timeout: .seconds(30)) { $0.containsText("typed in neovim") && !$0.containsText("(unsaved)") }
        #expect(!screen.containsText("(unsaved)"), "saved: \(screen.joinedText)")
        mark(2)
        screen = tmux.waitFor(timeout: .seconds(30)) { $0.containsText("never saved") }
        #expect(screen.containsText("● live: look.cas (unsaved)"), "\(screen.joinedText)")
        mark(3)
        screen = tmux.waitFor(timeout: .seconds(30)) { $0.containsText("typed in neovim") && !$0.containsText("(unsaved)") }
        #expect(screen.containsText("typed in neovim") && !screen.containsText("never saved"), "closed: \(screen.joinedText)")
        mark(4)

        #expect(finished.wait(timeout: .now() + 60) == .success)
        let results = Dictionary(
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        #expect(run.status == 0, "nvim: \(run.stderr)")
        #expect(results["error"] == "none")
        for step in ["attached", "seen-typed", "seen-saved", "seen-again", "seen-closed"] {
            #expect(results[step] == "true", "\(step): \(results)")
        }
    }
}
