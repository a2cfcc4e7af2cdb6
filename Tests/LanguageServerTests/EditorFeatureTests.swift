import Cells
import Foundation
import Formatting
@testable import LanguageServer
import Testing

/// Issue 28 §2: the editor shows the layout — every feature driven by raw LSP requests.

private func opened(width: Int = 80, height: Int = 24, capabilities: JSONValue = .object([:])) throws -> TestClient {
    try sampleClient(width: width, height: height, capabilities: capabilities)
}

private func labels(_ response: JSONValue) -> [String] {
    (response["result"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
}

/// Applies LSP text edits (sorted, not overlapping) to a text.
func applying(_ edits: [JSONValue], to text: String) -> String {
    var document = TextDocument(uri: "file:///x", path: "/x", version: 1, text: text)
    let sorted = edits.compactMap { edit -> (LSPRange, String)? in
        guard let range = try? (edit["range"] ?? .null).decoded(as: LSPRange.self), let newText = edit["newText"]?.stringValue
        else { return nil }
        return (range, newText)
    }.sorted { $0.0.start > $1.0.start }
    for (range, newText) in sorted { document.apply(range: range, text: newText) }
    return document.text
}

@Suite struct InlayHintTests {
    @Test func everyViewShowsItsSolvedFrameAfterItsHeader() throws {
        let client = try opened()
        let response = client.request("textDocument/inlayHint", client.document("sample.layout", [
            "range": .encoding(LSPRange(start: .init(line: 0, character: 0), end: .init(line: 20, character: 0))),
        ]))
        let hints = response["result"]?.arrayValue ?? []
        #expect(labels(response) == ["⟨x 0 y 0 · 80×24⟩", "⟨x 2 y 1 · 20×5⟩", "⟨x 2 y 6 · 0×0⟩"])
        // After `box blue .card "Blue"`, before its `{`.
        #expect(hints[1]["position"] == .object(["line": 3, "character": 23]))
        #expect(hints[1]["paddingLeft"]?.boolValue == true)
    }

    @Test func theSizeComesFromOptionsConfigurationAndTheCommandAndHintsAreRefreshed() throws {
        let capabilities: JSONValue = ["workspace": ["inlayHint": ["refreshSupport": true]]]
        let client = try opened(width: 100, height: 30, capabilities: capabilities)
        func rootHint() -> String? {
            labels(client.request("textDocument/inlayHint", client.document("sample.layout"))).first
        }
        #expect(rootHint() == "⟨x 0 y 0 · 100×30⟩")
        client.notify("workspace/didChangeConfiguration", ["settings": ["casement": ["width": 120, "height": 40]]])
        #expect(rootHint() == "⟨x 0 y 0 · 120×40⟩")
        let refreshes = client.messages().filter { $0["method"]?.stringValue == "workspace/inlayHint/refresh" }.count
        #expect(refreshes == 1)
        let command = client.request("workspace/executeCommand", ["command": "casement.setSize", "arguments": ["90x25"]])
        #expect(command["error"] == nil)
        #expect(rootHint() == "⟨x 0 y 0 · 90×25⟩")
        #expect(client.messages().filter { $0["method"]?.stringValue == "workspace/inlayHint/refresh" }.count == 2)
        let hover = client.request("textDocument/hover", client.at("sample.layout", line: 2, character: 8))
        #expect(hover["result"]?["contents"]?["value"]?.stringValue?.contains("(at 90x25)") == true)
        let bad = client.request("workspace/executeCommand", ["command": "casement.setSize", "arguments": ["huge"]])
        #expect(bad["error"]?["code"]?.intValue == ResponseError.invalidParams)
    }

    /// A size source (what a running designer will be) gives one spec its own size.
    final class FixedSizes: LayoutSizeSource, @unchecked Sendable {
        var sizes: [String: TerminalSize] = [:]
        func size(ofSpec spec: String) -> TerminalSize? { sizes[spec] }
    }

    @Test func aSizeSourceGivesASpecItsOwnSize() throws {
        let sizes = FixedSizes()
        let client = try opened()
        // A second server, with a size source, over the same files.
        let output = OutputCollector()
        let server = LanguageServer(options: .init(debounceMilliseconds: 0), writer: MessageWriter { output.append($0) }, sizes: sizes)
        let path = client.directory + "/sample.layout"
        sizes.sizes[path] = TerminalSize(width: 70, height: 20)
        func send(_ message: JSONValue) { server.handle(try! JSONEncoder().encode(message)) }
        send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(client.uri("sample.layout")), "version": 1, "text": .string(try String(contentsOfFile: path, encoding: .utf8)),
        ]]])
        send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/inlayHint", "params": client.document("sample.layout")])
        server.waitUntilIdle()
        #expect(output.text.contains("⟨x 0 y 0 · 70×20⟩"))
        sizes.sizes[path] = TerminalSize(width: 60, height: 20)
        server.layoutSizesChanged()
        send(["jsonrpc": "2.0", "id": 3, "method": "textDocument/inlayHint", "params": client.document("sample.layout")])
        server.waitUntilIdle()
        #expect(output.text.contains("⟨x 0 y 0 · 60×20⟩"))
    }
}

