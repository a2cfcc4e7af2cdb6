import ArgumentParser
import Cassowary
import Foundation

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
    /// read; phase `ambiguities`: one ambiguity query that keeps every
    /// direction; phase `stream`: the same directions taken one at a time
    /// (`forEachAmbiguity`); phase `undetermined`: every variable some direction
    /// moves, in one pass (`undeterminedVariables()`, what the engine uses:
    /// linear where the other two are quadratic). The `-peak-rss` phases are the
    /// most memory each took beyond what the process held, in MB, on the first
    /// run (Linux only): quadratic for the list, linear for the stream.
    func measureAmbiguousChain(n: Int, runs: Int) throws {
        var build: [Double] = [], query: [Double] = [], stream: [Double] = [], undetermined: [Double] = []
        var queryHeap: [Double] = [], streamHeap: [Double] = []
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
            // Memory first: freed pages the timed queries leave behind would hide it.
            if queryHeap.isEmpty, let held = heapHeld(by: &solver) {
                queryHeap.append(held.list)
                streamHeap.append(held.stream)
            }
            var moved = 0
            undetermined.append(measureSeconds { moved = solver.undeterminedVariables().count } * 1e3)
            var streamed = 0
            stream.append(measureSeconds { solver.forEachAmbiguity { _ in streamed += 1 } } * 1e3)
            var found: [Ambiguity] = []
            query.append(measureSeconds { found = solver.ambiguities() } * 1e3)
            if verbose { printError("ambiguities: \(found.count), \(solver.statistics)") }
            guard found.count == n - 1, streamed == n - 1, moved == 2 * n - 1 else {
                throw ValidationError(
                    "ambiguous-chain: \(found.count) listed, \(streamed) streamed, expected \(n - 1); \(moved) undetermined, expected \(2 * n - 1)")
            }
        }
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "build", unit: "ms", samples: build))
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "ambiguities", unit: "ms", samples: query))
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "stream", unit: "ms", samples: stream))
        print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "undetermined", unit: "ms", samples: undetermined))
        if !queryHeap.isEmpty {
            print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "ambiguities-peak-rss", unit: "MB", samples: queryHeap))
            print(benchLine(group: "solver", workload: "ambiguous-chain", n: n, phase: "stream-peak-rss", unit: "MB", samples: streamHeap))
        }
    }

    /// The most memory (resident set, MB above what it was before) taken while
    /// streaming the ambiguities and while listing them; nil where Linux's
    /// peak counter cannot be reset. Run once, stream first, so that memory
    /// the list frees is not counted for the stream. Untimed.
    private func heapHeld(by solver: inout Solver) -> (list: Double, stream: Double)? {
        guard let streamed = peakGrowth(of: { solver.forEachAmbiguity { _ in } }),
            let listed = peakGrowth(of: { blackHole(Double(solver.ambiguities().count)) })
        else { return nil }
        return (listed, streamed)
    }

    /// How far the resident set's peak rises above its size while `body` runs, in MB.
    private func peakGrowth(of body: () -> Void) -> Double? {
        // Writing 5 to clear_refs resets VmHWM (the peak) to the current size.
        guard let clear = FileHandle(forWritingAtPath: "/proc/self/clear_refs"),
            (try? clear.write(contentsOf: Data("5".utf8))) != nil, (try? clear.close()) != nil,
            let start = statusKilobytes("VmRSS")
        else { return nil }
        body()
        guard let peak = statusKilobytes("VmHWM") else { return nil }
        return Double(peak - start) / 1e3
    }

    /// A `kB` figure from /proc/self/status.
    private func statusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
