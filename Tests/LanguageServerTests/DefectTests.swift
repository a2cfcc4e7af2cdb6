import Foundation
@testable import LanguageServer
import Testing

/// Issue 28 §3: what was wrong with the server, each driven as an editor drives it.

private func locations(_ response: JSONValue) -> [(uri: String, line: Int, start: Int, end: Int)] {
    let result = response["result"] ?? .null
    let list = result.arrayValue ?? (result == .null ? [] : [result])
    return list.map {
        ($0["uri"]?.stringValue ?? "", $0["range"]?["start"]?["line"]?.intValue ?? -1,
            $0["range"]?["start"]?["character"]?.intValue ?? -1, $0["range"]?["end"]?["character"]?.intValue ?? -1)
    }
}

private func edits(_ response: JSONValue, _ uri: String) -> [(line: Int, start: Int, end: Int, text: String)] {
    (response["result"]?["changes"]?[uri]?.arrayValue ?? []).map {
        ($0["range"]?["start"]?["line"]?.intValue ?? -1, $0["range"]?["start"]?["character"]?.intValue ?? -1,
            $0["range"]?["end"]?["character"]?.intValue ?? -1, $0["newText"]?.stringValue ?? "")
    }.sorted { ($0.line, $0.start) < ($1.line, $1.start) }
}

/// A spec where `blue` is used in arithmetic and named in comments.
private let arithmeticSpec = """
    # blue is the box on the left; red follows blue
    screen root {
      box blue {
        top == 1; left == 1; size == 10
      }
      box red {
        top == blue; left == blue.right + 1   # right of blue
        width == blue-2; height == blue
      }
    }

    """

@Suite struct RenameAndReferenceDefectTests {
    func client() throws -> TestClient {
        let client = try TestClient()
        client.open("a.layout", arithmeticSpec)
        _ = client.diagnostics("a.layout")
        return client
    }

    // 1. `width == blue-2` (blue's width minus 2) is a mention of `blue`.
    @Test func referencesAndRenameFindAViewInArithmetic() throws {
        let client = try client()
        let found = locations(client.request("textDocument/references", client.at("a.layout", line: 2, character: 7)))
        #expect(found.contains { $0.line == 7 && $0.start == 13 && $0.end == 17 }, "\(found)")
        let rename = client.request("textDocument/rename", client.at("a.layout", line: 2, character: 7, ["newName": "cyan"]))
        let changed = edits(rename, client.uri("a.layout"))
        #expect(changed.map(\.line) == [2, 6, 6, 7, 7])
        #expect(changed.contains { $0.line == 7 && $0.start == 13 && $0.end == 17 && $0.text == "cyan" })
    }

    // 2. Comments are not code: a rename leaves them alone.
    @Test func renameLeavesComments() throws {
        let client = try client()
        let rename = client.request("textDocument/rename", client.at("a.layout", line: 2, character: 7, ["newName": "cyan"]))
        let changed = edits(rename, client.uri("a.layout"))
        #expect(!changed.contains { $0.line == 0 })
        #expect(!changed.contains { $0.line == 6 && $0.start > 40 })
    }

    // 3. prepareRename says what can be renamed; reserved words and taken ids are refused.
    @Test func prepareRenameAndRefusals() throws {
        let client = try client()
        let prepared = client.request("textDocument/prepareRename", client.at("a.layout", line: 6, character: 12))
        #expect(prepared["result"]?["placeholder"]?.stringValue == "blue")
        #expect(prepared["result"]?["range"]?["start"]?["character"]?.intValue == 11)
        let onKeyword = client.request("textDocument/prepareRename", client.at("a.layout", line: 6, character: 20))
        #expect(onKeyword["error"] != nil, "\(onKeyword)")
        let onParentWord = client.request("textDocument/prepareRename", client.at("a.layout", line: 1, character: 2))
        #expect(onParentWord["error"] != nil)
        // A client that renames without asking first (Neovim 0.7) hears why too.
        client.open("b.layout", "screen root {\n  box a { top == parent.top }\n}\n")
        let onParent = client.request("textDocument/rename", client.at("b.layout", line: 1, character: 19, ["newName": "x"]))
        #expect(onParent["error"]?["message"]?.stringValue == "'parent' is a reserved word; it cannot be renamed")
        for newName in ["parent", "within", "red", "2x", "a b"] {
            let rename = client.request("textDocument/rename", client.at("a.layout", line: 2, character: 7, ["newName": .string(newName)]))
            #expect(rename["error"]?["message"] != nil, "renaming blue to \(newName) was accepted")
        }
    }

