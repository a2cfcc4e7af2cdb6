import Diagnostics
import Testing

@testable import LayoutSpec

/// CSS habits in a layout spec get a hint from `LayoutHabits`, row by row.
@Suite struct LayoutHabitTests {
    static func diagnostics(_ line: String) -> [Diagnostic] {
        compile("screen root {\n  box a {\n    \(line)\n  }\n}\n").diagnostics.filter { $0.severity == .error }
    }

    @Test(arguments: LayoutHabits.units.keys.sorted())
    func everyUnitInTheTableIsNamedWithItsHint(unit: String) {
        let errors = Self.diagnostics("width == 2\(unit)")
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors.first?.message == "'2\(unit)': a layout spec counts in terminal cells and has no units")
        #expect(errors.first?.hint == LayoutHabits.units[unit])
        #expect(errors.first?.location.column == 14)
    }

    @Test func unitsAreCaughtInParametersAndVisualFormatToo() {
        for text in [
            "screen root {\n  row r [padding=2px] {\n  }\n}\n",
            "screen root {\n  row r [gap=10%] {\n  }\n}\n",
            "screen root {\n  |-2px-[b]|\n  box b\n}\n",
            "screen root {\n  |-50%-[b]|\n  box b\n}\n",
            "screen root {\n  box b { height == 3 @ 2px }\n}\n",
        ] {
            let errors = compile(text).diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1, "\(text): \(errors.map(\.message))")
            #expect(errors.first?.message.hasSuffix("a layout spec counts in terminal cells and has no units") == true, "\(text)")
        }
    }

    @Test func aWordAfterASpaceIsNotAUnit() {
        let errors = Self.diagnostics("width == 2 px")
        #expect(errors.map(\.message) == ["unexpected 'px' after the end of the statement"])
    }

    @Test func aCSSDeclarationGetsTheRuleForm() {
        let errors = Self.diagnostics("height: 3")
        #expect(errors.map(\.message) == ["expected a relation (==, >=, <= or within), found ':'"])
        #expect(errors.first?.hint == "a rule is a constraint, not a CSS declaration: write height == …")
    }
}
