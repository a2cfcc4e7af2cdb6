import Cells
import Testing

@testable import Stylesheet

/// `collapse`: a boolean layout property (CSS `display: none`).
@Suite struct CollapsePropertyTests {
    @Test func collapseIsABooleanThatDefaultsToFalse() {
        let s = sheet("box { collapse true }\ntext { collapse NO }\n")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).collapse)
        #expect(!style("text", in: s).collapse)
        #expect(!ComputedStyle().collapse)
        #expect(style("box", in: s).value(of: .collapse) == .flag(true))
    }

    @Test func aWrongValueIsReported() {
        let s = sheet("box { collapse maybe }\n")
        #expect(!s.diagnostics.isEmpty)
        #expect(!style("box", in: s).collapse)
    }
}
