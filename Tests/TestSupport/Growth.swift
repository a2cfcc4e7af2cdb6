#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Growth of a cost with the size of its input, for tests that must not assert a
/// time: the ratio of the cost at 8N to the cost at N. Linear work gives about 8,
/// work that does not depend on N about 1, quadratic work 64.
///
/// The cost is the CPU time of the calling thread, so tests running beside it
/// (and other processes) take little from it; the sizes are measured in turns,
/// `runs` times each, and each keeps its fastest run, so a busy spell of the
/// machine falls on both. `prepare` builds the input of a size outside the
/// measurement; `measure` does the work once on it.
public func growthRatio<Input>(
    from size: Int, runs: Int = 5, prepare: (Int) -> Input, measure: (Input) -> Void
) -> Double {
    let small = prepare(size), large = prepare(size * 8)
    var fastestSmall = UInt64.max, fastestLarge = UInt64.max
    for _ in 0..<runs {
        fastestSmall = min(fastestSmall, threadNanoseconds { measure(small) })
        fastestLarge = min(fastestLarge, threadNanoseconds { measure(large) })
    }
    return Double(fastestLarge) / Double(max(fastestSmall, 1))
}

/// The CPU time the calling thread spends in `body`, in nanoseconds.
private func threadNanoseconds(_ body: () -> Void) -> UInt64 {
    func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    let start = now()
    body()
    return now() - start
}
