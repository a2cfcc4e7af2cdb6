import TestSupport
import Testing
@testable import Cassowary

/// Removing constraints by releasing their markers, dropping what is left
/// behind, and exchanging long rows in pivots (`Tableau+Release`,
/// `Tableau+Exchange`).
@Suite struct ReleaseTests {
    /// Shape of the tableau, without the counters that only grow.
    static func shape(_ solver: Solver) -> [Int] {
        let s = solver.statistics
        return [s.constraints, s.symbols, s.coreRows, s.definitions, s.cells, s.priorityLevels, s.released]
    }

    static func values(_ solver: inout Solver, _ chain: ChainLayout) -> [Double] {
        (chain.left + chain.width).map { solver.value(of: $0) }
    }

    /// The churn of casement-bench: every constraint of a view removed, then
    /// added back. Nothing long is rewritten, nothing is left behind (the
    /// view's width may end up defined by its preference rather than its
    /// minimum: one more cell, once), and every value comes back.
    @Test(arguments: [0, 7, 13])
    func removingAndAddingBackRestoresTheTableau(view: Int) throws {
        var solver = Solver()
        let chain = try ChainLayout(30, into: &solver)
        try solver.suggestValue(chain.total, 11 * 30 + 40)
        let before = Self.values(&solver, chain)
        let shapeBefore = Self.shape(solver)
        let own = Self.ownConstraints(solver, chain, view)
        #expect(own.count == 3)
        var shapes: [[Int]] = []
        for _ in 0..<3 {
            let merged = solver.statistics.mergedEntries
            for c in own { try solver.remove(c) }
            #expect(solver.statistics.released > 0)
            for c in own { try solver.add(c) }
            // Only short rows were touched, whatever the length of the chain.
            #expect(solver.statistics.mergedEntries - merged < 40)
            let after = Self.values(&solver, chain)
            for (a, b) in zip(before, after) { #expect(approximately(a, b, 1e-12)) }
            #expect(solver.invariantViolations() == [])
            shapes.append(Self.shape(solver))
        }
        var grown = shapeBefore
        grown[4] += 1
        #expect(shapes[0] == shapeBefore || shapes[0] == grown)
        #expect(shapes[1] == shapes[0] && shapes[2] == shapes[0])
    }

    /// The view that absorbs the resize holds the long rows; churning it costs
    /// more but leaves a correct layout, and at most one released symbol.
    @Test func churningTheAbsorbingView() throws {
        var solver = Solver()
        let chain = try ChainLayout(30, into: &solver)
        try solver.suggestValue(chain.total, 11 * 30 + 40)
        let before = Self.values(&solver, chain)
        let own = Self.ownConstraints(solver, chain, 29)
        #expect(own.count == 3)
        for _ in 0..<3 {
            for c in own { try solver.remove(c) }
            for c in own { try solver.add(c) }
            let after = Self.values(&solver, chain)
            for (a, b) in zip(before, after) { #expect(approximately(a, b, 1e-12)) }
            #expect(solver.statistics.released <= 1)
            #expect(solver.invariantViolations() == [])
        }
    }

    /// A view's own constraints: its minimum, its preference, its place in the chain.
    static func ownConstraints(_ solver: Solver, _ chain: ChainLayout, _ view: Int) -> [Constraint] {
        solver.constraints.filter { c in
            c.expression.terms.contains { $0.variable == chain.width[view] || $0.variable == chain.left[view] }
                && !c.expression.terms.contains { view + 1 < chain.left.count && $0.variable == chain.left[view + 1] }
                && !c.expression.terms.contains { $0.variable == chain.total }
        }
    }

    /// Between the removal and the re-add the solver answers for the smaller
    /// system: the removed view is free to absorb the resize.
    @Test func releasedConstraintsNoLongerBind() throws {
        var solver = Solver()
        let chain = try ChainLayout(10, into: &solver)
        try solver.suggestValue(chain.total, 11 * 10 - 1 + 20)
        #expect(solver.value(of: chain.width[9]) == 30)
        let preference = try #require(solver.constraints.first {
            $0.priority == .weakest && $0.expression.terms.first?.variable == chain.width[4]
        })
        try solver.remove(preference)
        #expect(solver.value(of: chain.width[4]) == 30)
        #expect(solver.value(of: chain.width[9]) == 10)
        try solver.add(preference)
        // Binding again: one box absorbs the 20 (which one is a tie).
        let widths = chain.width.map { solver.value(of: $0) }
        #expect(widths.filter { $0 == 10 }.count == 9 && widths.contains(30))
        #expect(solver.invariantViolations() == [])
    }

