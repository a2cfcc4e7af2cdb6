import Casement
import Testing

/// Per-view, per-axis content hugging and compression resistance (issue 25,
/// defect 9): two texts side by side are ambiguous only while nothing decides
/// which one stretches; code, a spec header and a stylesheet can decide.
@Suite struct ContentPriorityTests {
    /// Two texts filling one line: `a | b`, each as wide as it likes.
    private func twoTexts() -> (View, View, View) {
        let root = View(.screen, id: "root")
        let a = View(.text, id: "a", text: "hello"), b = View(.text, id: "b", text: "world")
        root.addSubviews(a, b)
        a.makeConstraints { make in
            make.left.top.equalToSuperview()
        }
        b.makeConstraints { make in
            make.left.equalTo(a.right)
            make.top.right.equalToSuperview()
        }
        return (root, a, b)
    }

    private func ambiguous(_ layout: Layout) -> [String] {
        layout.diagnostics.filter { $0.code == .engineAmbiguous }.map(\.message)
    }

    @Test func equalHuggingIsAmbiguousAndLessHuggingStretches() throws {
        let (root, a, b) = twoTexts()
        let layout = try Layout(root: root, size: TerminalSize(width: 40, height: 5))
        #expect(!ambiguous(layout).isEmpty)
        a.setContentHuggingPriority(.low, for: .horizontal)
        #expect(a.contentHuggingPriority(for: .horizontal) == .low)
        #expect(a.contentHuggingPriority(for: .vertical) == View.defaultContentHuggingPriority)
        #expect(layout.frame(of: a) == ViewFrame(x: 0, y: 0, width: 35, height: 1))
        #expect(layout.frame(of: b) == ViewFrame(x: 35, y: 0, width: 5, height: 1))
        #expect(ambiguous(layout).isEmpty)
        #expect(layout.explain(a)?.contains("a.width <= 5 @low as text.hug-width") == true)
        // The other way round.
        a.setContentHuggingPriority(View.defaultContentHuggingPriority, for: .horizontal)
        b.setContentHuggingPriority(LayoutPriority(300)!, for: .horizontal)
        #expect(layout.frame(of: b) == ViewFrame(x: 5, y: 0, width: 35, height: 1))
    }

    @Test func compressionResistanceDecidesWhichTextIsSqueezed() throws {
        let (root, a, b) = twoTexts()
        a.setContentHuggingPriority(.low, for: .horizontal)
        let layout = try Layout(root: root, size: TerminalSize(width: 8, height: 5))
        // Too narrow for both: equal resistance leaves it undecided; the weaker one gives.
        b.setContentCompressionResistancePriority(LayoutPriority(700)!, for: .horizontal)
        #expect(layout.frame(of: a)?.width == 5)
        #expect(layout.frame(of: b)?.width == 3)
    }

    @Test func aSpecHeaderAndAStylesheetSetThemToo() throws {
        let fixture = try Fixture([
            "app.cas": ".loose\n  hug 250 600\n.firm\n  resist-width required\n",
            "s.layout": """
                use "app.cas"
                screen root {
                  text a "hello" [hug-width=low] { left, top == 0 }
                  text b "world" .loose { left == a.right; top == 0; right == parent.right }
                }

                """,
        ])
        let layout = try Layout(spec: fixture.path("s.layout"), size: TerminalSize(width: 40, height: 5))
        // Both hug loosely (250): equal again, so ambiguous; code decides for b.
        #expect(!ambiguous(layout).isEmpty)
        layout.view("b")!.setContentHuggingPriority(.required, for: .horizontal)
        #expect(layout.frame(of: "a") == ViewFrame(x: 0, y: 0, width: 35, height: 1))
        #expect(ambiguous(layout).isEmpty)
        #expect(layout.diagnostics.isEmpty)
    }

    @Test func badPrioritiesAreReportedWithTheirPlace() throws {
        let fixture = try Fixture([
            "app.cas": "text\n  hug sometimes\n  resist 1200\n",
            "s.layout": "use \"app.cas\"\nscreen root {\n  text a \"hi\" [hug=(1 2 3) resist-width=hihg] { left, top == 0 }\n}\n",
        ])
        let layout = try Layout(spec: fixture.path("s.layout"))
        let messages = layout.diagnostics.map(\.summary).joined(separator: "\n")
        #expect(messages.contains("s.layout:3:20: error: 'hug' takes one priority, or two (width height)"))
        #expect(messages.contains("s.layout:3:41: error: 'resist-width' takes a priority, not hihg"))
        #expect(messages.contains("app.cas:2:7: warning: 'sometimes' is not a priority of 'hug'"))
        #expect(layout.diagnostics.contains { $0.hint == "did you mean 'high'?" })
        #expect(messages.contains("app.cas:3:10: error: 'resist' takes a priority, a whole number from 1 to 1000, found 1200"))
    }
}
