/// How fast this machine is, measured on a fixed CPU-bound workload that does
/// not use Casement's code (so making Casement faster never changes it): sorting,
/// hashing, string building and floating point, about 4 ms on the reference
/// machine. Its fastest of many runs stands for the machine's speed when nothing
/// else runs (the minimum is what a busy machine still reaches now and then).
///
/// Every figure with a budget is also printed scaled to the reference machine,
/// `scaled = figure × host factor`, with `factor = reference / this host's
/// minimum`: on a machine twice as slow the factor is 0.5, and the scaled figure
/// is what the reference machine would show. Budgets (PRODUCT §7) are judged on
/// the scaled figure. docs/testing.md, "Comparing machines", has the reference run.
enum HostSpeed {
    /// The reference machine's minimum, in ms (docs/testing.md, "Comparing machines").
    static let referenceMilliseconds = 4.13

    /// Runs of the workload per measurement.
    static let runs = 41

    /// This host's measurement, made once per process on first use.
    nonisolated(unsafe) static var measured: Summary?

    /// reference / host: what a figure measured here is multiplied by to read as
    /// the reference machine's.
    static var factor: Double {
        referenceMilliseconds / measure().min
    }

    /// The workload's times in ms (measured once).
    static func measure() -> Summary {
        if let measured { return measured }
        _ = workload()   // warm up: page in the code and the allocator
        var samples: [Double] = []
        for _ in 0..<runs {
            var checksum: UInt64 = 0
            samples.append(measureSeconds { checksum = workload() } * 1000)
            sink ^= checksum
        }
        measured = Summary(samples)
        return measured!
    }

    /// The `host` line: the workload's times, the reference and the factor.
    static func line() -> String {
        let summary = measure()
        return "host speed N=\(runs) reference-workload median=\(fixed(summary.median)) ms min=\(fixed(summary.min)) "
            + "max=\(fixed(summary.max)) runs=\(summary.count) reference=\(fixed(referenceMilliseconds)) factor=\(fixed(factor))"
    }

    /// Keeps the checksums alive so the optimiser cannot drop the work.
    nonisolated(unsafe) static var sink: UInt64 = 0

    /// The fixed workload; returns a checksum of what it computed.
    static func workload() -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values: [UInt64] = []
        values.reserveCapacity(60_000)
        for _ in 0..<60_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(state >> 11)
        }
        values.sort()
        var counts: [UInt64: Int] = [:]
        for (index, value) in values.enumerated() where index % 3 == 0 { counts[value % 10_007, default: 0] += index }
        var text = ""
        for index in 0..<4_000 { text += String(index, radix: 16) + "," }
        var sum = 0.0
        for index in 1...100_000 { sum += Double(index).squareRoot() / Double(index % 7 + 1) }
        var checksum = UInt64(text.utf8.count) &+ UInt64(sum)
        for (key, count) in counts { checksum = checksum &+ key &* UInt64(count) }
        return checksum
    }
}
