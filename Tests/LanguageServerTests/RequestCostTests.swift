import Foundation
import Testing
import TestSupport

@testable import LanguageServer

/// Issue 26 §2.7: hover and definition on a line of megabytes cost what they cost
/// on a short one (they copied the whole line into an array of characters: 1 s
/// and hundreds of MB on a 5 MB line).
@Suite struct LongLineTests {
    /// A view `a` on a line that a comment makes `size` bytes long.
    private func client(lineOf size: Int) throws -> TestClient {
        let client = try TestClient()
        let spec = "screen root {\n  box a { edges == parent }  # " + String(repeating: "x", count: size) + "\n}\n"
        client.open("long.layout", spec)
        _ = client.diagnostics("long.layout")
        client.server.waitUntilIdle()
        return client
    }

    @Test func hoverAndDefinitionDoNotGrowWithTheLineLength() throws {
        for method in ["hover", "definition"] {
            let ratio = growthRatio(from: 64 << 10, prepare: { try! self.client(lineOf: $0) }) { client in
                let params = client.at("long.layout", line: 1, character: 6)
                let result = method == "hover" ? try? client.server.hover(params) : try? client.server.definition(params)
                #expect(result != nil && result != .null)
            }
            // Independent of the line: about 1; copying the line made it about 8.
            #expect(ratio < 3, "\(method): 8x the line cost \(ratio)x")
        }
    }

    @Test func wordsAreFoundByCharacterAcrossWideAndCombinedCharacters() {
        let document = TextDocument(uri: "file:///t.cas", path: "/t.cas", version: 1, text: "😀 $ab-c.d e\u{301}f #x")
        // UTF-16: 😀 is 0-1, space 2, $ 3, ab-c 4-7, . 8, d 9, space 10, éf 11-13, space 14, # 15, x 16.
        #expect(WordAtPosition.find(in: document, at: Position(line: 0, character: 5))?.name == "ab-c")
        #expect(WordAtPosition.find(in: document, at: Position(line: 0, character: 5))?.sigil == "$")
        let d = WordAtPosition.find(in: document, at: Position(line: 0, character: 9))
        #expect(d?.qualifier == "ab-c")
        #expect(d?.start == 9)
        #expect(d?.end == 10)
        #expect(WordAtPosition.find(in: document, at: Position(line: 0, character: 12))?.name == "e\u{301}f")
        #expect(WordAtPosition.find(in: document, at: Position(line: 0, character: 1)) == nil)   // inside the emoji
        #expect(WordAtPosition.find(in: document, at: Position(line: 0, character: 99))?.name == "x")
        let hits = WordAtPosition.occurrences(of: "e", in: TextDocument(uri: "file:///u.cas", path: "/u.cas", version: 1, text: "e e\u{301} $e e-e 😀e"))
        #expect(hits.map(\.start) == [0, 6, 14])
        #expect(hits.map(\.sigil) == [nil, "$", nil])
    }
}

/// Issue 26 §2.4: the outline of a deep view tree cost depth^2.8 (each level of
/// the result was read back through a decoder that rebuilt its coding path from
/// the root on every try): a 250-deep tree took 10 s.
@Suite struct DocumentSymbolGrowthTests {
    private func client(depth: Int) throws -> TestClient {
        let client = try TestClient()
        var spec = "screen root {\n"
        for level in 0..<depth { spec += String(repeating: " ", count: level) + "box b\(level) {\n" }
        spec += String(repeating: "}\n", count: depth + 1)
        client.open("deep.layout", spec)
        _ = client.diagnostics("deep.layout")
        client.server.waitUntilIdle()
        return client
    }

    @Test func theOutlineGrowsLinearlyWithTheDepth() throws {
        let ratio = growthRatio(from: 16, prepare: { try! self.client(depth: $0) }) { client in
            let params: JSONValue = .object(["textDocument": .object(["uri": .string(client.uri("deep.layout"))])])
            guard let symbols = try? client.server.documentSymbols(params) else {
                Issue.record("no outline")
                return
            }
            #expect((try? JSONEncoder().encode(symbols)) != nil)
        }
        // Linear: about 8 from 16 to 128 levels; the old cost grew about 300-fold.
        #expect(ratio < 24, "8x the depth cost \(ratio)x")
    }

    @Test func theOutlineOfTheDeepestTreeIsWhole() throws {
        let client = try client(depth: 255)
        let params: JSONValue = .object(["textDocument": .object(["uri": .string(client.uri("deep.layout"))])])
        var node = try client.server.documentSymbols(params).arrayValue?.first
        var depth = 0
        while let children = node?["children"]?.arrayValue, let child = children.first {
            node = child
            depth += 1
        }
        #expect(depth == 255)
        #expect(node?["name"]?.stringValue == "b254")
    }

    @Test func theParserReadsDeepJSONAndStopsPastItsLimit() throws {
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(throws: Never.self) { try JSONParser.parse(Data(deep.utf8)) }
        let tooDeep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Data(tooDeep.utf8)) }
        let text = #"{"a":[1,-2.5e3,true,false,null,"x\"\u00e9\ud83d\ude00\n"],"b":{}}"#
        let value = try JSONParser.parse(Data(text.utf8))
        #expect(value == ["a": [1, .number(-2500), true, false, .null, .string("x\"é😀\n")], "b": .object([:])])
        for bad in ["", "[1,]", "{\"a\" 1}", "01", "1.", "\"\u{1}\"", "[1] x", "tru", "\"abc"] {
            #expect(throws: JSONParser.Failure.self, "\(bad)") { try JSONParser.parse(Data(bad.utf8)) }
        }
    }
}
