import Diagnostics

/// Warnings gathered up to a cap, exactly as `[Diagnostic].capped(at:from:)`
/// would cut them, but built only while there is room: past the cap a warning
/// is only counted. A 10,000-view layout can leave thousands of views
/// ambiguous, and `check` shows a thousand diagnostics.
struct CappedWarnings {
    let room: Int
    private(set) var kept: [Diagnostic] = []
    private var omitted = 0
    private var firstOmitted: SourceLocation?

    init(room: Int) {
        self.room = room
    }

    /// Adds a warning located at `location`; `make` runs only when it is shown.
    mutating func add(at location: SourceLocation, _ make: () -> Diagnostic) {
        guard kept.count < room else {
            omitted += 1
            if firstOmitted == nil { firstOmitted = location }
            return
        }
        kept.append(make())
    }

    /// Adds warnings already made.
    mutating func add(_ warnings: [Diagnostic]) {
        for warning in warnings {
            assert(warning.severity == .warning && warning.omitted == nil, "only warnings are counted, not errors")
            add(at: warning.location) { warning }
        }
    }

    /// The warnings shown, then the engine's note counting the rest (located at
    /// the first one left out), worded as `capped` words it.
    var diagnostics: [Diagnostic] {
        guard let location = firstOmitted else { return kept }
        return kept + [
            Diagnostic.moreNotShown(
                "\(omitted) more diagnostics not shown", omitted: .init(count: omitted, errors: 0), from: .engine,
                at: location)
        ]
    }
}
