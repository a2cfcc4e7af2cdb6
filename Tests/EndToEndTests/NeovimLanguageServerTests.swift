import Foundation
import Testing

/// Where Neovim is, if it is installed (.ci/run installs it).
let neovimPath: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for directory in paths + ["/usr/bin", "/usr/local/bin"] {
        let candidate = directory + "/nvim"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

/// `casement lsp` driven by a real editor: headless Neovim and its built-in LSP
/// client open a spec with a typo, receive the diagnostics, ask for hover and
/// definition, and apply the quick fix; a Lua script writes down what Neovim
/// saw, one `key<TAB>value` line each.
@Suite(.serialized) struct SlowNeovimLanguageServerTests {
    static let sheet = "box\n  size 20 5\n  margin-left 2\n"
    static let spec = """
        use "app.cas"

        screen root {
          box blue "Blue" {
            top == parent.top + 1; size == $size
            left == parent.left + $margin-left
          }
          box red {
            top == blu.bottom
            left == blue.left
          }
        }

        """

    /// The script: Neovim 0.7's API (start_client + buf_attach_client), which later versions keep.
    static func script(casement: String, spec: String, output: String) -> String {
        """
        local lines = {}
        local function record(key, value) table.insert(lines, key .. "\\t" .. tostring(value):gsub("\\n", " ")) end
        local function finish() vim.fn.writefile(lines, \(luaString(output))); vim.cmd("qa!") end
        vim.cmd("edit " .. vim.fn.fnameescape(\(luaString(spec))))
        local client = vim.lsp.start_client({
          name = "casement",
          cmd = { \(luaString(casement)), "lsp", "--debounce", "0" },
          root_dir = vim.fn.fnamemodify(\(luaString(spec)), ":h"),
          init_options = { width = 80, height = 24 },
        })
        vim.lsp.buf_attach_client(0, client)
        local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 20)
        record("diagnostics-received", got)
        for _, d in ipairs(vim.diagnostic.get(0)) do
          local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
          record("diagnostic", d.lnum .. ":" .. d.col .. "-" .. d.end_col .. " " .. tostring(code) .. " " .. d.message)
        end
        local uri = vim.uri_from_bufnr(0)
        local function ask(method, params)
          local responses = vim.lsp.buf_request_sync(0, method, params, 20000) or {}
          for _, response in pairs(responses) do if response.result then return response.result end end
          return nil
        end
        local hover = ask("textDocument/hover", { textDocument = { uri = uri }, position = { line = 3, character = 7 } })
        record("hover", hover and hover.contents.value or "none")
        local definition = ask("textDocument/definition", { textDocument = { uri = uri }, position = { line = 9, character = 13 } })
        if definition and definition[1] then definition = definition[1] end
        record("definition", definition and (definition.range.start.line .. ":" .. definition.range.start.character) or "none")
        local range = { start = { line = 8, character = 12 }, ["end"] = { line = 8, character = 12 } }
        local actions = ask("textDocument/codeAction", { textDocument = { uri = uri }, range = range, context = { diagnostics = {} } })
        if actions and actions[1] then
          record("action", actions[1].title)
          vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
        end
        record("fixed-line", vim.api.nvim_buf_get_lines(0, 8, 9, false)[1])
        local cleared = vim.wait(30000, function()
          for _, d in ipairs(vim.diagnostic.get(0)) do
            local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
            if code == "layout.unknown-view" then return false end
          end
          return true
        end, 20)
        record("typo-cleared", cleared)
        finish()
        """
    }

    static func luaString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test(.enabled(if: neovimPath != nil, "nvim is not installed (apt-get install -y neovim; .ci/run does it)"))
    func neovimShowsDiagnosticsHoverDefinitionAndAppliesTheQuickFix() throws {
        let nvim = try #require(neovimPath)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.sheet.write(toFile: directory + "/app.cas", atomically: true, encoding: .utf8)
        try Self.spec.write(toFile: directory + "/app.layout", atomically: true, encoding: .utf8)
        let output = directory + "/result.txt"
        let script = directory + "/lsp-test.lua"
        try Self.script(casement: BuiltProducts.casement, spec: directory + "/app.layout", output: output)
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = runProcess(
            "/usr/bin/timeout", ["120", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + script],
            directory: directory)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let results = text.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }
        func value(_ key: String) -> String? { results.first { $0.0 == key }?.1 }
        #expect(run.status == 0, "nvim: \(run.stderr)")
        #expect(value("diagnostics-received") == "true")
        let diagnostics = results.filter { $0.0 == "diagnostic" }.map(\.1)
        #expect(diagnostics.contains { $0.hasPrefix("8:11-14 layout.unknown-view") }, "\(diagnostics)")
        #expect(value("hover")?.contains("frame: x=2 y=1 width=20 height=5 (at 80x24)") == true, "\(value("hover") ?? "")")
        #expect(value("definition") == "3:6")
        #expect(value("action") == "Change to 'blue'")
        #expect(value("fixed-line") == "    top == blue.bottom")
        #expect(value("typo-cleared") == "true")
    }

    /// The Lua snippet of docs/editors.md, word for word but for the binary's path.
    static func documentedSnippet(casement: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## Neovim").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```lua\n").dropFirst().first?.components(separatedBy: "```").first)
        let command = "cmd = { \"casement\", \"lsp\" }"
        #expect(block.contains(command))
        return block.replacingOccurrences(of: command, with: "cmd = { \(luaString(casement)), \"lsp\", \"--debounce\", \"0\" }")
    }

    /// Neovim 0.7 set up exactly as docs/editors.md says: `K`, `gd`, `gr` and the
    /// formatting key are mapped on the buffer, omnifunc completes, `<leader>f`
    /// formats through the server, and `:CasementSize` changes the layout size.
    @Test(.enabled(if: neovimPath != nil, "nvim is not installed (apt-get install -y neovim; .ci/run does it)"))
    func theDocumentedSetupMapsKeysCompletesAndFormats() throws {
        let nvim = try #require(neovimPath)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.sheet.write(toFile: directory + "/app.cas", atomically: true, encoding: .utf8)
        let untidy = "use \"app.cas\"\nscreen root {\n      box blue {\n  top==1;size==$size\n }\n}\n"
        try untidy.write(toFile: directory + "/app.layout", atomically: true, encoding: .utf8)
        let output = directory + "/result.txt"
        let script = directory + "/test.lua"
        let test = """
            local lines = {}
            local function record(key, value) table.insert(lines, key .. "\\t" .. tostring(value):gsub("\\n", " ")) end
            local ok, failure = pcall(function()
            vim.cmd("edit " .. vim.fn.fnameescape(\(Self.luaString(directory + "/app.layout"))))
            local attached = vim.wait(30000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 20)
            record("attached", attached)
            vim.wait(30000, function()
              local client = vim.lsp.buf_get_clients(0)[1]
              return client ~= nil and client.server_capabilities ~= nil and client.server_capabilities.documentFormattingProvider
            end, 20)
            for _, keys in ipairs({ "K", "gd", "gr" }) do
              local map = vim.fn.maparg(keys, "n", false, true)
              record("map-" .. keys, map.buffer == 1 and (map.callback ~= nil or map.rhs ~= ""))
            end
            record("omnifunc", vim.bo.omnifunc)
            -- The documented key, typed (0.7's maparg gives a callback as a number).
            vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<Space>f", true, false, true), "x", false)
            local formatted = vim.wait(30000, function()
              return vim.api.nvim_buf_get_lines(0, 2, 3, false)[1] == "  box blue {"
            end, 20)
            record("formatted", formatted)
            record("formatted-text", table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "|"))
            vim.cmd("CasementSize 120x40")
            local size = vim.wait(30000, function()
              local responses = vim.lsp.buf_request_sync(0, "textDocument/hover",
                { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = 2, character = 7 } }, 5000) or {}
              for _, response in pairs(responses) do
                if response.result and response.result.contents.value:find("at 120x40", 1, true) then return true end
              end
              return false
            end, 50)
            record("resized", size)
            end)
            record("error", ok and "none" or failure)
            vim.fn.writefile(lines, \(Self.luaString(output)))
            vim.cmd("qa!")
            """
        let initFile = directory + "/init.lua"
        try (Self.documentedSnippet(casement: BuiltProducts.casement) + "\nvim.g.mapleader = ' '\n")
            .write(toFile: initFile, atomically: true, encoding: .utf8)
        try test.write(toFile: script, atomically: true, encoding: .utf8)
        let run = runProcess(
            "/usr/bin/timeout", ["120", nvim, "--headless", "-u", initFile, "-i", "NONE", "-n", "-c", "luafile " + script],
            directory: directory)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let results = Dictionary(text.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(run.status == 0, "nvim: \(run.stderr)")
        #expect(results["error"] == "none")
        #expect(results["attached"] == "true")
        #expect(results["map-K"] == "true")
        #expect(results["map-gd"] == "true")
        #expect(results["map-gr"] == "true")
        #expect(results["omnifunc"] == "v:lua.vim.lsp.omnifunc")
        #expect(results["formatted"] == "true", "\(results["formatted-text"] ?? "")")
        #expect(results["formatted-text"] == "use \"app.cas\"|screen root {|  box blue {|    top == 1; size == $size|  }|}")
        #expect(results["resized"] == "true")
    }
}
