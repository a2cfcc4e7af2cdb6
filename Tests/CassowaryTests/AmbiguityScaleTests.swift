import Testing
import TestSupport
@testable import Cassowary

/// Issue 11, item 11: the ambiguity query on one long coupled chain. Each free
/// direction moves a long tail of the chain; listing the constraints of one
/// direction used to test every mention against every constraint listed so far,
/// and every direction against every earlier one (cubic: a 2,000-view chain took
/// 13 s through `casement check`). A 1,200-view chain was out of reach in a debug
/// build; it now takes a moment.
@Suite struct AmbiguityScaleTests {
    /// N views in one chain between two fixed edges, every width free.
    static func freeWidthChain(_ n: Int) throws -> Solver {
        var solver = Solver()
        let left = (0..<n).map { Variable("left\($0)") }, width = (0..<n).map { Variable("width\($0)") }
        try solver.add(left[0] == 0)
        for i in 0..<n {
            try solver.add(width[i] >= 0)
            if i > 0 { try solver.add(left[i] == left[i - 1] + width[i - 1]) }
        }
        try solver.add(left[n - 1] + width[n - 1] == 100)
        return solver
    }

    func aLongChainOfFreeWidthsIsAnalysedInFull() throws {
        let n = 1_200
        var solver = try Self.freeWidthChain(n)
        let order = Dictionary(uniqueKeysWithValues: solver.constraints.enumerated().map { ($1, $0) })
        let found = solver.ambiguities()
        // n widths, one equation on their sum: n − 1 free directions.
        #expect(found.count == n - 1)
        var total = 0
        for ambiguity in found {
            total += ambiguity.variables.count
            // Every constraint listed mentions a variable that moves, once, in the order added.
            let positions = ambiguity.constraints.map { order[$0]! }
            #expect(positions == positions.sorted() && Set(positions).count == positions.count)
            let moved = Set(ambiguity.variables)
            #expect(ambiguity.constraints.allSatisfy { c in c.expression.terms.contains { moved.contains($0.variable) } })
        }
        #expect(total >= n - 1)
    }

    /// The engine reads the directions one at a time (`forEachAmbiguity`) so
    /// that it never holds all of them: for a chain they add up to
    /// quadratically many entries (2,000 views: 190 MB through `check`). The
    /// stream must hand over exactly what the list holds, in the same order.
    @Test func streamingHandsOverWhatTheListHolds() throws {
        let n = 300
        var solver = try Self.freeWidthChain(n)
        var streamed: [Ambiguity] = [], largest = 0
        solver.forEachAmbiguity { ambiguity in
            largest = max(largest, ambiguity.variables.count + ambiguity.constraints.count)
            streamed.append(ambiguity)
        }
        #expect(streamed.count == n - 1)
        #expect(streamed == solver.ambiguities())
        // One direction is at most the whole chain: 2n variables, 2n + 1 constraints.
        #expect(largest <= 4 * n + 1)
    }

    /// Directions are told apart by a fingerprint of what they move; two
    /// symbols that move the same variables (ties among the same preferences)
    /// are one direction, and different ones all come through.
    @Test func aDirectionMetTwiceIsHandedOverOnce() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        // Any x in 20...30 is best: several error symbols move x alone.
        try solver.add([10.0, 20, 30, 40].map { (x == $0).priority(.low) })
        try solver.add([(y == 1).priority(.low), (y == 2).priority(.low)])
        try solver.add(z >= 0)
        var moved: [[Variable]] = []
        solver.forEachAmbiguity { moved.append($0.variables) }
        #expect(moved.count == 3)
        #expect(Set(moved.map(Set.init)) == [[x], [y], [z]])
    }

    /// Issue 26 §2.8: `undeterminedVariables()` finds in one pass what the
    /// directions move together. On random solvers (removals and edits among
    /// the adds) it must be exactly the union of `ambiguities()`' variables.
    @Test(arguments: 0..<40)
    func theUndeterminedVariablesAreWhatTheDirectionsMove(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 0xA4B1)
        let vars = (0..<10).map { Variable("v\($0)") }
        var solver = Solver()
        var added: [Constraint] = []
        for step in 0..<(10 + seed % 30) {
            let constraint = PropertyTests.randomConstraint(vars, &rng)
            if (try? solver.add(constraint)) != nil { added.append(constraint) }
            if step % 9 == 8, let victim = added.popLast() { try solver.remove(victim) }
        }
        var expected = Set<Variable>()
        for ambiguity in solver.ambiguities() { expected.formUnion(ambiguity.variables) }
        let found = solver.undeterminedVariables()
        #expect(Set(found) == expected, "seed \(seed)")
        #expect(found.count == Set(found).count)
    }

    /// A chain of N free widths: N - 1 directions, each moving the rest of the
    /// chain. Listing what they move costs N^2; the one pass costs N.
    @Test func undeterminedVariablesOfALongChainGrowLinearly() throws {
        func chain(_ n: Int) throws -> Solver {
            var solver = try Self.freeWidthChain(n)
            _ = solver.undeterminedVariables()   // settled before it is timed
            return solver
        }
        var short = try chain(300)
        let moved = short.undeterminedVariables().count
        #expect(moved == 2 * 300 - 1)   // every width, every left but the first
        let ratio = growthRatio(from: 400, prepare: { try! chain($0) }) { solver in
            var copy = solver
            _ = copy.undeterminedVariables()
        }
        #expect(ratio < 24, "8x the chain cost \(ratio)x")
    }
}

/// The long chain of `AmbiguityScaleTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowAmbiguityScaleTests {
    @Test func aLongChainOfFreeWidthsIsAnalysedInFull() throws { try AmbiguityScaleTests().aLongChainOfFreeWidthsIsAnalysedInFull() }
}
