import Testing

@testable import Canvas

/// Found by the `dsl` fuzz target (an SVG render of a 5000×1 layout took 2 s in a
/// debug build): trimming a row's leading spaces one `removeFirst` at a time, and
/// looking back over the trailing ones for every cell, made a row's text quadratic
/// in its width. The time must grow with the width, not its square.
@Suite struct SlowSVGGrowthTests {
    /// A row of `width` cells: spaces, a letter in the middle, spaces.
    static func row(_ width: Int) -> Grid {
        var grid = Grid(width: width, height: 1)
        grid[width / 2, 0] = Cell("x")
        return grid
    }

    /// The fastest of a few renders, in seconds.
    static func fastest(_ grid: Grid) -> Double {
        (0..<5).map { _ in
            let start = ContinuousClock.now
            _ = SVGRenderer().render(grid)
            let took = (ContinuousClock.now - start).components
            return Double(took.seconds) + Double(took.attoseconds) * 1e-18
        }.min()!
    }

    @Test func aWideRowOfSpacesRendersInLinearTime() {
        let svg = SVGRenderer().render(Self.row(4_001))
        #expect(svg.components(separatedBy: "<text").count == 2)   // one text element, for the x alone
        #expect(svg.contains("textLength=\"\(SVGRenderer().cellWidth)\""))
        let small = Self.fastest(Self.row(2_000)), large = Self.fastest(Self.row(16_000))
        // 8 times the cells: about 8 times the time when linear, 64 when quadratic.
        #expect(large / small < 24, "2,000 cells: \(small) s, 16,000 cells: \(large) s")
    }
}
