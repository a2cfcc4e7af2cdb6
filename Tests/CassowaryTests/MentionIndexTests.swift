import TestSupport
import Testing
@testable import Cassowary

/// The ambiguity query's index of which records mention each symbol, made by
/// counting and placing in two walks, against a plain list per symbol.
@Suite struct MentionIndexTests {
    @Test(arguments: 0..<6)
    func theIndexListsEveryRecordThatMentionsASymbol(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        let vars = (0..<12).map { Variable("v\($0)") }
        var solver = Solver()
        var added: [Constraint] = []
        for step in 0..<60 {
            let constraint = PropertyTests.randomConstraint(vars, &rng)
            if (try? solver.add(constraint)) != nil { added.append(constraint) }
            // Some removals leave free record slots in the middle.
            if step % 7 == 6, let victim = added.popLast() { try solver.remove(victim) }
        }
        let index = solver.mentionIndex()
        var expected = [[Int32]](repeating: [], count: solver.tableau.symbolCount)
        for slot in solver.records.indices {
            guard let terms = solver.records[slot]?.constraint.expression.terms else { continue }
            for term in terms {
                if let s = solver.variableSymbol[term.variable.id] { expected[Int(s)].append(Int32(slot)) }
            }
        }
        #expect(index.start.count == solver.tableau.symbolCount + 1)
        #expect(index.start.first == 0)
        for s in expected.indices {
            let listed = index.slots[Int(index.start[s])..<Int(index.start[s + 1])]
            #expect(listed.sorted() == expected[s].sorted(), "symbol \(s)")
        }
        #expect(expected.contains { $0.count > 1 })
    }
}
