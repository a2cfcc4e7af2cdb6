import Cells
import Testing

@testable import Stylesheet

/// Numbers too large for a Double (a 400-digit literal, `$big * $big`) used to reach
/// `UInt8(_:)` in `hsl()` as an infinite hue and trap the whole process.
@Suite struct NonFiniteNumberTests {
    static let huge = String(repeating: "9", count: 400)
    static let large = "1" + String(repeating: "0", count: 200)  // 1e200: finite, its square is not

    @Test func aHueBeyondDoubleRangeIsAnErrorNotACrash() {
        let result = sheet("box { bg hsl(\(Self.huge), 50, 50) }")
        let errors = messages(result, .error)
        #expect(errors.count == 1 && errors[0].contains("too large"), "\(errors)")
        #expect(style("box", in: result).backgroundColor == nil)
    }

    @Test func anOverflowingProductIsAnErrorWhereItIsWritten() {
        let result = sheet("$big = \(Self.large)\nbox { bg hsl($big * $big, 50%, 50%) }")
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors.first?.message.contains("'*'") == true)
        #expect(errors.first?.location.line == 2)
    }

    @Test func everyKindOfNumericPropertyRefusesInfinity() {
        for declaration in [
            "size-width \(Self.huge)", "padding \(Self.huge)", "z-index -\(Self.huge)", "columns \(Self.huge)",
            "bg rgb(\(Self.huge), 0, 0)", "bg color(\(Self.huge))", "bg rgba(0, 0, 0, \(Self.huge))",
            "margin (\(Self.large) * \(Self.large)) 0", "size-height $big * $big / 2", "min-width 1 / (1 / $big / $big)",
        ] {
            let result = sheet("$big = \(Self.large)\n#g { \(declaration) }")
            #expect(messages(result, .error).count == 1, "\(declaration): \(messages(result))")
            let computed = style("grid", id: "g", in: result)
            #expect(computed == ComputedStyle.defaults, "\(declaration)")
        }
    }

    @Test func aMediaQueryWithAnInfiniteBoundIsAnError() {
        let result = sheet("@media (min-width: \(Self.huge)) { box { bold true } }")
        #expect(messages(result, .error).count == 1, "\(messages(result))")
    }

    @Test func hslConversionOfANonFiniteHueStaysFinite() {
        for hue in [Double.infinity, -.infinity, .nan] {
            let (r, g, b) = Evaluator.rgbFromHSL(hue: hue, saturation: 0.5, lightness: 0.5)
            #expect(r.isFinite && g.isFinite && b.isFinite)
        }
    }
}
