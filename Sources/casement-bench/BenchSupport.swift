#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Shared helpers for casement-bench: timing, summary statistics and the
// one-line-per-figure output format of PRODUCT.md §1.

/// Seconds taken by `body`, on the monotonic clock.
func measureSeconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    let parts = elapsed.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// Median, minimum and maximum of a set of samples.
struct Summary {
    var median: Double
    var min: Double
    var max: Double
    var count: Int

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
    }
}

/// `<group> <workload> N=<n> <phase> median=<x> <unit> min=<x> max=<x> runs=<k>`, then for
/// a figure with a budget (`Budget`) ` scaled=<x>` (a time read as the reference
/// machine's, see `HostSpeed`) and ` budget=<limit>`.
func benchLine(group: String, workload: String, n: Int, phase: String, unit: String, samples: [Double]) -> String {
    let s = Summary(samples)
    return "\(group) \(workload) N=\(n) \(phase) median=\(fixed(s.median)) \(unit) min=\(fixed(s.min)) max=\(fixed(s.max)) runs=\(s.count)"
        + Budget.fields(group: group, workload: workload, n: n, phase: phase, unit: unit, median: s.median)
}

/// A number with three decimals (no Foundation formatting needed).
func fixed(_ x: Double, decimals: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = x < 0
    let scaled = (abs(x) * scale).rounded()
    let whole = Int64(scaled / scale)
    var fraction = String(Int64(scaled - Double(whole) * scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return (negative ? "-" : "") + String(whole) + (decimals > 0 ? "." + fraction : "")
}

/// A comma-separated list of positive integers, e.g. `100,1000`.
func parseSizes(_ text: String) -> [Int]? {
    let parts = text.split(separator: ",").map { Int(String($0.filter { $0 != " " })) }
    guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
    return parts.map { $0! }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
