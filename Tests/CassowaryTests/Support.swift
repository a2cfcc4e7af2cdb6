@testable import Cassowary

func approximately(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

extension Solver {
    /// Violation of a constraint evaluated from current values (0 when it holds).
    mutating func measuredViolation(_ c: Constraint, constant: Double? = nil) -> Double {
        var sum = -(constant ?? c.constant)
        for t in c.expression.terms { sum += t.coefficient * value(of: t.variable) }
        switch c.relation {
        case .equal: return abs(sum)
        case .greaterThanOrEqual: return max(0, -sum)
        case .lessThanOrEqual: return max(0, sum)
        }
    }
}

/// `n` boxes in a row: `left[i] == left[i-1] + width[i-1] + 1`, widths ≥ 1 and
/// weakly 10, the last right edge on the edit variable `total`.
struct ChainLayout {
    let left: [Variable]
    let width: [Variable]
    let total = Variable("total")

    init(_ n: Int, into solver: inout Solver) throws {
        left = (0..<n).map { Variable("left\($0)") }
        width = (0..<n).map { Variable("width\($0)") }
        try solver.addEditVariable(total, priority: 999)
        try solver.suggestValue(total, Double(11 * n - 1))
        for i in 0..<n {
            try solver.add(width[i] >= 1)
            try solver.add((width[i] == 10).priority(.weakest))
            try solver.add(i == 0 ? left[0] == 0 : left[i] == left[i - 1] + width[i - 1] + 1)
        }
        try solver.add(left[n - 1] + width[n - 1] == total)
    }
}

extension Tuning {
    /// Shortcuts taken on rows of a few entries: long-row exchanges, mapped
    /// merges, released rows always spread into definitions, never collected;
    /// the primal simplex enters the sparsest candidate for eight pivots, then
    /// keeps to Bland's rule; required constraints re-defining a tableau
    /// variable always go through the dual simplex; every substitution walks
    /// the source's columns; every symbol the primal simplex enters becomes a
    /// hub (`Tableau+Hubs`).
    static let stressEager = Tuning(exchangeThreshold: 3, tidyLimit: 1_000, releasedBase: 1_000, mappedMergeLength: 1,
                                    cheapPivotRows: 0, sparseEnteringBase: 8, sparseEnteringPerRow: 0,
                                    dualInsertCandidates: 1_000, columnWalkTargets: 0, hubTargets: 0)
    /// Released rows never spread into definitions, released symbols collected
    /// as soon as there are more than half as many as constraints; the primal
    /// simplex keeps to Bland's rule throughout; the dual simplex inserts only
    /// into an optimal tableau; an entering symbol that another row mentions
    /// becomes a hub.
    static let stressStrict = Tuning(exchangeThreshold: 3, tidyLimit: 0, releasedBase: 0, mappedMergeLength: 2,
                                     sparseEnteringBase: 0, sparseEnteringPerRow: 0, dualInsertCandidates: 0,
                                     hubTargets: 1)
}