/// Collects what a server writes.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ bytes: Data) { lock.withLock { data.append(bytes) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

@Suite struct ColorTests {
    static let sheet = """
        $blue = #2f5fa8
        $accent = $blue
        $soft = rgba(255, 0, 0, 0.5)
        box
          bg hsl(120, 100%, 50%)
          color cornflowerblue
          border rounded red
          title "red"
          title-align center
          border-color color(208)

        """

    @Test func everyColourHasASwatchAndVariablesTheirsAtTheDefinition() throws {
        let client = try TestClient()
        client.open("a.cas", Self.sheet)
        _ = client.diagnostics("a.cas")
        let colors = client.request("textDocument/documentColor", client.document("a.cas"))["result"]?.arrayValue ?? []
        let places = colors.map { "\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["range"]?["start"]?["character"]?.intValue ?? -1)" }
        #expect(places == ["0:8", "1:10", "2:8", "4:5", "5:8", "6:17", "9:15"])
        let hex = colors[0]["color"]
        #expect(hex?["red"] == .number(Double(0x2f) / 255) && hex?["blue"] == .number(Double(0xa8) / 255))
        #expect(colors[2]["color"]?["alpha"] == .number(Double(128) / 255))
        // `red` is the terminal's red, shown as xterm draws it.
        #expect(colors[5]["color"]?["red"] == .number(Double(0xCD) / 255))
    }

    @Test func thePickerWritesInTheValuesOwnNotation() throws {
        let client = try TestClient()
        client.open("a.cas", Self.sheet)
        _ = client.diagnostics("a.cas")
        let colors = client.request("textDocument/documentColor", client.document("a.cas"))["result"]?.arrayValue ?? []
        let picked: JSONValue = ["red": 1, "green": .number(0.5), "blue": 0, "alpha": 1]
        func first(_ index: Int) -> String? {
            let response = client.request("textDocument/colorPresentation", client.document("a.cas", ["color": picked, "range": colors[index]["range"]!]))
            return labels(response).first
        }
        #expect(first(0) == "#ff8000")
        #expect(first(1) == "#ff8000")  // a variable's swatch writes hex
        #expect(first(2) == "rgb(255, 128, 0)")
        #expect(first(3) == "hsl(30, 100%, 50%)")
        #expect(first(4) == "#ff8000")  // a name writes hex
        #expect(first(6) == "color(208)")
        let edit = client.request("textDocument/colorPresentation", client.document("a.cas", ["color": picked, "range": colors[2]["range"]!]))
        #expect(edit["result"]?.arrayValue?.first?["textEdit"]?["range"] == colors[2]["range"])
    }
}

@Suite struct SemanticTokenTests {
    /// (line, character, length, type) of each token.
    static func decode(_ response: JSONValue) -> [(line: Int, character: Int, length: Int, type: String, modifiers: Int)] {
        let data = (response["result"]?["data"]?.arrayValue ?? []).compactMap(\.intValue)
        var result: [(Int, Int, Int, String, Int)] = []
        var line = 0, character = 0
        for index in stride(from: 0, to: data.count - 4, by: 5) {
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            result.append((line, character, data[index + 2], SemanticTokens.types[data[index + 3]], data[index + 4]))
        }
        return result
    }

    @Test func specTokensFullAndRange() throws {
        let client = try opened()
        let tokens = Self.decode(client.request("textDocument/semanticTokens/full", client.document("sample.layout")))
        func at(_ line: Int, _ character: Int) -> String? { tokens.first { $0.line == line && $0.character == character }?.type }
        #expect(at(0, 0) == "keyword")  // use
        #expect(at(0, 4) == "string")
        #expect(at(2, 0) == "type")  // screen
        #expect(at(3, 6) == "variable")  // blue, declared
        #expect(tokens.first { $0.line == 3 && $0.character == 6 }?.modifiers == 1)
        #expect(at(3, 11) == "class")  // .card
        #expect(at(4, 4) == "property")  // top
        #expect(at(4, 11) == "variable")  // parent
        #expect(at(4, 35) == "macro")  // $size
        #expect(at(8, 11) == "variable")  // blue in blue.bottom
        let ranged = Self.decode(client.request("textDocument/semanticTokens/range", client.document("sample.layout", [
            "range": .encoding(LSPRange(start: .init(line: 8, character: 0), end: .init(line: 8, character: 40))),
        ])))
        #expect(ranged.allSatisfy { $0.line == 8 })
        #expect(ranged.map(\.type) == ["property", "operator", "variable", "property"])
    }

