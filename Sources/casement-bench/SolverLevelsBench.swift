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
