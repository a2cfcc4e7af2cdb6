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

    /// A dense tableau over columns ≥ 0 with equality rows, stored row-major
    /// in one array (the tests run unoptimised, where nested arrays are slow).
    private struct Dense {
        var a: [Double]
        var b: [Double]
        var width: Int
        var basis: [Int] = []
        var isBasic: [Bool]
        var allowed: [Bool]
        let columns: Int
        let tol = 1e-9

        var rowCount: Int { b.count }

        init(rows: [[Double]], rhs: [Double], columns: Int) {
            a = rows.flatMap { $0 }
            b = rhs
            width = columns
            self.columns = columns
            isBasic = [Bool](repeating: false, count: columns)
            allowed = [Bool](repeating: true, count: columns)
        }

        /// Pivots on (r, j) and updates the reduced costs `d` the same way.
        /// (`while` loops: unoptimised builds iterate ranges slowly.)
        mutating func pivot(_ r: Int, _ j: Int, _ d: inout [Double]) {
            let w = width, m = rowCount
            b.withUnsafeMutableBufferPointer { b in
                a.withUnsafeMutableBufferPointer { a in
                    d.withUnsafeMutableBufferPointer { d in
                        guard let a = a.baseAddress, let b = b.baseAddress, let d = d.baseAddress else { return }
                        let pivotRow = a + r * w
                        let p = pivotRow[j]
                        var k = 0
                        while k < w { pivotRow[k] /= p; k += 1 }
                        b[r] /= p
                        var i = 0
                        while i < m {
                            let row = a + i * w
                            let f = row[j]
                            if i != r && f != 0 {
                                k = 0
                                while k < w { row[k] -= f * pivotRow[k]; k += 1 }
                                b[i] -= f * b[r]
                            }
                            i += 1
                        }
                        let f = d[j]
                        if f != 0 {
                            k = 0
                            while k < w { d[k] -= f * pivotRow[k]; k += 1 }
                        }
                    }
                }
            }
            isBasic[basis[r]] = false
            isBasic[j] = true
            basis[r] = j
        }

        /// Reduced costs of `c` for the current basis.
        func reducedCosts(_ c: [Double]) -> [Double] {
            var d = c
            for i in 0..<rowCount {
                let cb = c[basis[i]]
                if cb != 0 { for k in 0..<width { d[k] -= cb * a[i * width + k] } }
            }
            return d
        }

        /// Bland's rule simplex minimising `c` over allowed columns; returns
        /// the optimum and the final reduced costs.
        mutating func run(_ c: [Double]) -> (value: Double, reduced: [Double]) {
            var d = reducedCosts(c)
            while true {
                var entering = -1
                var j = 0
                while j < width {
                    if allowed[j] && !isBasic[j] && d[j] < -tol { entering = j; break }
                    j += 1
                }
                if entering < 0 { break }
                var leave = -1
                var best = Double.infinity
                var i = 0
                while i < rowCount {
                    let q = a[i * width + entering]
                    if q > tol {
                        let ratio = b[i] / q
                        if leave < 0 || ratio < best - tol || (abs(ratio - best) <= tol && basis[i] < basis[leave]) { best = ratio; leave = i }
                    }
                    i += 1
                }
                if leave < 0 { break }
                pivot(leave, entering, &d)
            }
            var value = 0.0
            for i in 0..<rowCount { value += c[basis[i]] * b[i] }
            return (value, d)
        }

        mutating func phaseOne() -> Bool {
            let m = rowCount, n = columns
            // Widen every row by m artificial columns (the identity).
            var wide = [Double](repeating: 0, count: m * (n + m))
            for i in 0..<m {
                let sign: Double = b[i] < 0 ? -1 : 1
                b[i] *= sign
                for k in 0..<n { wide[i * (n + m) + k] = sign * a[i * n + k] }
                wide[i * (n + m) + n + i] = 1
            }
            a = wide
            width = n + m
            allowed += [Bool](repeating: true, count: m)
            isBasic = [Bool](repeating: false, count: n) + [Bool](repeating: true, count: m)
            basis = (0..<m).map { n + $0 }
            var c = [Double](repeating: 0, count: n + m)
            for i in 0..<m { c[n + i] = 1 }
            if run(c).value > 1e-7 { return false }
            // Drive artificial columns out of the basis; drop redundant rows.
            var unused = [Double](repeating: 0, count: width)
            var i = 0
            while i < rowCount {
                if basis[i] >= n {
                    if let j = (0..<n).first(where: { abs(a[i * width + $0]) > 1e-9 }) {
                        pivot(i, j, &unused)
                    } else {
                        isBasic[basis[i]] = false
                        a.removeSubrange(i * width..<(i + 1) * width)
                        b.remove(at: i)
                        basis.remove(at: i)
                        continue
                    }
                }
                i += 1
            }
            var narrow = [Double](repeating: 0, count: rowCount * n)
            for r in 0..<rowCount { for k in 0..<n { narrow[r * n + k] = a[r * width + k] } }
            a = narrow
            width = n
            allowed.removeLast(m)
            isBasic.removeLast(m)
            return true
        }

        /// Minimises `c`, then fixes every column that must stay at zero for the optimum.
        mutating func minimise(_ c: [Double]) -> Double {
            let (value, d) = run(c)
            for j in 0..<columns where allowed[j] && !isBasic[j] && d[j] > 1e-7 { allowed[j] = false }
            return value
        }
    }
}
