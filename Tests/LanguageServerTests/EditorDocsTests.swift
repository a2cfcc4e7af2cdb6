import Foundation
import Testing

/// docs/editors.md, as a new user copies it.
@Suite struct EditorDocsTests {
    static let doc: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/editors.md"), encoding: .utf8)) ?? ""
    }()

    /// The `[[language]]` tables of the Helix snippet, as key = value lines.
    static var helixLanguages: [[String: String]] {
        let section = doc.components(separatedBy: "## Helix").dropFirst().first ?? ""
        let toml = section.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        return toml.components(separatedBy: "[[language]]").dropFirst().map { table in
            var values: [String: String] = [:]
            for line in table.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            return values
        }
    }

    @Test func helixCommentsStylesheetsWithSlashesAndSpecsWithHashes() {
        let languages = Self.helixLanguages
        let stylesheet = languages.first { $0["file-types"] == "[\"cas\"]" }
        let spec = languages.first { $0["file-types"] == "[\"layout\"]" }
        // `#` starts an id selector in .cas: it must not be the comment token there.
        #expect(stylesheet?["comment-token"] == "\"//\"")
        #expect(stylesheet?["block-comment-tokens"] == "{ start = \"/*\", end = \"*/\" }")
        #expect(spec?["comment-token"] == "\"#\"")
        #expect(languages.allSatisfy { $0["language-servers"] == "[\"casement\"]" })
    }

    @Test func theNeovimSnippetMapsWhatItsTextPromises() {
        let section = Self.doc.components(separatedBy: "## Neovim").dropFirst().first ?? ""
        let lua = section.components(separatedBy: "```lua\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        for key in ["\"K\"", "\"gd\"", "\"gr\"", "\"<leader>f\""] { #expect(lua.contains("map(\"n\", \(key)"), "\(key)") }
        #expect(lua.contains("\"omnifunc\", \"v:lua.vim.lsp.omnifunc\""))
        #expect(lua.contains("on_attach = casement_attach"))
    }

    @Test func everyEditorSectionNamesTheNewFeatures() {
        for editor in ["## Neovim", "## VS Code", "## Helix", "## Emacs"] {
            let section = Self.doc.components(separatedBy: editor).dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
            for feature in ["format", "inlay", "symbol"] {
                #expect(section.lowercased().contains(feature), "\(editor) says nothing of \(feature)")
            }
        }
    }
}
