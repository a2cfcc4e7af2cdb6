import Testing

@testable import Stylesheet

@Suite struct SmokeTests {
    @Test func basic() {
        let s = sheet("""
            $main = #e1e1e1
            box {
              bg: $main;
              border rounded
              padding 1 2
              > text.title
                fg red
            }
            """)
        print(s.diagnostics.map { $0.rendered() }.joined(separator: "\n"))
        print(ruleSummary(s).joined(separator: "\n"))
        #expect(s.diagnostics.isEmpty)
        let st = style("box", in: s)
        #expect(st.border == .rounded)
    }
}
