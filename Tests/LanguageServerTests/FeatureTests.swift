import Cells
import Diagnostics
import Foundation
import LanguageServer
import LayoutEngine
import Testing
import TestSupport

/// A spec and its stylesheet, with a typo in a rule (`blu` for `blue`).
let sampleSheet = """
    $gap = 2
    box
      size 20 5
      margin-left $gap
    #blue
      color red

    """

let sampleSpec = """
    use "sample.cas"

    screen root {
      box blue .card "Blue" {
        top == parent.top + 1; size == $size
        left == parent.left + $margin-left
      }
      box red {
        top == blu.bottom
        left == blue.left
      }
    }

    """

@Suite struct ProtocolTests {
    @Test func initializeAnnouncesTheFeatures() throws {
        let client = try TestClient(initialize: false)
        let response = client.request("initialize", .object(["capabilities": .object([:])]))
        let capabilities = response["result"]?["capabilities"]
        #expect(capabilities?["hoverProvider"]?.boolValue == true)
        #expect(capabilities?["textDocumentSync"]?["change"]?.intValue == 2)
    }

    @Test func requestsBeforeInitializeGetAnError() throws {
        let client = try TestClient(initialize: false)
        let response = client.request("textDocument/hover", client.at("a.layout", line: 0, character: 0))
        #expect(response["error"]?["code"]?.intValue == ResponseError.serverNotInitialized)
    }

    @Test func unknownMethodsBadParamsAndClosedDocumentsGetErrors() throws {
        let client = try TestClient()
        #expect(client.request("workspace/frobnicate", .object([:]))["error"]?["code"]?.intValue == ResponseError.methodNotFound)
        #expect(client.request("textDocument/hover", .object([:]))["error"]?["code"]?.intValue == ResponseError.invalidParams)
        let closed = client.request("textDocument/hover", client.at("never-opened.layout", line: 0, character: 0))
        #expect(closed["error"]?["code"]?.intValue == ResponseError.requestFailed)
        client.open("a.layout", "screen root {}\n")
        client.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(client.uri("a.layout"))])]))
        let afterClose = client.request("textDocument/definition", client.at("a.layout", line: 0, character: 8))
        #expect(afterClose["error"]?["code"]?.intValue == ResponseError.requestFailed)
    }

    @Test func malformedJSONGetsAParseError() throws {
        let client = try TestClient()
        client.server.handle(Data("{not json".utf8))
        let error = client.waitFor { $0["error"]?["code"]?.intValue == ResponseError.parseError }
        #expect(error?["id"] == .null)
    }

    @Test func shutdownThenExitEndsWithStatusZero() throws {
        let client = try TestClient()
        #expect(client.request("shutdown", .null)["result"] == .null)
        #expect(client.request("textDocument/hover", .object([:]))["error"]?["code"]?.intValue == ResponseError.invalidRequest)
        client.notify("exit", .null)
        #expect(client.server.hasExited)
        #expect(client.server.exitStatus == 0)
    }
}

