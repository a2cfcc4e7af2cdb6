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
    public static let all: [KnownIssue] = [
        KnownIssue(
            id: "keys-sgr-mouse-cut-short", target: "keys",
            summary: "input that ends inside an SGR mouse report (ESC [ < 65;300;) spins in ncurses' wget_wch at 100% CPU: a terminal that hangs up mid-report hangs the app",
            owner: "house-promises (TerminalUI key decoding)", reproducer: "sgr-mouse-cut-short", trapsWhenReplayed: true),
        KnownIssue(
            id: "textfield-zero-width-cursor", target: "textfield",
            summary: "the cursor is not drawn when it sits on a character of no width (a lone combining mark, U+20DD, U+200B)",
            owner: "findings (issue 26 §2.1, TextField)", reproducer: "cursor-on-zero-width", trapsWhenReplayed: false),
        KnownIssue(
            id: "textfield-wide-cursor-cut", target: "textfield",
            summary: "the cursor is not drawn when it sits on a wide character one cell from the field's right edge (scrolling keeps one cell, not two), or on a character wider than the field",
            owner: "findings (issue 26 §2.1, TextField)", reproducer: "wide-cursor-at-edge", trapsWhenReplayed: false),
    ]
}