    // 12. Classes and `let` names: definition, references and rename.
    @Test func classesAndLetNamesAreNavigable() throws {
        let client = try TestClient()
        try client.write("a.cas", ".card\n  bg red\nbox.card > text\n  fg blue\n")
        try client.write("b.cas", ".card { border rounded }\n")
        let spec = """
            use "a.cas"
            let gap = 2
            screen root {
              box one .card {
                let gap = 3
                top == gap; left == gap
              }
              box two .card.wide { top == gap; left == gap }
            }

            """
        client.open("a.layout", spec)
        _ = client.diagnostics("a.layout")
        // `.card` in the spec: definition is the stylesheet's selectors.
        let definition = locations(client.request("textDocument/definition", client.at("a.layout", line: 3, character: 12)))
        #expect(definition.map(\.uri) == [client.uri("a.cas"), client.uri("a.cas")])
        #expect(definition.map(\.line) == [0, 2])
        let references = locations(client.request("textDocument/references", client.at("a.layout", line: 3, character: 12)))
        #expect(references.count == 4)
        let rename = client.request("textDocument/rename", client.at("a.layout", line: 3, character: 12, ["newName": ".tile"]))
        #expect(edits(rename, client.uri("a.layout")).map(\.line) == [3, 7])
        #expect(edits(rename, client.uri("a.cas")).map(\.text) == ["tile", "tile"])
        #expect(edits(rename, client.uri("b.cas")).isEmpty, "b.cas is not read by the spec")
        // The inner `let gap` hides the outer one inside `one`.
        let inner = locations(client.request("textDocument/references", client.at("a.layout", line: 4, character: 9)))
        #expect(inner.map(\.line) == [4, 5, 5])
        let outer = locations(client.request("textDocument/references", client.at("a.layout", line: 1, character: 5)))
        #expect(outer.map(\.line) == [1, 7, 7])
        let letDefinition = locations(client.request("textDocument/definition", client.at("a.layout", line: 7, character: 31)))
        #expect(letDefinition.map(\.line) == [1])
        let letRename = client.request("textDocument/rename", client.at("a.layout", line: 5, character: 12, ["newName": "space"]))
        #expect(edits(letRename, client.uri("a.layout")).map(\.line) == [4, 5, 5])
    }
}

@Suite struct VariableRenameDefectTests {
    // 4. A variable is renamed in every stylesheet that defines or uses it, imported or not.
    @Test func renamingAVariableCoversEveryStylesheet() throws {
        let client = try TestClient()
        try client.write("palette-dark.cas", "$accent = #5fb0ff\n$line = #465068\n")
        try client.write("palette-light.cas", "$accent = #1f6feb\n$line = #d0d7de\n")
        try client.write("theme.cas", "@import \"palette-dark.cas\"\n")
        try client.write("boxes.cas", "@import \"theme.cas\"\nbox\n  border-color $accent\n")
        try client.write("other.cas", "@import \"palette-light.cas\"\n.x { color $accent; bg $line }\n")
        try client.write("app.layout", "use \"boxes.cas\"\nscreen root {}\n")
        client.open("boxes.cas", try String(contentsOfFile: client.directory + "/boxes.cas", encoding: .utf8))
        _ = client.diagnostics("boxes.cas")
        let rename = client.request("textDocument/rename", client.at("boxes.cas", line: 2, character: 17, ["newName": "$highlight"]))
        for name in ["palette-dark.cas", "palette-light.cas", "boxes.cas", "other.cas"] {
            #expect(edits(rename, client.uri(name)).map(\.text) == ["highlight"], "\(name)")
        }
        #expect(edits(rename, client.uri("theme.cas")).isEmpty)
        let taken = client.request("textDocument/rename", client.at("boxes.cas", line: 2, character: 17, ["newName": "$line"]))
        #expect(taken["error"]?["message"]?.stringValue?.contains("already defined") == true)
    }
}

