import Diagnostics
import TestSupport
import Testing

@testable import LayoutSpec

/// Lowering asks for locations out of order along a line. Counting back from the
/// line's start for each earlier offset made a one-line spec of N views cost N²
/// (16,000 views: 2.3 s ASCII, 15 s with combining marks; now 0.35 s).
@Suite struct LocationCacheTests {
    @Test func offsetsInAnyOrderAlongALineAreLocatedAsFromTheStart() {
        var random = SplitMix64(seed: 26)
        let line = (0..<40).map { "text t\($0) \"é\u{301}\" { left == 0 }" }.joined(separator: " ")
        let source = SourceText(path: "a.layout", text: "screen root {\n" + line + "\n}")
        var cache = LocationCache(source: source)
        for _ in 0..<400 {
            let offset = random.below(source.utf8.count + 1)
            #expect(cache.location(offset) == source.location(atOffset: offset), "at \(offset)")
        }
    }
}

@Suite struct SlowLocationCacheTests {
    @Test func goingBackAndForthAlongOneLongLineIsLinear() {
        let ratio = growthRatio(from: 2_000, prepare: { count -> SourceText in
            SourceText(path: "a.layout", text: (0..<count).map { "text t\($0) \"é\u{301}\" { left == 0 }" }.joined(separator: " "))
        }, measure: { source in
            var cache = LocationCache(source: source)
            var offset = 0
            // Forward one view, back half of one, as lowering's requests go.
            while offset < source.utf8.count {
                _ = cache.location(offset + 30)
                _ = cache.location(offset + 10)
                offset += 34
            }
        })
        #expect(ratio < 16, "8N costs \(ratio)× N")
    }
}
