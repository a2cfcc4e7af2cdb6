import ArgumentParser
import Cassowary

/// `casement-bench solver`: the chain and tree layout workloads of issue 2,
/// with the same phases kiwi was measured on, and the scaling workloads of
/// issue 11 (`levels`, `ambiguous-chain`; see `SolverScalingBench.swift`).
struct SolverBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver",
        abstract: "Cassowary solver workloads (chain, tree: build, edit, edit-nu, churn; levels: build; ambiguous-chain: build, ambiguities).")

    enum Workload: String, ExpressibleByArgument, CaseIterable {
        case chain, tree, levels
        case ambiguousChain = "ambiguous-chain"
    }

    @Option(help: "chain, tree, levels or ambiguous-chain (default: all).")
    var workload: Workload?

    @Option(help: "Comma-separated view counts; tree sizes must be powers of 10.")
    var sizes: String = "100,1000"

    @Option(help: "Runs per figure for N ≤ 1000 (3 at most above).")
    var runs: Int = 5

    @Flag(help: "Print the solver's internal sizes after each phase (to standard error).")
    var verbose = false

    @Flag(help: "Skip the churn phase (for profiling the others).")
    var skipChurn = false

    mutating func validate() throws {
        guard let list = parseSizes(sizes) else { throw ValidationError("--sizes must list positive integers") }
        if workload == nil || workload == .tree {
            for n in list where !isPowerOfTen(n) || n < 10 {
                throw ValidationError("tree sizes must be powers of 10 (got \(n))")
            }
        }
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
    }

    mutating func run() throws {
        let workloads = workload.map { [$0] } ?? Workload.allCases
        for w in workloads {
            for n in parseSizes(sizes)! {
                let runs = n <= 1000 ? runs : min(runs, 3)
                switch w {
                case .levels: try measureLevels(n: n, runs: runs)
                case .ambiguousChain: try measureAmbiguousChain(n: n, runs: runs)
                case .chain, .tree: try measure(w, n: n, runs: runs)
                }
            }
        }
    }

    private func measure(_ workload: Workload, n: Int, runs: Int) throws {
        var build: [Double] = [], edit: [Double] = [], editNU: [Double] = [], churn: [Double] = []
        for _ in 0..<runs {
            let layout = workload == .chain ? LayoutWorkload.chain(n) : LayoutWorkload.tree(n)
            var solver = Solver()
            let target = Double(11 * n - 1)
            build.append(try measureSeconds { try layout.build(into: &solver, r: target) } * 1e3)
            if verbose { printError("build: \(solver.statistics)") }
            try layout.check(&solver, r: target, phase: "build")

            let values = (0..<1000).map { layout.editValue($0) }
            edit.append(try measureSeconds {
                for v in values {
                    try solver.suggestValue(layout.r, v)
                    layout.readAll(&solver)
                }
            } * 1e6 / 1000)
            if verbose { printError("edit: \(solver.statistics)") }
            try layout.check(&solver, r: values.last!, phase: "edit")

            editNU.append(try measureSeconds {
                for v in values { try solver.suggestValue(layout.r, v) }
                layout.readAll(&solver)
            } * 1e6 / 1000)
            if verbose { printError("edit-nu: \(solver.statistics)") }
            try layout.check(&solver, r: values.last!, phase: "edit-nu")

            if skipChurn { continue }
            churn.append(try measureSeconds {
                for group in layout.churnGroups {
                    for c in group { try solver.remove(c) }
                    for c in group { try solver.add(c) }
                }
                layout.readAll(&solver)
            } * 1e3)
            if verbose { printError("churn: \(solver.statistics)") }
            try layout.check(&solver, r: values.last!, phase: "churn")
        }
        let name = workload.rawValue
        print(benchLine(group: "solver", workload: name, n: n, phase: "build", unit: "ms", samples: build))
        print(benchLine(group: "solver", workload: name, n: n, phase: "edit", unit: "µs", samples: edit))
        print(benchLine(group: "solver", workload: name, n: n, phase: "edit-nu", unit: "µs", samples: editNU))
        if !churn.isEmpty {
            print(benchLine(group: "solver", workload: name, n: n, phase: "churn", unit: "ms", samples: churn))
        }
    }
}