@Suite struct DiagnosticsDefectTests {
    // 5. Errors of a stylesheet that is not open show in the spec, on the `use` line.
    @Test func anUnopenedStylesheetsErrorsReachTheSpec() throws {
        let client = try TestClient()
        try client.write("theme.cas", "box\n  colr red\n")
        try client.write("app.cas", "@import \"theme.cas\"\nbox { size: 10 (\n")
        client.open("app.layout", "# app\nuse \"app.cas\"\nscreen root {\n  box a\n}\n")
        let diagnostics = client.diagnostics("app.layout")
        let relayed = diagnostics.filter { $0["range"]?["start"]?["line"]?.intValue == 1 }
        #expect(relayed.contains { $0["code"]?.stringValue == "cas.unknown-property" && $0["message"]?.stringValue?.hasPrefix("in theme.cas:2: ") == true })
        #expect(relayed.contains { $0["code"]?.stringValue == "cas.syntax" && $0["severity"]?.intValue == 1 })
        let related = relayed.first?["relatedInformation"]?.arrayValue?.first?["location"]
        #expect(related?["uri"]?.stringValue?.hasSuffix(".cas") == true)
        // Open, the stylesheet shows its own errors; the spec no longer repeats them.
        client.open("theme.cas", "box\n  colr red\n")
        _ = client.diagnostics("theme.cas")
        client.change("app.layout", version: 2, range: nil, text: "# app\nuse \"app.cas\"\nscreen root {\n  box b\n}\n")
        let after = client.diagnostics("app.layout", version: 2)
        #expect(!after.contains { $0["code"]?.stringValue == "cas.unknown-property" })
    }

    // 9. A change publishes only the documents whose diagnostics changed.
    @Test func aChangeRepublishesOnlyWhatChanged() throws {
        let client = try TestClient()
        client.open("noisy.layout", "screen root {\n" + (0..<50).map { "  box b\($0) [bogus=1]\n" }.joined() + "}\n")
        client.open("quiet.layout", "screen root {\n  box a { top == 1 }\n}\n")
        #expect(client.diagnostics("noisy.layout").count >= 50)
        _ = client.diagnostics("quiet.layout")
        let noisyBefore = client.publishCount("noisy.layout")
        for version in 2...6 {
            client.change("quiet.layout", version: version, range: nil, text: "screen root {\n  box a { top == \(version) }\n}\n")
            _ = client.diagnostics("quiet.layout", version: version)
        }
        #expect(client.publishCount("noisy.layout") == noisyBefore)
        // A change that does alter another document's diagnostics reaches it: without
        // `size` in the stylesheet, the spec's rule reading `$size-width` is left out.
        try client.write("s.cas", "box\n  size 10 2\n")
        client.open("user.layout", "use \"s.cas\"\nscreen root {\n  box a { width == $size-width }\n}\n")
        let clean = client.diagnostics("user.layout")
        let userBefore = client.publishCount("user.layout")
        client.open("s.cas", "box\n  size 10 2\n")
        client.change("s.cas", version: 2, range: nil, text: "box\n  bg red\n")
        _ = client.diagnostics("s.cas", version: 2)
        client.server.waitUntilIdle()
        #expect(client.publishCount("user.layout") == userBefore + 1)
        #expect(client.diagnostics("user.layout").count > clean.count)
    }

