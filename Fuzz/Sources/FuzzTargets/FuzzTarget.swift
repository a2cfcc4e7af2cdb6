/// One thing to fuzz: a name for `tools/fuzz`, and a function that runs one input
/// through Casement and says what did not hold. A target checks invariants, not only
/// that nothing crashed: JSON that parses, diagnostics inside the text, a cursor
/// inside the text, a solver whose tableau is consistent.
///
/// The same function serves libFuzzer (`casement-fuzz` built with `-DFUZZING`,
/// which aborts on the first violation so libFuzzer keeps the input) and the
/// replay test (`FuzzReplayTests`, which records each violation as an issue).
public struct FuzzTarget: Sendable {
    /// The name `tools/fuzz` and the corpus folder use (`Fuzz/corpus/<name>`).
    public let name: String
    /// What the target feeds and what it checks, for `tools/fuzz --list`.
    public let summary: String
    private let body: @MainActor @Sendable (_ input: [UInt8], _ found: inout Violations) -> Void

    /// A target called `name` whose `body` runs one input and records what broke in `found`.
    init(name: String, summary: String, body: @escaping @MainActor @Sendable (_ input: [UInt8], _ found: inout Violations) -> Void) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    /// Runs one input; returns every invariant it broke (empty when all held),
    /// except those of the known issues in `tolerating` (ids of `KnownIssue.all`),
    /// which are not checked (and operations that would trap on them not tried).
    @MainActor
    public func run(_ input: [UInt8], tolerating: Set<String> = []) -> [String] {
        var found = Violations(tolerating: tolerating)
        body(input, &found)
        return found.messages
    }
}

extension FuzzTarget {
    /// Every target. Adding one is a file with a `static let` and a line here.
    public static let all: [FuzzTarget] = [
        .stylesheet, .layout, .languageServer, .keys, .textField, .textArea, .viewTree, .liveWire,
    ]

    /// Writes every target's seed inputs, made from the package's demos and themes
    /// and the cases the tests name, to `packageRoot/Fuzz/corpus/<target>/seed-*`;
    /// returns how many files it wrote.
    @MainActor
    public static func writeSeeds(packageRoot: String) throws -> Int {
        try Seeds.write(packageRoot: packageRoot)
    }

    /// The target called `name`, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// What a run found: invariants that did not hold, in the order they were checked.
struct Violations {
    private(set) var messages: [String] = []
    /// Ids of known issues not to check (see `KnownIssue`).
    let tolerating: Set<String>

    init(tolerating: Set<String> = []) {
        self.tolerating = tolerating
    }

    /// True when the known issue `id` is tolerated in this run: its check (or the
    /// operation that would trap) is left out.
    func tolerates(_ id: String) -> Bool {
        precondition(KnownIssue.all.contains { $0.id == id }, "no known issue \(id)")
        return tolerating.contains(id)
    }

    /// Records `message` unless `condition` holds.
    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { messages.append(message()) }
    }

    /// Records `message`.
    mutating func record(_ message: String) {
        messages.append(message)
    }

    mutating func append(contentsOf other: [String]) {
        messages += other
    }
}
