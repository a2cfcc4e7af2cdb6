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
        #expect(value("definition") == "3:2")
        #expect(value("action") == "Change to 'blue'")
        #expect(value("fixed-line") == "    top == blue.bottom")
        #expect(value("typo-cleared") == "true")
    }
}