    // 10. A request cancelled before it is answered gets -32800.
    @Test func aCancelledRequestAnswersRequestCancelled() throws {
        let client = try TestClient()
        client.open("a.layout", "screen root {\n  box a\n}\n")
        _ = client.diagnostics("a.layout")
        client.server.suspendAnalysis()
        client.send(["id": 900, "method": "textDocument/hover", "params": client.at("a.layout", line: 1, character: 7)])
        client.notify("$/cancelRequest", .object(["id": 900]))
        client.send(["id": 901, "method": "textDocument/hover", "params": client.at("a.layout", line: 1, character: 7)])
        client.server.resumeAnalysis()
        let cancelled = client.waitFor { $0["id"]?.intValue == 900 }
        #expect(cancelled?["error"]?["code"]?.intValue == -32800)
        let answered = client.waitFor { $0["id"]?.intValue == 901 }
        #expect(answered?["result"]?["contents"] != nil)
    }
}

@Suite struct DiskAndCompletionDefectTests {
    // 6. Changes on disk: the server registers a watcher with a client that can watch,
    // and reloads what the change affects.
    @Test func changesOnDiskAreSeen() throws {
        let watching: JSONValue = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
        let client = try TestClient(capabilities: watching)
        let registration = client.waitFor { $0["method"]?.stringValue == "client/registerCapability" }
        let registered = registration?["params"]?["registrations"]?.arrayValue?.first
        #expect(registered?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
        #expect(registered?["registerOptions"]?["watchers"]?.arrayValue?.count == 2)
        try client.write("a.cas", "box\n  size 20 5\n")
        client.open("a.layout", "use \"a.cas\"\nscreen root {\n  box a { size == $size }\n}\n")
        _ = client.diagnostics("a.layout")
        func hover() -> String {
            client.request("textDocument/hover", client.at("a.layout", line: 2, character: 7))["result"]?["contents"]?["value"]?.stringValue ?? ""
        }
        #expect(hover().contains("width=20"))
        try client.write("a.cas", "box\n  size 30 5\n  colr red\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("a.cas")), "type": 2]]])
        #expect(hover().contains("width=30"))
        let relayed = client.waitFor {
            $0["params"]?["uri"]?.stringValue == client.uri("a.layout")
                && ($0["params"]?["diagnostics"]?.arrayValue ?? []).contains { $0["code"]?.stringValue == "cas.unknown-property" }
        }
        #expect(relayed != nil)
    }

    // 7. Definition on `$size` in a rule: the declaration that gave the view its size.
    @Test func definitionOfACompositeStyleValue() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        client.open("sample.layout", sampleSpec)
        _ = client.diagnostics("sample.layout")
        // Line 4: `    top == parent.top + 1; size == $size`, on "size" after `$`.
        let found = locations(client.request("textDocument/definition", client.at("sample.layout", line: 4, character: 40)))
        #expect(found.map(\.uri) == [client.uri("sample.cas")])
        #expect(found.map(\.line) == [2])
    }

    // 8. Completion items replace the name typed around the cursor; 12. no item twice.
    @Test func completionReplacesWhatIsTypedAndListsEachItemOnce() throws {
        let client = try TestClient()
        client.open("a.layout", "screen root {\n  box a {\n    left == $margin-\n    top == \n  }\n}\n")
        _ = client.diagnostics("a.layout")
        let items = client.request("textDocument/completion", client.at("a.layout", line: 2, character: 20))["result"]?.arrayValue ?? []
        let marginLeft = try #require(items.first { $0["label"]?.stringValue == "margin-left" })
        #expect(marginLeft["textEdit"]?["newText"]?.stringValue == "margin-left")
        #expect(marginLeft["textEdit"]?["range"]?["start"]?["character"]?.intValue == 13)
        #expect(marginLeft["textEdit"]?["range"]?["end"]?["character"]?.intValue == 20)
        let all = (client.request("textDocument/completion", client.at("a.layout", line: 3, character: 11))["result"]?.arrayValue ?? [])
            .compactMap { $0["label"]?.stringValue }
        #expect(all.count == Set(all).count, "\(all.filter { label in all.filter { $0 == label }.count > 1 })")
        #expect(all.contains("edges") && all.contains("size") && all.contains("center"))
    }
}
