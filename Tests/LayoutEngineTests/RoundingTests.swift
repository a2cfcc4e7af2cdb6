import TestSupport
import Testing

@testable import LayoutEngine

/// Frames round edges, not sizes: views that touch in the solution touch in cells.
@Suite struct RoundingTests {
    @Test func thirdsShareTheirEdges() {
        let f = frames("screen root {\n  row r { edges == parent\n box a [grow=1]\n box b [grow=1]\n box c [grow=1]\n }\n}")
        #expect(f["a"] == rect(0, 0, 27, 24))
        #expect(f["b"] == rect(27, 0, 26, 24))
        #expect(f["c"] == rect(53, 0, 27, 24))
    }

    @Test func halvesRoundUp() {
        #expect(ExactFrame(left: 2.5, top: -0.5, width: 3, height: 1).rounded == rect(3, 0, 3, 1))
        #expect(ExactFrame(left: 2.4999999999, top: 0, width: 0.5000000001, height: 1).rounded == rect(3, 0, 0, 1))
        #expect(ExactFrame(left: .nan, top: .infinity, width: 1e300, height: -1e300).rounded.x == 0)
    }

    /// Rows of random children and gaps in random widths: every child starts where
    /// the previous one ends (plus the gap), and the last one ends at the row's edge.
    @Test func randomRowsNeverGapOrOverlap() {
        var random = SplitMix64(seed: 0xCA5E)
        for _ in 0..<60 {
            let count = 2 + random.below(9)
            let gap = random.below(3)
            let width = 20 + random.below(180)
            var children = ""
            for index in 0..<count {
                children += "    box c\(index) [grow=\(1 + random.below(5))]\n"
            }
            let spec = "screen root {\n  row r [gap=\(gap)] { edges == parent\n\(children)  }\n}"
            let f = frames(spec, width: width, height: 10)
            for index in 1..<count {
                #expect(f["c\(index - 1)"]!.maxX + gap == f["c\(index)"]!.x, "\(spec)")
            }
            #expect(f["c0"]!.x == 0)
            #expect(f["c\(count - 1)"]!.maxX == width)
        }
    }
}