private func isPowerOfTen(_ n: Int) -> Bool {
    var m = n
    while m > 1 && m % 10 == 0 { m /= 10 }
    return m == 1
}

/// Views with `left` and `width`, the constraints that lay them out, and the
/// edit variable `r` (the total width).
struct LayoutWorkload {
    var left: [Variable] = []
    var width: [Variable] = []
    /// Constraints in the order they are added.
    var constraints: [Constraint] = []
    /// The constraints of each leaf whose index % 10 == 5.
    var churnGroups: [[Constraint]] = []
    /// Index of the view whose right edge must equal `r`.
    var lastLeaf = 0
    let r = Variable("R")
    let n: Int

    /// `left[i] == left[i-1] + width[i-1] + 1`, widths ≥ 1 and weakly 10,
    /// `left[0] == 0`, the last right edge == R.
    static func chain(_ n: Int) -> LayoutWorkload {
        var w = LayoutWorkload(n: n)
        for i in 0..<n {
            w.addView()
            var own = w.sizeConstraints(i)
            own.append(i == 0 ? w.left[0] == 0 : w.left[i] == w.left[i - 1] + w.width[i - 1] + 1)
            w.constraints += own
            if i % 10 == 5 { w.churnGroups.append(own) }
        }
        w.constraints.append(w.left[n - 1] + w.width[n - 1] == w.r)
        w.lastLeaf = n - 1
        return w
    }

    /// N leaves as a complete 10-ary tree; siblings chained as in `chain`, the
    /// first child's left and the last child's right on the container's edges.
    static func tree(_ n: Int) -> LayoutWorkload {
        var w = LayoutWorkload(n: n)
        let root = w.addView()
        w.constraints += [w.left[root] == 0, w.width[root] == w.r]
        var leafIndex = 0
        w.fill(root, leaves: n, leafIndex: &leafIndex)
        return w
    }

    private mutating func fill(_ container: Int, leaves: Int, leafIndex: inout Int) {
        let children = (0..<10).map { _ in addView() }
        for (k, child) in children.enumerated() {
            var own = sizeConstraints(child)
            own.append(k == 0 ? left[child] == left[container]
                : left[child] == left[children[k - 1]] + width[children[k - 1]] + 1)
            constraints += own
            if leaves == 10 {
                if leafIndex % 10 == 5 { churnGroups.append(own) }
                lastLeaf = child
                leafIndex += 1
            }
        }
        constraints.append(left[children[9]] + width[children[9]] == left[container] + width[container])
        if leaves > 10 {
            for child in children { fill(child, leaves: leaves / 10, leafIndex: &leafIndex) }
        }
    }

    private init(n: Int) { self.n = n }

    @discardableResult
    private mutating func addView() -> Int {
        left.append(Variable("left\(left.count)"))
        width.append(Variable("width\(width.count)"))
        return left.count - 1
    }

    private func sizeConstraints(_ i: Int) -> [Constraint] {
        [width[i] >= 1, (width[i] == 10).priority(.weakest)]
    }

    func build(into solver: inout Solver, r target: Double) throws {
        try solver.addEditVariable(r, priority: 999)
        try solver.suggestValue(r, target)
        for c in constraints { try solver.add(c) }
        readAll(&solver)
    }

    /// A triangle wave 11N − 101 … 11N + 99 in steps of 7.
    func editValue(_ k: Int) -> Double {
        let t = (7 * k) % 400
        return Double(11 * n - 101 + (t <= 200 ? t : 400 - t))
    }

    func readAll(_ solver: inout Solver) {
        var sum = 0.0
        for v in left { sum += solver.value(of: v) }
        for v in width { sum += solver.value(of: v) }
        blackHole(sum)
    }

    func check(_ solver: inout Solver, r target: Double, phase: String) throws {
        let right = solver.value(of: left[lastLeaf]) + solver.value(of: width[lastLeaf])
        guard abs(right - target) < 1e-6 else {
            throw ValidationError("\(phase): last right edge \(right) != R \(target)")
        }
        for v in width where solver.value(of: v) < 1 - 1e-6 {
            throw ValidationError("\(phase): \(v) = \(solver.value(of: v)) < 1")
        }
    }
}

@inline(never) func blackHole(_ x: Double) {
    if x == .infinity { print("") }
}
