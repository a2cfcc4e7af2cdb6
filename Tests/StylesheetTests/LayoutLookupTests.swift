import Cells
import Testing

@testable import Stylesheet

@Suite struct LayoutLookupTests {
    private let style: ComputedStyle = {
        let s = sheet("box { size 30 8; margin 1 2 3 4; padding 1; max-width 50 }")
        return Stylesheet.Testing.style(of: "box", in: s)
    }()

    @Test func readsByKebabOrCamelNameWithOrWithoutDollar() throws {
        #expect(try style.layoutValue(named: "$size").get() == .tuple([30, 8]))
        #expect(try style.layoutValue(named: "size-width").get() == .number(30))
        #expect(try style.layoutValue(named: "sizeHeight").get() == .number(8))
        #expect(try style.layoutValue(named: "$margin").get() == .tuple([1, 2, 3, 4]))
        #expect(try style.layoutValue(named: "$margin-top").get() == .number(1))
        #expect(try style.layoutValue(named: "marginLeft").get() == .number(2))
        #expect(try style.layoutValue(named: "margin_bottom").get() == .number(3))
        #expect(try style.layoutValue(named: "$padding").get() == .tuple([1, 1, 1, 1]))
        #expect(try style.layoutValue(named: "maxWidth").get() == .number(50))
        #expect(try style.layoutValue(named: "$min-width").get() == .unset)
        #expect(try style.layoutValue(named: "$z-index").get() == .number(0))
    }

    @Test func unsetSizes() throws {
        #expect(try ComputedStyle.defaults.layoutValue(named: "$size").get() == .unset)
        #expect(try ComputedStyle.defaults.layoutValue(named: "$size-width").get() == .unset)
        #expect(try ComputedStyle.defaults.layoutValue(named: "$margin").get() == .tuple([0, 0, 0, 0]))
    }

    @Test func unknownNamesSuggestTheNearest() {
        guard case .failure(let error) = style.layoutValue(named: "$marign-top") else {
            Issue.record("expected an error")
            return
        }
        #expect(error.suggestion == "margin-top")
        #expect(error.description == "unknown style value '$marign-top'; did you mean '$margin-top'?")
        #expect(ComputedStyle.layoutPropertyName("$sizeWidth") == .success("size-width"))
    }
}

extension Stylesheet {
    enum Testing {
        static func style(of kind: String, in sheet: Stylesheet) -> ComputedStyle {
            sheet.cascade([StyledView(kind: kind)], width: 80, height: 24).styles[0]
        }
    }
}
