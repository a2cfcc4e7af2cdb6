import TestSupport
import Testing
@testable import TerminalUI

private func key(_ foreground: Int32, _ background: Int32) -> ColorPairKey {
    ColorPairKey(foreground: foreground, background: background)
}

@Suite struct ColorPairAllocatorTests {
    @Test func theDefaultIsPairZeroAndFree() {
        var allocator = ColorPairAllocator(capacity: 4)
        #expect(allocator.allocate(.terminalDefault) == .reused(0))
        #expect(allocator.allocatedCount == 0)
        #expect(allocator.key(of: 0) == .terminalDefault)
    }

    @Test func allocatesOnDemandAndReuses() {
        var allocator = ColorPairAllocator(capacity: 8)
        #expect(allocator.allocate(key(1, -1)) == .assigned(1, evicting: nil))
        #expect(allocator.allocate(key(2, -1)) == .assigned(2, evicting: nil))
        #expect(allocator.allocate(key(1, -1)) == .reused(1))
        #expect(allocator.allocate(key(-1, 4)) == .assigned(3, evicting: nil))
        #expect(allocator.allocatedCount == 3)
        #expect(allocator.pair(holding: key(2, -1)) == 2)
        #expect(allocator.pair(holding: key(9, 9)) == nil)
        #expect(allocator.key(of: 3) == key(-1, 4))
        #expect(allocator.key(of: 7) == nil)
    }

    @Test func recyclesTheLeastRecentlyUsed() {
        var allocator = ColorPairAllocator(capacity: 4)  // pairs 1, 2, 3
        _ = allocator.allocate(key(1, 0))
        _ = allocator.allocate(key(2, 0))
        _ = allocator.allocate(key(3, 0))
        allocator.advanceFrame()
        // Use 1 again: 2 is now the least recently used.
        #expect(allocator.allocate(key(1, 0)) == .reused(1))
        #expect(allocator.allocate(key(4, 0)) == .assigned(2, evicting: key(2, 0)))
        #expect(allocator.pair(holding: key(2, 0)) == nil)
        #expect(allocator.allocate(key(5, 0)) == .assigned(3, evicting: key(3, 0)))
        #expect(allocator.allocatedCount == 3)
    }

    @Test func neverRecyclesAPairUsedInTheCurrentFrame() {
        var allocator = ColorPairAllocator(capacity: 3)  // pairs 1, 2
        _ = allocator.allocate(key(1, 0))
        _ = allocator.allocate(key(2, 0))
        #expect(allocator.allocate(key(3, 0)) == .exhausted)
        allocator.advanceFrame()
        _ = allocator.allocate(key(2, 0))
        #expect(allocator.allocate(key(3, 0)) == .assigned(1, evicting: key(1, 0)))
        #expect(allocator.allocate(key(4, 0)) == .exhausted)
    }

    @Test func aTerminalWithoutPairsHasOnlyTheDefault() {
        var allocator = ColorPairAllocator(capacity: 1)
        #expect(allocator.allocate(key(1, 2)) == .exhausted)
        #expect(allocator.allocate(.terminalDefault) == .reused(0))
        var none = ColorPairAllocator(capacity: 0)
        #expect(none.capacity == 1)
        #expect(none.allocate(key(1, 2)) == .exhausted)
    }

    /// Against a plain model of LRU: an array of keys, most recent first.
    @Test func matchesASimpleModelOverManyRandomUses() {
        var random = SplitMix64(seed: 0xCA5E_3E17)
        for capacity in [2, 3, 5, 17] {
            var allocator = ColorPairAllocator(capacity: capacity)
            var recency: [ColorPairKey] = []
            var lastUsedFrame: [ColorPairKey: Int] = [:]
            var frame = 0
            for step in 0..<4000 {
                if step % 7 == 0 {
                    allocator.advanceFrame()
                    frame += 1
                }
                let wanted = key(Int32(random.below(24)), Int32(random.below(3)) - 1)
                let result = allocator.allocate(wanted)
                if let index = recency.firstIndex(of: wanted) {
                    #expect(result == .reused(allocator.pair(holding: wanted)!))
                    recency.remove(at: index)
                } else if recency.count < capacity - 1 {
                    guard case .assigned(_, evicting: nil) = result else {
                        Issue.record("expected a fresh pair, got \(result)")
                        return
                    }
                } else if let oldest = recency.last, lastUsedFrame[oldest] != frame {
                    guard case .assigned(_, evicting: oldest) = result else {
                        Issue.record("expected \(oldest) recycled, got \(result)")
                        return
                    }
                    recency.removeLast()
                } else {
                    #expect(result == .exhausted)
                    continue
                }
                recency.insert(wanted, at: 0)
                lastUsedFrame[wanted] = frame
                // Every live key holds a distinct pair within range.
                let pairs = recency.map { allocator.pair(holding: $0)! }
                #expect(Set(pairs).count == pairs.count)
                #expect(pairs.allSatisfy { $0 >= 1 && Int($0) < capacity })
            }
        }
    }
}