    /// Constraints removed for good leave released symbols behind; there are
    /// never many more of them than the budget, and they all go with the last
    /// constraint.
    @Test func releasedSymbolsStayWithinBudget() throws {
        var solver = Solver()
        let chain = try ChainLayout(40, into: &solver)
        var held = solver.constraints
        var rng = SplitMix64(seed: 5)
        held.shuffle(using: &rng)
        for c in held.prefix(100) {
            try solver.remove(c)
            let count = solver.statistics.constraints
            #expect(solver.statistics.released <= solver.tableau.releasedBudget(constraints: count) + 2)
            #expect(solver.invariantViolations() == [])
            for c in solver.constraints where c.isRequired { #expect(solver.measuredViolation(c) <= 1e-9) }
        }
        for c in held.dropFirst(100) { try solver.remove(c) }
        try solver.removeEditVariable(chain.total)
        #expect(solver.statistics.released == 0)
        #expect(solver.isEmpty)
    }

    /// A query sees free directions the way the classic removal leaves them.
    @Test func ambiguityAfterARemoval() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let pin = left == 5
        try solver.add(pin)
        try solver.add(width == 10)
        let tie = right == left + width
        try solver.add(tie)
        #expect(solver.ambiguities().isEmpty)
        try solver.remove(pin)
        let found = solver.ambiguities()
        #expect(solver.statistics.released == 0)
        #expect(found.count == 1)
        #expect(Set(found.first?.variables ?? []) == [left, right])
        #expect(solver.value(of: right) - solver.value(of: left) == 10)
    }

    /// Reading values after a removal sees what Cassowary's removal leaves:
    /// here the one vertex of what remains, which a fresh solve finds too,
    /// even when an edit optimised in between; and a query after the read
    /// moves nothing.
    @Test(arguments: [false, true])
    func readsSeeWhatTheClassicRemovalLeaves(editInBetween: Bool) throws {
        var solver = Solver()
        let width = Variable("width"), other = Variable("other")
        try solver.add(width <= 20)
        let pin = width == 10
        try solver.add(pin)
        try solver.add(other >= 0)
        try solver.addEditVariable(other, priority: .high)
        #expect(solver.value(of: width) == 10)
        try solver.remove(pin)
        #expect(solver.statistics.released > 0)
        if editInBetween { try solver.suggestValue(other, 5) }
        #expect(solver.value(of: width) == 20)
        #expect(solver.statistics.released == 0)
        var fresh = Solver()
        try fresh.add(width <= 20)
        #expect(fresh.value(of: width) == 20)
        _ = solver.takeChangedVariables()
        _ = solver.ambiguities()
        #expect(solver.takeChangedVariables().isEmpty)
        #expect(solver.invariantViolations() == [])
    }

