import Dispatch

/// Growth of a cost with the size of its input, for tests that must not assert a
/// time: the ratio of the cost at 8N to the cost at N. Linear work gives about 8,
/// work that does not depend on N about 1, quadratic work 64.
///
/// The cost at each size is the fastest of `runs` runs (the least disturbed by a
/// shared, noisy machine). `prepare` builds the input of a size outside the
/// measurement; `measure` does the work once on it.
public func growthRatio<Input>(
    from size: Int, runs: Int = 5, prepare: (Int) -> Input, measure: (Input) -> Void
) -> Double {
    func fastest(_ size: Int) -> Double {
        let input = prepare(size)
        var best = UInt64.max
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            measure(input)
            best = min(best, DispatchTime.now().uptimeNanoseconds - start)
        }
        return Double(max(best, 1))
    }
    return fastest(size * 8) / fastest(size)
}
