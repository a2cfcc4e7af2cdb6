import TestSupport
import Testing
@testable import Cassowary

/// `reserveCapacity(forAdding:)` sizes the records, the per-symbol arrays
/// and the rows for a batch at once; it
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
        // The per-symbol arrays and the rows are sized for the batch too.
        let symbols = reserved.tableau.symbolCount + batch.count * 5 / 2
        let t = reserved.tableau
        #expect(t.symbols.capacity >= symbols && t.flags.capacity >= symbols && t.coreColumn.capacity >= symbols
                && t.cachedValue.capacity >= symbols && t.accumulator.capacity >= symbols
                && t.positionStamp.capacity >= symbols && reserved.mentionCount.capacity >= symbols)
        #expect(t.rows.capacity >= t.rows.count + batch.count)
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