    @Test func stylesheetTokens() throws {
        let client = try TestClient()
        client.open("a.cas", "// a theme\n$gap = 2\nbox.card > #main, text[state:focused]\n  bg red\n  margin-left $gap\n/* two\n   lines */\n")
        let tokens = Self.decode(client.request("textDocument/semanticTokens/full", client.document("a.cas")))
        let kinds = tokens.map { "\($0.line):\($0.character) \($0.type)" }
        for expected in ["0:0 comment", "1:0 variable", "2:0 type", "2:3 class", "2:9 operator", "2:11 variable", "2:18 type",
            "2:23 keyword", "2:29 modifier", "3:2 property", "3:5 enumMember", "4:14 variable", "5:0 comment", "6:0 comment"]
        {
            #expect(kinds.contains(expected), "\(expected) in \(kinds)")
        }
        #expect(tokens.first { $0.line == 1 }?.modifiers == 1)  // a definition
    }
}

@Suite struct FormattingFeatureTests {
    static let untidy = "use   \"a.cas\"\nscreen root {\n      box a {\n  top==1\n   }\n\n\n}"

    @Test func formattingGivesFmtsTextAsLineEdits() throws {
        let client = try TestClient()
        client.open("a.layout", Self.untidy)
        let response = client.request("textDocument/formatting", client.document("a.layout", ["options": ["tabSize": 2, "insertSpaces": true]]))
        let edits = response["result"]?.arrayValue ?? []
        let expected = try SourceFormatter.format(Self.untidy, path: "/x/a.layout").text
        #expect(applying(edits, to: Self.untidy) == expected)
        #expect(expected == "use \"a.cas\"\nscreen root {\n  box a {\n    top == 1\n  }\n\n}\n")
    }

    @Test func rangeFormattingTouchesOnlyTheLinesInTheRange() throws {
        let client = try TestClient()
        client.open("a.layout", Self.untidy)
        let range = LSPRange(start: .init(line: 2, character: 0), end: .init(line: 3, character: 2))
        let edits = client.request("textDocument/rangeFormatting", client.document("a.layout", ["range": .encoding(range)]))["result"]?.arrayValue ?? []
        #expect(edits.allSatisfy { ($0["range"]?["start"]?["line"]?.intValue).map { (2...3).contains($0) } ?? false })
        #expect(applying(edits, to: Self.untidy) == "use   \"a.cas\"\nscreen root {\n  box a {\n    top == 1\n   }\n\n\n}")
    }

    @Test func aDocumentWithSyntaxErrorsIsNotFormatted() throws {
        let client = try TestClient()
        client.open("a.cas", "box {\n    bg red\n")
        let response = client.request("textDocument/formatting", client.document("a.cas"))
        #expect(response["error"]?["message"]?.stringValue?.contains("syntax error") == true)
    }
}

@Suite struct StructureFeatureTests {
    @Test func foldingRangesCoverBodiesBlocksAndComments() throws {
        let client = try opened()
        client.open("b.cas", "// one\n// two\nbox\n  bg red\n  > text\n    fg blue\n.card {\n  bg red\n}\n")
        func folds(_ name: String) -> [String] {
            (client.request("textDocument/foldingRange", client.document(name))["result"]?.arrayValue ?? []).map {
                "\($0["startLine"]?.intValue ?? -1)-\($0["endLine"]?.intValue ?? -1)\($0["kind"]?.stringValue.map { " " + $0 } ?? "")"
            }
        }
        #expect(folds("sample.layout") == ["2-10", "3-5", "7-9"])
        #expect(folds("b.cas") == ["0-1 comment", "2-5", "4-5", "6-7"])
    }

    @Test func useAndImportLinesLinkToTheirFiles() throws {
        let client = try opened()
        client.open("b.cas", "@import \"sample.cas\"\nbox { bg red }\n")
        let spec = client.request("textDocument/documentLink", client.document("sample.layout"))["result"]?.arrayValue ?? []
        #expect(spec.count == 1)
        #expect(spec.first?["target"]?.stringValue == client.uri("sample.cas"))
        #expect(spec.first?["range"] == .encoding(LSPRange(start: .init(line: 0, character: 5), end: .init(line: 0, character: 15))))
        let sheet = client.request("textDocument/documentLink", client.document("b.cas"))["result"]?.arrayValue ?? []
        #expect(sheet.first?["target"]?.stringValue == client.uri("sample.cas"))
    }

