import Cells
import Testing
import Stylesheet

@Suite struct ValuesTests {
    @Test func defaultsAreTheStartingPointOfEveryCascade() {
        let style = ComputedStyle.defaults
        #expect(style.border == .none)
        #expect(style.visible)
        #expect(style.padding == .zero)
        #expect(style.backgroundColor == nil)
    }

    @Test func insetsUseClassyOrder() {
        let insets = Insets(top: 1, left: 2, bottom: 3, right: 4)
        #expect([insets.top, insets.left, insets.bottom, insets.right] == [1, 2, 3, 4])
        #expect(Insets(all: 2) == Insets(top: 2, left: 2, bottom: 2, right: 2))
    }
}

@Suite struct ColumnsPropertyTests {
    func style(_ text: String) -> (ComputedStyle, [String]) {
        let sheet = Stylesheet.parse(text, path: "c.cas")
        let result = sheet.cascade([StyledView(kind: "grid", id: "g", classes: [], states: [], parent: nil)], width: 80, height: 24)
        return (result.styles[0], sheet.diagnostics.map(\.message))
    }

    @Test func columnsIsAWholeNumberAGridReads() {
        let (two, none) = style("#g { columns 2 }")
        #expect(none.isEmpty)
        #expect(two.columns == 2)
        #expect(two.layoutValue(named: "$columns") == .success(.number(2)))
        #expect(ComputedStyle.defaults.layoutValue(named: "columns") == .success(.unset))
        #expect(style("#g { columns 2; columns none }").0.columns == nil)
    }

    @Test func columnsRefusesFractionsAndZero() {
        for bad in ["0", "1.5", "-2"] {
            let (computed, messages) = style("#g { columns \(bad) }")
            #expect(computed.columns == nil)
            #expect(messages.count == 1 && messages[0].contains("whole number of at least 1"), "\(messages)")
        }
    }

    @Test func mediaSwitchesColumns() {
        let sheet = Stylesheet.parse("#g { columns 1 }\n@media (min-width: 100) { #g { columns 2 } }", path: "m.cas")
        let view = [StyledView(kind: "grid", id: "g", classes: [], states: [], parent: nil)]
        #expect(sheet.cascade(view, width: 99, height: 30).styles[0].columns == 1)
        #expect(sheet.cascade(view, width: 100, height: 30).styles[0].columns == 2)
    }
}
