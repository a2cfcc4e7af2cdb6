import ArgumentParser
import Cassowary

extension SolverBench {
    /// `levels`: N views, each placed and sized by preferences at a priority of
    /// its own (1…999, then round again), inside a required bound. Issue 11,
    /// item 10: with one dense objective row per level in use this was cubic
    /// in the number of levels. Phase `build`: add everything, read every value.
    func measureLevels(n: Int, runs: Int) throws {
        var build: [Double] = []
        for _ in 0..<runs {
            var solver = Solver()
            var lefts: [Variable] = []
            build.append(try measureSeconds {
                for i in 0..<n {
                    let left = Variable("v\(i).left"), width = Variable("v\(i).width")
                    let p = Priority(1 + i % 999)
                    try solver.add((left == Double(i % 50)).priority(p))
                    try solver.add((width == Double(5 + i % 7)).priority(p))
                    try solver.add(left + width <= 60)
                    lefts.append(left)
                }
                var sum = 0.0
                for v in lefts { sum += solver.value(of: v) }
                blackHole(sum)
            } * 1e3)
            if verbose { printError("build: \(solver.statistics)") }
            for (i, v) in lefts.enumerated() where solver.value(of: v) != Double(i % 50) {
                throw ValidationError("levels: \(v) = \(solver.value(of: v)), expected \(i % 50)")
            }
        }
        print(benchLine(group: "solver", workload: "levels", n: n, phase: "build", unit: "ms", samples: build))
    }
}

extension SolverBench {
    /// `ambiguous-chain`: N views in one chain between two fixed edges, no
    /// view with a width of its own, so each width is a free direction that
    /// moves the rest of the chain (issue 11, item 11). Phase `build`: add and
    /// read; phase `ambiguities`: one ambiguity query.
    func measureAmbiguousChain(n: Int, runs: Int) throws {
        var build: [Double] = [], query: [Double] = []
        for _ in 0..<runs {
            var solver = Solver()
            let left = (0..<n).map { Variable("left\($0)") }, width = (0..<n).map { Variable("width\($0)") }
            build.append(try measureSeconds {
                try solver.add(left[0] == 0)
                for i in 0..<n {
                    try solver.add(width[i] >= 0)
                    if i > 0 { try solver.add(left[i] == left[i - 1] + width[i - 1]) }
                }
                try solver.add(left[n - 1] + width[n - 1] == Double(10 * n))
                var sum = 0.0
                for v in width { sum += solver.value(of: v) }
                blackHole(sum)
            } * 1e3)
            var found: [Ambiguity] = []
            query.append(measureSeconds { found = solver.ambiguities() } * 1e3)
            if verbose { printError("ambiguities: \(found.count), \(solver.statistics)") }
            guard found.count == n - 1 else {
                throw ValidationError("ambiguous-chain: \(found.count) ambiguities, expected \(n - 1)")
            }
        }
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "build", unit: "ms", samples: build))
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "ambiguities", unit: "ms", samples: query))
    }
}
