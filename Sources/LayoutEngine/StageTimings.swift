/// The stages of a reload, as the designer's status line names them.
public enum Stage: String, CaseIterable, Hashable, Sendable {
    /// Reading files (only the ones that changed).
    case read
    /// Parsing and lowering the spec, parsing and linking stylesheets.
    case parse
    /// Styling every view.
    case cascade
    /// Applying the constraint delta, solving, text sizes, frames.
    case solve
}

/// How long each stage of one reload took.
public struct StageTimings: Hashable, Sendable, CustomStringConvertible {
    /// Time spent reading files.
    public var read: Duration = .zero
    /// Time spent parsing and lowering the spec and stylesheets.
    public var parse: Duration = .zero
    /// Time spent styling views.
    public var cascade: Duration = .zero
    /// Time spent applying the constraint delta and solving.
    public var solve: Duration = .zero

    /// All stages at zero.
    public init() {}

    /// The time of one stage, read or written by name.
    public subscript(stage: Stage) -> Duration {
        get {
            switch stage {
            case .read: read
            case .parse: parse
            case .cascade: cascade
            case .solve: solve
            }
        }
        set {
            switch stage {
            case .read: read = newValue
            case .parse: parse = newValue
            case .cascade: cascade = newValue
            case .solve: solve = newValue
            }
        }
    }

    /// Everything but reading: the work the speed budgets cover.
    public var work: Duration { parse + cascade + solve }

    /// Reading plus the work: the whole reload.
    public var total: Duration { read + work }

    /// `read 0.1 ms, parse 1.2 ms, cascade 0.3 ms, solve 0.8 ms`.
    public var description: String {
        Stage.allCases.map { "\($0.rawValue) \(Self.milliseconds(self[$0]))" }.joined(separator: ", ")
    }

    /// A duration in milliseconds with one decimal (`0.3 ms`).
    public static func milliseconds(_ duration: Duration) -> String {
        let parts = duration.components
        let ms = Double(parts.seconds) * 1e3 + Double(parts.attoseconds) * 1e-15
        let tenths = Int((ms * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}

/// Accumulates stage timings while a reload runs.
struct StageClock {
    private let clock = ContinuousClock()
    private(set) var timings = StageTimings()

    mutating func timing<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = clock.now
        defer { timings[stage] += clock.now - start }
        return try body()
    }

    mutating func add(_ duration: Duration, to stage: Stage) {
        timings[stage] += duration
    }
}