@Suite struct DiagnosticsFeatureTests {
    @Test func aSpecBufferGetsWhatCheckGivesWithRangesAndCodes() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        try client.write("sample.layout", sampleSpec)
        client.open("sample.layout", sampleSpec)
        let diagnostics = client.diagnostics("sample.layout")
        var session = LayoutSession(specPath: client.directory + "/sample.layout", size: TerminalSize(width: 80, height: 24))
        session.load()
        let expected = session.checkDiagnostics().filter { $0.location.file == client.directory + "/sample.layout" }
        #expect(diagnostics.count == expected.count)
        #expect(diagnostics.map { $0["code"]?.stringValue } == expected.map { $0.code.rawValue })
        let typo = try #require(diagnostics.first { $0["code"]?.stringValue == "layout.unknown-view" })
        #expect(typo["source"]?.stringValue == "casement")
        #expect(typo["severity"]?.intValue == 1)
        #expect(typo["range"]?["start"] == .object(["line": .number(8), "character": .number(11)]))
        #expect(typo["range"]?["end"] == .object(["line": .number(8), "character": .number(14)]))
    }

    @Test func unsavedEditsAreAnalysedAndANewerVersionSupersedes() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        client.open("sample.layout", sampleSpec)
        #expect(client.diagnostics("sample.layout").contains { $0["code"]?.stringValue == "layout.unknown-view" })
        // Fix the typo with an incremental edit (insert "e" after "blu"), then break something else.
        client.change("sample.layout", version: 2,
            range: LSPRange(start: .init(line: 8, character: 14), end: .init(line: 8, character: 14)), text: "e")
        client.change("sample.layout", version: 3,
            range: LSPRange(start: .init(line: 9, character: 4), end: .init(line: 9, character: 8)), text: "lfet")
        let diagnostics = client.diagnostics("sample.layout", version: 3)
        #expect(!diagnostics.contains { $0["code"]?.stringValue == "layout.unknown-view" })
        #expect(diagnostics.contains { $0["code"]?.stringValue == "layout.unknown-attribute" })
        // Nothing is ever published for version 2 after version 3.
        let versions = client.messages().compactMap { $0["params"]?["version"]?.intValue }
        #expect(versions == versions.sorted())
    }

    @Test func aStylesheetBufferGetsItsOwnDiagnosticsFromUnsavedText() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        client.open("sample.layout", sampleSpec)
        client.open("sample.cas", sampleSheet + "box\n  colr blue\n")
        let diagnostics = client.diagnostics("sample.cas")
        let unknown = try #require(diagnostics.first { $0["code"]?.stringValue == "cas.unknown-property" })
        #expect(unknown["range"]?["start"]?["line"]?.intValue == 7)
    }

    @Test func aStylesheetShowsTheEngineDiagnosticsOfTheSpecsUsingIt() throws {
        let client = try TestClient()
        let spec = """
            use "sample.cas"
            screen root {
              box a {
                width == 10
                width == 20
              }
            }

            """
        try client.write("sample.cas", sampleSheet)
        client.open("conflict.layout", spec)
        client.open("sample.cas", sampleSheet)
        let diagnostics = client.diagnostics("sample.cas")
        let relayed = try #require(diagnostics.first { $0["code"]?.stringValue?.hasPrefix("engine.") == true })
        #expect(relayed["message"]?.stringValue?.hasPrefix("in conflict.layout") == true)
        #expect(relayed["relatedInformation"]?.arrayValue?.first?["location"]?["uri"]?.stringValue == client.uri("conflict.layout"))
    }

    @Test func aStylesheetOpenAloneShowsTheEngineDiagnosticsOfSpecsOnDiskThatUseIt() throws {
        let client = try TestClient()
        try client.write("sample.cas", sampleSheet)
        try FileManager.default.createDirectory(atPath: client.directory + "/specs", withIntermediateDirectories: true)
        try client.write("specs/conflict.layout", "use \"../sample.cas\"\nscreen root {\n  box a { left == 0; top == 0; width == 10; size == $size }\n}\n")
        client.open("sample.cas", sampleSheet)
        let diagnostics = client.diagnostics("sample.cas")
        let relayed = try #require(diagnostics.first { $0["code"]?.stringValue == "engine.conflict" })
        #expect(relayed["message"]?.stringValue?.hasPrefix("in conflict.layout") == true)
        // A size that agrees with the spec's width ends the conflict, unsaved.
        client.change("sample.cas", version: 2, range: nil, text: sampleSheet.replacingOccurrences(of: "size 20 5", with: "size 10 5"))
        let after = client.diagnostics("sample.cas", version: 2)
        #expect(!after.contains { $0["code"]?.stringValue == "engine.conflict" }, "\(after)")
    }

    @Test(arguments: ["fuzz.layout", "fuzz.cas"])
    func anyBytesInABufferGiveDiagnosticsNeverACrash(name: String) throws {
        let client = try TestClient()
        var random = SplitMix64(seed: 99)
        let pieces = ["{", "}", "$", "\"", "use ", "@import ", "box a", " == ", ".", "#x", "\n", "\r\n", "😀", "漢", ";", "as "]
        for version in 1...40 {
            var text = ""
            for _ in 0..<random.below(60) {
                text += random.below(3) == 0
                    ? String(decoding: (0..<random.int(1...8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self)
                    : random.pick(pieces)
            }
            if version == 1 { client.open(name, text) } else if random.below(2) == 0 {
                client.change(name, version: version, range: nil, text: text)
            } else {
                // An incremental edit at random positions, possibly past the end or inside a surrogate pair.
                let start = Position(line: random.below(4), character: random.below(30))
                let end = Position(line: start.line + random.below(2), character: random.below(30))
                client.change(name, version: version, range: LSPRange(start: start, end: max(start, end)), text: text)
            }
            for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/references"] {
                let response = client.request(method, client.at(name, line: random.below(4), character: random.below(20)))
                #expect(response["error"] == nil)
            }
        }
        _ = client.diagnostics(name, version: 40)
        let symbols = client.request("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(client.uri(name))])]))
        #expect(symbols["result"] != nil)
    }

    @Test func changesWithinTheDebounceAreAnalysedOnceForTheLatestVersion() throws {
        let client = try TestClient(debounce: 1000)
        try client.write("sample.cas", sampleSheet)
        client.open("sample.layout", sampleSpec)
        for version in 2...4 {
            client.change("sample.layout", version: version, range: nil, text: sampleSpec + "\n")
        }
        _ = client.diagnostics("sample.layout", version: 4)
        let published = client.messages().filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(published.map { $0["params"]?["version"]?.intValue } == [4])
    }
}
