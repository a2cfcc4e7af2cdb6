import Foundation
import LanguageServer
import Testing

/// Opens the sample spec (typo fixed) and stylesheet and waits for the analysis.
func sampleClient(width: Int = 80, height: Int = 24, capabilities: JSONValue = .object([:])) throws -> TestClient {
    let client = try TestClient(width: width, height: height, capabilities: capabilities)
    try client.write("sample.cas", sampleSheet)
    let fixed = sampleSpec.replacingOccurrences(of: "blu.bottom", with: "blue.bottom")
    try client.write("sample.layout", fixed)
    client.open("sample.layout", fixed)
    _ = client.diagnostics("sample.layout")
    return client
}

private func markdown(_ response: JSONValue) -> String { response["result"]?["contents"]?["value"]?.stringValue ?? "" }

@Suite struct HoverTests {
    @Test func aViewIdShowsItsSolvedFrameAtTheChosenSize() throws {
        let client = try sampleClient()
        // Line 3: `  box blue .card "Blue" {` — on "blue".
        let text = markdown(client.request("textDocument/hover", client.at("sample.layout", line: 3, character: 7)))
        #expect(text.contains("**box blue**"))
        #expect(text.contains("frame: x=2 y=1 width=20 height=5 (at 80x24)"))
    }

    @Test func theSpecSeesAnUnsavedStylesheetBufferAndTheDiskOnceItCloses() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet.replacingOccurrences(of: "size 20 5", with: "size 30 5"))
        _ = client.diagnostics("sample.cas")
        let unsaved = markdown(client.request("textDocument/hover", client.at("sample.layout", line: 3, character: 7)))
        #expect(unsaved.contains("width=30 height=5"))
        client.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(client.uri("sample.cas"))])]))
        let saved = markdown(client.request("textDocument/hover", client.at("sample.layout", line: 3, character: 7)))
        #expect(saved.contains("width=20 height=5"))
    }

    @Test func aRuleShowsItsStatusAndTheValuesItRead() throws {
        let client = try sampleClient()
        // Line 5: `    left == parent.left + $margin-left`, on "left".
        let text = markdown(client.request("textDocument/hover", client.at("sample.layout", line: 5, character: 5)))
        #expect(text.contains("**satisfied**"))
        #expect(text.contains("values read: `blue.left == root.left + 2`"))
        #expect(text.contains("`$margin-left` of `blue`: `margin-left $gap` (`box`, sample.cas:4)"))
    }

    @Test func aVariableShowsItsValueAndSite() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet)
        _ = client.diagnostics("sample.cas")
        // Line 3: `  margin-left $gap`, on "gap".
        let text = markdown(client.request("textDocument/hover", client.at("sample.cas", line: 3, character: 16)))
        #expect(text.contains("**$gap** = `2`"))
        #expect(text.contains("sample.cas:1"))
    }

    @Test func anIdSelectorShowsTheViewItSelects() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet)
        let text = markdown(client.request("textDocument/hover", client.at("sample.cas", line: 4, character: 3)))
        #expect(text.contains("**box blue**"))
        #expect(text.contains("width=20 height=5"))
    }

    @Test func aPropertyShowsTheViewsItAppliesToAndWhereItLoses() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet + "#red\n  size 10 3\n")
        _ = client.diagnostics("sample.cas")
        // Line 2: `  size 20 5`.
        let text = markdown(client.request("textDocument/hover", client.at("sample.cas", line: 2, character: 3)))
        #expect(text.contains("applies to 1 view(s): `blue`"))
        #expect(text.contains("overridden for `red`"))
    }
}

@Suite struct NavigationTests {
    @Test func definitionOfAViewIdInARuleIsItsDeclaration() throws {
        let client = try sampleClient()
        // Line 8: `    top == blue.bottom`, on "blue".
        let response = client.request("textDocument/definition", client.at("sample.layout", line: 8, character: 12))
        #expect(response["result"]?["uri"]?.stringValue == client.uri("sample.layout"))
        #expect(response["result"]?["range"]?["start"]?["line"]?.intValue == 3)
    }

    @Test func definitionOfAStyleValueIsTheDeclarationThatSetIt() throws {
        let client = try sampleClient()
        // Line 5: `    left == parent.left + $margin-left`, on "margin".
        let response = client.request("textDocument/definition", client.at("sample.layout", line: 5, character: 30))
        #expect(response["result"]?["uri"]?.stringValue == client.uri("sample.cas"))
        #expect(response["result"]?["range"]?["start"]?["line"]?.intValue == 3)
    }

