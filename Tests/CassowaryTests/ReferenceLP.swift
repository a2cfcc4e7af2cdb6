@testable import Cassowary

/// An independent, dense, from-scratch solver for small systems: standard-form
/// simplex with Bland's rule, priorities optimised one level at a time (after
/// a level, columns with positive reduced cost are fixed at zero, which keeps
/// exactly the optimal face). Used only to check `Solver`'s answers.
struct ReferenceLP {
    struct Item {
        var constraint: Constraint
        var constant: Double
    }

    /// nil when the required items cannot all hold; otherwise the minimum total
    /// violation at each priority level present, highest first.
    static func solve(_ items: [Item]) -> [(priority: Int, total: Double)]? {
        var variables: [Variable] = []
        for item in items {
            for t in item.constraint.expression.terms where !variables.contains(t.variable) { variables.append(t.variable) }
        }
        let n = variables.count
        // Columns: x = p - q for every variable, then each item's slack/error columns.
        var extras: [[(coefficient: Double, priority: Int?)]] = []
        for item in items {
            let p = item.constraint.priority
            switch (item.constraint.relation, p.isRequired) {
            case (.equal, true): extras.append([])
            case (.equal, false): extras.append([(-1, p.value), (1, p.value)])
            case (.greaterThanOrEqual, true): extras.append([(-1, nil)])
            case (.lessThanOrEqual, true): extras.append([(1, nil)])
            case (.greaterThanOrEqual, false): extras.append([(-1, nil), (1, p.value)])
            case (.lessThanOrEqual, false): extras.append([(1, nil), (-1, p.value)])
            }
        }
        let columnCount = 2 * n + extras.reduce(0) { $0 + $1.count }
        var rows: [[Double]] = []
        var rhs: [Double] = []
        var costs: [Int: [Int]] = [:]
        var next = 2 * n
        for (item, extra) in zip(items, extras) {
            var row = [Double](repeating: 0, count: columnCount)
            for t in item.constraint.expression.terms {
                let j = variables.firstIndex(of: t.variable)!
                row[2 * j] += t.coefficient
                row[2 * j + 1] -= t.coefficient
            }
            for (c, priority) in extra {
                row[next] = c
                if let priority { costs[priority, default: []].append(next) }
                next += 1
            }
            rows.append(row)
            rhs.append(item.constant)
        }
        var lp = Dense(rows: rows, rhs: rhs, columns: columnCount)
        guard lp.phaseOne() else { return nil }
        var result: [(Int, Double)] = []
        for priority in costs.keys.sorted(by: >) {
            var c = [Double](repeating: 0, count: columnCount)
            for j in costs[priority]! { c[j] = 1 }
            result.append((priority, lp.minimise(c)))
        }
        return result
    }

    /// A dense tableau over columns ≥ 0 with equality rows.
    private struct Dense {
        var a: [[Double]]
        var b: [Double]
        var basis: [Int]
        var allowed: [Bool]
        let columns: Int
        let tol = 1e-9

        init(rows: [[Double]], rhs: [Double], columns: Int) {
            a = rows
            b = rhs
            self.columns = columns
            basis = []
            allowed = [Bool](repeating: true, count: columns)
        }

        mutating func pivot(_ r: Int, _ j: Int) {
            let p = a[r][j]
            for k in a[r].indices { a[r][k] /= p }
            b[r] /= p
            for i in a.indices where i != r {
                let f = a[i][j]
                if f != 0 {
                    for k in a[i].indices { a[i][k] -= f * a[r][k] }
                    b[i] -= f * b[r]
                }
            }
            basis[r] = j
        }

        /// Bland's rule simplex minimising `c` over allowed columns; returns the optimum.
        mutating func run(_ c: [Double]) -> Double {
            while true {
                var entering = -1
                for j in 0..<(a.first?.count ?? 0) where allowed[j] && !basis.contains(j) {
                    var d = c[j]
                    for i in a.indices { d -= c[basis[i]] * a[i][j] }
                    if d < -tol { entering = j; break }
                }
                if entering < 0 { break }
                var leave = -1
                var best = Double.infinity
                for i in a.indices where a[i][entering] > tol {
                    let ratio = b[i] / a[i][entering]
                    if leave < 0 || ratio < best - tol || (abs(ratio - best) <= tol && basis[i] < basis[leave]) { best = ratio; leave = i }
                }
                if leave < 0 { break }
                pivot(leave, entering)
            }
            var value = 0.0
            for i in a.indices { value += c[basis[i]] * b[i] }
            return value
        }

        mutating func phaseOne() -> Bool {
            let m = a.count
            for i in 0..<m where b[i] < 0 {
                a[i] = a[i].map { -$0 }
                b[i] = -b[i]
            }
            for i in 0..<m {
                a[i] += (0..<m).map { $0 == i ? 1.0 : 0.0 }
            }
            allowed += [Bool](repeating: true, count: m)
            basis = (0..<m).map { columns + $0 }
            var c = [Double](repeating: 0, count: columns + m)
            for i in 0..<m { c[columns + i] = 1 }
            let infeasibility = run(c)
            if infeasibility > 1e-7 { return false }
            // Drive artificial columns out of the basis; drop redundant rows.
            var i = 0
            while i < a.count {
                if basis[i] >= columns {
                    if let j = (0..<columns).first(where: { abs(a[i][$0]) > 1e-9 }) {
                        pivot(i, j)
                    } else {
                        a.remove(at: i); b.remove(at: i); basis.remove(at: i)
                        continue
                    }
                }
                i += 1
            }
            for r in a.indices { a[r].removeLast(m) }
            allowed.removeLast(m)
            return true
        }

        /// Minimises `c`, then fixes every column that must stay at zero for the optimum.
        mutating func minimise(_ c: [Double]) -> Double {
            let value = run(c)
            for j in 0..<columns where allowed[j] && !basis.contains(j) {
                var d = c[j]
                for i in a.indices { d -= c[basis[i]] * a[i][j] }
                if d > 1e-7 { allowed[j] = false }
            }
            return value
        }
    }
}
