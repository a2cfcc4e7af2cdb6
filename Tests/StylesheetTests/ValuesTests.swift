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