    @Test func workspaceSymbolsAreTheViewsClassesAndVariablesOfTheFilesInUse() throws {
        let client = try opened()
        let all = (client.request("workspace/symbol", ["query": ""])["result"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(Set(all).isSuperset(of: ["root", "blue", "red", ".card", "$gap"]))
        let some = client.request("workspace/symbol", ["query": "BLu"])["result"]?.arrayValue ?? []
        #expect(some.compactMap { $0["name"]?.stringValue } == ["blue"])
        #expect(some.first?["location"]?["uri"]?.stringValue == client.uri("sample.layout"))
        #expect(some.first?["kind"]?.intValue == 5)
    }

    @Test func documentHighlightMarksTheDeclarationAndTheReads() throws {
        let client = try opened()
        let highlights = client.request("textDocument/documentHighlight", client.at("sample.layout", line: 9, character: 13))["result"]?.arrayValue ?? []
        let marks = highlights.map { "\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["kind"]?.intValue ?? -1)" }
        #expect(marks == ["3:3", "8:2", "9:2"])
    }

    @Test func theServerAnnouncesEveryFeature() throws {
        let client = try TestClient(initialize: false)
        let capabilities = client.request("initialize", .object(["capabilities": .object([:])]))["result"]?["capabilities"]
        for name in ["inlayHintProvider", "colorProvider", "documentFormattingProvider", "documentRangeFormattingProvider",
            "foldingRangeProvider", "workspaceSymbolProvider", "documentHighlightProvider"]
        {
            #expect(capabilities?[name]?.boolValue == true, "\(name)")
        }
        #expect(capabilities?["renameProvider"]?["prepareProvider"]?.boolValue == true)
        #expect(capabilities?["semanticTokensProvider"]?["range"]?.boolValue == true)
        #expect(capabilities?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.count == SemanticTokens.types.count)
        #expect(capabilities?["executeCommandProvider"]?["commands"] == ["casement.setSize"])
        #expect(capabilities?["documentLinkProvider"] != nil)
    }
}

@Suite struct DiagnosticsJSONTests {
    /// The hand-written notification reads back as the general encoder's would.
    @Test func theHandWrittenNotificationDecodesAsTheEncodedOne() throws {
        var related = LSPDiagnostic(
            range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 3)), severity: 2,
            code: "cas.unknown-property", message: "in a \"quoted\" file:\n\tline\\2 \u{1}\u{1F}é😀 </>")
        related.relatedInformation = [DiagnosticRelatedInformation(
            location: LSPLocation(uri: "file:///a%20b.cas", range: LSPRange(start: .init(line: 4, character: 2), end: .init(line: 4, character: 9))),
            message: "here")]
        let plain = LSPDiagnostic(
            range: LSPRange(start: .init(line: 7, character: 1), end: .init(line: 7, character: 1)), severity: 1,
            code: "layout.syntax", message: "")
        for (version, diagnostics) in [(Optional(3), [related, plain]), (nil, []), (Optional(0), [plain])] {
            let data = DiagnosticsJSON.notification(uri: "file:///x/é \"y\".layout", version: version, diagnostics: diagnostics)
            let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
            var params: [String: JSONValue] = ["uri": "file:///x/é \"y\".layout", "diagnostics": .encoding(diagnostics)]
            if let version { params["version"] = .number(Double(version)) }
            let expected: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)]
            #expect(decoded == expected)
        }
    }
}

@Suite struct BufferObserverTests {
    final class Recorder: BufferObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        func bufferChanged(_ document: TextDocument) { lock.withLock { events.append("\(document.version): \(document.text)") } }
        func bufferClosed(path: String) { lock.withLock { events.append("closed \(path.split(separator: "/").last ?? "")") } }
        var all: [String] { lock.withLock { events } }
    }

    /// The live preview's hook hears each change at once, whatever the debounce.
    @Test func everyChangeReachesTheObserverBeforeTheDebounce() throws {
        let recorder = Recorder()
        let output = OutputCollector()
        let server = LanguageServer(
            options: .init(debounceMilliseconds: 60_000), writer: MessageWriter { output.append($0) }, observer: recorder)
        func send(_ message: JSONValue) { server.handle(try! JSONEncoder().encode(message)) }
        send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        let uri = "file:///tmp/observed.cas"
        send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": .string(uri), "version": 1, "text": "box\n"]]])
        send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": .encoding(LSPRange(start: .init(line: 1, character: 0), end: .init(line: 1, character: 0))), "text": "  bg red\n"]],
        ]])
        send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": .string(uri)]]])
        #expect(recorder.all == ["1: box\n", "2: box\n  bg red\n", "closed observed.cas"])
        #expect(!output.text.contains("\"version\":2"), "no analysis ran: the debounce is a minute")
    }
}
