import TestSupport
import Testing
@testable import Cassowary

@Suite struct IdentityMapTests {
    /// Both maps agree with a dictionary under random sets, overwrites and removals.
    @Test func mapsAgreeWithDictionary() {
        var rng = SplitMix64(seed: 42)
        var hashed = IdentityMap()
        var paged = PagedIdentityMap()
        var reference: [Int: Int32] = [:]
        for _ in 0..<20_000 {
            let key = Int.random(in: 0..<5_000, using: &rng) * (Bool.random(using: &rng) ? 1 : 37)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0, 1:
                let value = Int32.random(in: 0..<1_000_000, using: &rng)
                hashed.set(key, value)
                paged.set(key, value)
                reference[key] = value
            default:
                hashed.remove(key)
                paged.remove(key)
                reference[key] = nil
            }
            let probe = Int.random(in: 0..<5_000, using: &rng) * 37
            #expect(hashed[probe] == reference[probe])
            #expect(paged[probe] == reference[probe])
        }
        #expect(hashed.count == reference.count)
        #expect(paged.count == reference.count)
        for (key, value) in reference {
            #expect(hashed[key] == value && paged[key] == value)
        }
    }
}
