import Diagnostics
import Testing

@testable import LayoutSpec

/// An empty spec used to load silently (`check` exit 0, a blank canvas): it warns.
@Suite struct EmptySpecTests {
    @Test func aSpecWithoutViewsWarnsAtItsStart() {
        for text in ["", "\n\n", "# only a comment\n", "let gap = 2\n", "use \"a.cas\"\n"] {
            let document = compile(text)
            #expect(messages(document) == ["1:1: warning: the spec has no views: there is nothing to lay out"], "\(text)")
            #expect(document.diagnostics.first?.hint?.contains("screen root") == true)
        }
    }

    @Test func anEmptyScreenWarnsAtTheScreen() {
        for text in ["screen root {\n}\n", "\nscreen root", "screen root { }\nscreen other {}"] {
            let document = compile(text)
            #expect(document.diagnostics.count == 1, "\(text)")
            #expect(document.diagnostics.first?.message == "screen 'root' is empty: there is nothing to lay out")
            #expect(document.diagnostics.first?.severity == .warning)
        }
    }

    @Test func anythingInTheSpecIsSomethingToLayOut() {
        for text in [
            "screen root {\n  box a { edges within parent }\n}", "box a { width == 3; height == 1; left == 0; top == 0 }",
            "screen root {\n  width == 3\n}", "screen root \"Title\"",
        ] {
            #expect(!compile(text).diagnostics.contains { $0.message.contains("nothing to lay out") }, "\(text)")
        }
    }

    @Test func otherDiagnosticsAlreadyExplainAnEmptyResult() {
        #expect(messages(compile("screen root {\n  widht == 3\n}")) == ["2:3: error: unknown attribute 'widht'"])
        #expect(!compile("\u{1}\u{2}garbage").diagnostics.contains { $0.message.contains("nothing to lay out") })
    }
}
