/// A defect a fuzz target found that is not fixed yet, because its fix belongs to
/// someone else's work in progress. While it is listed:
/// - `casement-fuzz` under libFuzzer tolerates it (the check is left out, or the
///   operation that would trap is not tried), so fuzzing goes on past it;
/// - `FuzzReplayTests` replays its reproducer, `Fuzz/crashes/<target>/<reproducer>`,
///   strictly and expects it still to break (a `withKnownIssue`): when the fix
///   lands, that test fails until the entry is removed here.
///
/// Every other file in `Fuzz/crashes` must replay clean. Empty this list as
/// issues are fixed.
public struct KnownIssue: Sendable, Hashable {
    /// A short stable name, used by the targets' checks.
    public let id: String
    /// The target that found it.
    public let target: String
    /// What goes wrong.
    public let summary: String
    /// Whose work fixes it.
    public let owner: String
    /// The reproducer's file name in `Fuzz/crashes/<target>/`.
    public let reproducer: String
    /// True when a strict replay traps or hangs (the replay test then cannot run
    /// it in its own process and only checks that the reproducer is there).
    public let trapsWhenReplayed: Bool

    /// Every known issue; ids are unique.
    public static let all: [KnownIssue] = []
}
