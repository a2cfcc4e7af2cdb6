import Cells
import LayoutEngine
import LayoutPainting
import Testing

@testable import casement

/// `casement render --format json` writes its document a view at a time; the
/// text must be exactly the whole document's `rendered()`, as it was printed
/// before streaming.
@Suite struct StreamedJSONTests {
    /// Keeps every piece written, to check that the document really comes in pieces.
    struct Pieces: TextOutputStream {
        var items: [String] = []
        mutating func write(_ string: String) { items.append(string) }
        var text: String { items.joined() }
    }

    @Test(arguments: GoldenTests.casesButStress)
    func streamedDocumentIsTheWholeDocument(_ item: GoldenTests.Case) throws {
        let spec = DemoFiles.relativeSpec(item.demo)
        guard case .success(let session) = SpecLoading.load(spec, size: item.size, reader: DemoFiles.rootReader) else {
            Issue.record("\(spec) does not load")
            return
        }
        let snapshot = session.snapshot()
        var pieces = Pieces()
        LayoutJSON.write(snapshot, to: &pieces)
        let whole = LayoutJSON.document(snapshot).rendered() + "\n"
        #expect(pieces.text == whole)
        #expect(pieces.items.count >= snapshot.views.count)

        var streamed = ""
        let rest = RenderCommand.writeJSON(spec: spec, size: item.size, reader: DemoFiles.rootReader, to: &streamed)
        #expect(rest == CommandOutput())
        #expect(streamed == whole)
    }

    /// Empty arrays are written `[]` on the member's line, as a whole document writes them.
    @Test func emptyArraysAndConflictsStreamAsTheWholeDocument() {
        let specs = [
            "",
            "screen root { }",
            "screen root {\n  box a { width == 10; width == 20 }\n}",
            "screen root {\n  box a { left == 0; top == 0; width == $size-width; height == 1 }\n}",
        ]
        for spec in specs {
            var session = LayoutSession(
                specPath: "x.layout", reader: .inMemory(["x.layout": spec]), size: TerminalSize(width: 20, height: 5))
            session.load()
            let snapshot = session.snapshot()
            var streamed = ""
            LayoutJSON.write(snapshot, to: &streamed)
            #expect(streamed == LayoutJSON.document(snapshot).rendered() + "\n", "\(spec)")
        }
    }

    /// Strings are escaped the same whether they take the whole-string shortcut
    /// (nothing to escape) or the scalar-by-scalar way.
    @Test func stringsAreEscapedAsJSONSays() {
        let cases: [(String, String)] = [
            ("plain", #""plain""#), ("", #""""#), ("say \"hi\"", #""say \"hi\"""#), (#"a\b"#, #""a\\b""#),
            ("1\n2\r3\t4", #""1\n2\r3\t4""#), ("\u{1B}[1m", #""\u001b[1m""#), ("del\u{7F}", #""del\u007f""#),
            ("c1\u{85}", #""c1\u0085""#), ("ls\u{2028}ps\u{2029}", #""ls\u2028ps\u2029""#),
            ("é世界👍🏽", #""é世界👍🏽""#), ("~ !#$%&'()*+,-./:;<=>?@[]^_`{|}", #""~ !#$%&'()*+,-./:;<=>?@[]^_`{|}""#),
        ]
        for (text, expected) in cases {
            #expect(JSONValue.string(text).rendered() == expected, "\(text.debugDescription)")
        }
    }
}

/// The stress demo's cases of `StreamedJSONTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowStreamedJSONTests {
    @Test(arguments: GoldenTests.stressCases)
    func streamedDocumentIsTheWholeDocument(_ item: GoldenTests.Case) throws { try StreamedJSONTests().streamedDocumentIsTheWholeDocument(item) }
}
