import TestSupport
import Testing
@testable import Cassowary

/// `reserveCapacity(forAdding:)` sizes the records for a batch at once; it
/// must change nothing the solver answers, and the batch must then fit
/// without the records being reallocated.
@Suite struct ReserveCapacityTests {
    @Test(arguments: 0..<20)
    func aReservedBatchSolvesAsAnUnreservedOne(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 4_400)
        let vars = (0..<Int.random(in: 2...6, using: &rng)).map { Variable("x\($0)") }
        var plain = Solver(), reserved = Solver()
        // Some constraints first, a few removed, so that free records are reused.
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let c = PropertyTests.randomConstraint(vars, &rng)
            if (try? plain.add(c)) != nil { try reserved.add(c) }
        }
        for c in plain.constraints.prefix(Int.random(in: 0...3, using: &rng)) {
            try plain.remove(c)
            try reserved.remove(c)
        }
        let batch = (0..<Int.random(in: 1...80, using: &rng)).map { _ in PropertyTests.randomConstraint(vars, &rng) }
        reserved.reserveCapacity(forAdding: batch.count)
        let capacity = reserved.records.capacity
        #expect(capacity >= reserved.records.count + max(0, batch.count - reserved.freeRecords.count))
        for c in batch {
            let added = (try? plain.add(c)) != nil
            #expect(((try? reserved.add(c)) != nil) == added)
        }
        #expect(reserved.records.capacity == capacity)
        #expect(reserved.constraints == plain.constraints)
        for v in vars { #expect(reserved.value(of: v) == plain.value(of: v)) }
        #expect(reserved.invariantViolations() == [])
    }
}