    @Test func definitionOfAUseLineIsTheStylesheet() throws {
        let client = try sampleClient()
        let response = client.request("textDocument/definition", client.at("sample.layout", line: 0, character: 6))
        #expect(response["result"]?["uri"]?.stringValue == client.uri("sample.cas"))
    }

    @Test func definitionOfAVariableIsItsAssignment() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet)
        let response = client.request("textDocument/definition", client.at("sample.cas", line: 3, character: 16))
        #expect(response["result"]?["range"]?["start"] == .object(["line": .number(0), "character": .number(0)]))
    }

    @Test func definitionOfAnIdSelectorIsTheViewInTheSpecsUsingTheSheet() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet)
        // Line 4: `#blue`.
        let response = client.request("textDocument/definition", client.at("sample.cas", line: 4, character: 2))
        #expect(response["result"]?["uri"]?.stringValue == client.uri("sample.layout"))
        #expect(response["result"]?["range"]?["start"]?["line"]?.intValue == 3)
    }

    @Test func referencesAndRenameOfAViewIdCoverTheSpecAndItsStylesheets() throws {
        let client = try sampleClient()
        let references = client.request("textDocument/references", client.at("sample.layout", line: 3, character: 7))
        let lines = (references["result"]?.arrayValue ?? []).map { ($0["uri"]?.stringValue ?? "", $0["range"]?["start"]?["line"]?.intValue ?? -1) }
        #expect(lines.filter { $0.0 == client.uri("sample.layout") }.map(\.1) == [3, 8, 9])
        #expect(lines.filter { $0.0 == client.uri("sample.cas") }.map(\.1) == [4])
        var params = client.at("sample.layout", line: 3, character: 7)
        if case .object(var members) = params { members["newName"] = .string("cyan"); params = .object(members) }
        let rename = client.request("textDocument/rename", params)
        let edits = rename["result"]?["changes"]?[client.uri("sample.layout")]?.arrayValue ?? []
        #expect(edits.count == 3)
        #expect(edits.allSatisfy { $0["newText"]?.stringValue == "cyan" })
    }

    @Test func documentSymbolsAreTheViewTree() throws {
        let client = try sampleClient()
        let response = client.request("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(client.uri("sample.layout"))])]))
        let roots = response["result"]?.arrayValue ?? []
        #expect(roots.map { $0["name"]?.stringValue } == ["root"])
        #expect(roots.first?["children"]?.arrayValue?.map { $0["name"]?.stringValue } == ["blue", "red"])
    }

    @Test func stylesheetSymbolsAreVariablesAndRules() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet)
        let response = client.request("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(client.uri("sample.cas"))])]))
        let names = (response["result"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "" }
        #expect(names == ["$gap", "box", "#blue"])
    }

    @Test func aDidYouMeanBecomesAQuickFix() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        client.open("sample.layout", sampleSpec)
        _ = client.diagnostics("sample.layout")
        var params = client.at("sample.layout", line: 8, character: 12)
        if case .object(var members) = params {
            members["range"] = .encoding(LSPRange(start: .init(line: 8, character: 12), end: .init(line: 8, character: 12)))
            members["context"] = .object(["diagnostics": .array([])])
            params = .object(members)
        }
        let actions = client.request("textDocument/codeAction", params)["result"]?.arrayValue ?? []
        let edit = try #require(actions.first?["edit"]?["changes"]?[client.uri("sample.layout")]?.arrayValue?.first)
        #expect(edit["newText"]?.stringValue == "blue")
        #expect(edit["range"]?["start"]?["character"]?.intValue == 11)
        #expect(edit["range"]?["end"]?["character"]?.intValue == 14)
    }

    @Test func completionOffersWhatFitsTheContext() throws {
        let client = try sampleClient()
        client.open("sample.cas", sampleSheet + "box\n  border \n  \n")
        _ = client.diagnostics("sample.cas")
        func labels(_ name: String, _ line: Int, _ character: Int) -> [String] {
            (client.request("textDocument/completion", client.at(name, line: line, character: character))["result"]?.arrayValue ?? [])
                .compactMap { $0["label"]?.stringValue }
        }
        #expect(labels("sample.cas", 7, 9).contains("rounded"))
        #expect(labels("sample.cas", 8, 2).contains("margin-left"))
        #expect(labels("sample.layout", 4, 24).contains("blue") || labels("sample.layout", 4, 24).contains("root"))
        #expect(labels("sample.layout", 5, 32).contains("margin-left"))
        #expect(labels("sample.layout", 0, 5).contains("sample.cas"))
    }
}