    /// A rejected add next to released symbols leaves no trace.
    @Test func rejectedAddAfterARemovalChangesNothing() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let low = x >= 2
        try solver.add([low, y == x + 1, y <= 10])
        try solver.remove(low)
        try solver.add(x >= 4)
        let before = [solver.value(of: x), solver.value(of: y)]
        let shape = Self.shape(solver)
        let impossible = x >= 20
        #expect(throws: SolverError.self) { try solver.add(impossible) }
        #expect([solver.value(of: x), solver.value(of: y)] == before)
        #expect(Self.shape(solver) == shape)
        #expect(solver.invariantViolations() == [])
        try solver.add(low)
        #expect(solver.value(of: y) == solver.value(of: x) + 1)
    }

    /// Re-adding a removed constraint with another constant moves the
    /// released symbol only when every row stays feasible.
    @Test func addingBackWithAnotherConstant() throws {
        var solver = Solver()
        let chain = try ChainLayout(12, into: &solver)
        let gap = try #require(solver.constraints.first { $0.expression.terms.first?.variable == chain.left[6] })
        try solver.remove(gap)
        let wider = Constraint(gap.expression - 3, .equal)
        try solver.add(wider)
        #expect(solver.value(of: chain.left[6]) == solver.value(of: chain.left[5]) + solver.value(of: chain.width[5]) + 4)
        #expect(approximately(solver.value(of: chain.left[11]) + solver.value(of: chain.width[11]), 11 * 12 - 1))
        #expect(solver.invariantViolations() == [])
    }

    /// The exchange of long rows gives the same layouts as merging entry by
    /// entry, on a chain and inside nested containers.
    @Test(arguments: [false, true])
    func exchangesMatchPlainMerges(nested: Bool) throws {
        var plain = Solver(), exchanging = Solver()
        exchanging.tableau.tuning.exchangeThreshold = 8
        let n = 60
        let a = try NestedLayout(n, nested: nested, into: &plain)
        let b = try NestedLayout(n, nested: nested, into: &exchanging)
        for k in 0..<160 {
            let t = (7 * k) % 400
            let r = Double(11 * n - 101 + (t <= 200 ? t : 400 - t))
            try plain.suggestValue(a.total, r)
            try exchanging.suggestValue(b.total, r)
            for (u, v) in zip(a.variables, b.variables) {
                #expect(approximately(plain.value(of: u), exchanging.value(of: v), 1e-9))
            }
            #expect(approximately(exchanging.value(of: b.lastRight.0) + exchanging.value(of: b.lastRight.1), r))
        }
        #expect(exchanging.statistics.exchanges > 10)
        #expect(plain.statistics.exchanges == 0)
        #expect(exchanging.invariantViolations() == [])
    }
}

/// Boxes `left`/`width` chained in a row, optionally as 6 rows nested in a
/// container each; widths ≥ 1 and weakly 10; the outer right edge on `total`.
struct NestedLayout {
    var variables: [Variable] = []
    let total = Variable("total")
    var lastRight: (Variable, Variable)

    init(_ n: Int, nested: Bool, into solver: inout Solver) throws {
        try solver.addEditVariable(total, priority: 999)
        try solver.suggestValue(total, Double(11 * n - 1))
        let groups = nested ? 6 : 1
        let rootLeft = Variable("root.left")
        variables.append(rootLeft)
        try solver.add(rootLeft == 0)
        var previous: (Variable, Variable)? = nil
        var last = (rootLeft, rootLeft)
        for g in 0..<groups {
            let box = (Variable("c\(g).left"), Variable("c\(g).width"))
            if nested {
                variables += [box.0, box.1]
                try solver.add(box.1 >= 1)
                try solver.add(previous.map { box.0 == $0.0 + $0.1 + 1 } ?? (box.0 == rootLeft))
            }
            var inner: (Variable, Variable)? = nil
            for i in 0..<(n / groups) {
                let child = (Variable("c\(g).\(i).left"), Variable("c\(g).\(i).width"))
                variables += [child.0, child.1]
                try solver.add(child.1 >= 1)
                try solver.add((child.1 == 10).priority(.weakest))
                let start = nested ? box.0 : rootLeft
                try solver.add(inner.map { child.0 == $0.0 + $0.1 + 1 } ?? (child.0 == start))
                inner = child
            }
            if nested { try solver.add(inner!.0 + inner!.1 == box.0 + box.1) }
            previous = nested ? box : inner
            last = inner!
        }
        let outer = previous!
        try solver.add(outer.0 + outer.1 == total)
        lastRight = last
    }
}
