import Testing

@testable import Stylesheet

/// CSS property names get the `.cas` spelling as their hint, one row of the table at a time.
@Suite struct CSSHabitTests {
    @Test(arguments: CSSHabits.hints.keys.sorted())
    func everyHabitInTheTableIsHinted(name: String) {
        let result = sheet("box { \(name) 1 }")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message == "unknown property '\(name)'")
        #expect(result.diagnostics.first?.hint == CSSHabits.hints[name])
    }

    @Test func theHintsNameTheCasProperty() {
        for (name, property) in [
            ("width", "size-width"), ("height", "size-height"), ("display", "visible false"),
            ("font-weight", "bold true"), ("fontWeight", "bold true"),
        ] {
            let hint = sheet("box { \(name): bold }").diagnostics.first?.hint ?? ""
            #expect(hint.contains(property), "\(name): \(hint)")
        }
    }

    @Test func everyHintedNameIsReallyUnknown() {
        for name in CSSHabits.hints.keys { #expect(PropertyCatalog.spec(named: name) == nil, "\(name)") }
    }

    @Test func otherUnknownNamesStillGetADidYouMean() {
        #expect(sheet("box { bordr-color red }").diagnostics.first?.hint == "did you mean 'border-color'?")
    }
}
