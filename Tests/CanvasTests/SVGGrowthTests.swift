import TestSupport
import Testing

@testable import Canvas

/// Found by the `dsl` fuzz target (an SVG render of a 5000×1 layout took 2 s in a
/// debug build): trimming a row's leading spaces one `removeFirst` at a time, and
/// looking back over the trailing ones for every cell, made a row's text quadratic
/// in its width. The work must grow with the width, not its square.
@Suite struct SVGGrowthTests {
    /// A row of `width` cells: spaces, a letter in the middle, spaces.
    static func row(_ width: Int) -> Grid {
        var grid = Grid(width: width, height: 1)
        grid[width / 2, 0] = Cell("x")
        return grid
    }

    @Test func aWideRowOfSpacesRendersInLinearTime() {
        let svg = SVGRenderer().render(Self.row(4_001))
        #expect(svg.components(separatedBy: "<text").count == 2)   // one text element, for the x alone
        #expect(svg.contains("textLength=\"\(SVGRenderer().cellWidth)\""))
        // 8 times the cells: about 8 times the work when linear, 64 when quadratic.
        let ratio = growthRatio(from: 2_000, prepare: Self.row) { _ = SVGRenderer().render($0) }
        #expect(ratio < 24, "8× the cells took \(ratio)× the time")
    }
}
