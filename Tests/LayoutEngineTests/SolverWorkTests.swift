import Testing

@testable import LayoutEngine

/// Layouts the solver once handled in super-linear time (issue 11, items 11–13),
/// checked by the work the solver does (row entries merged by substitutions),
/// never by the clock.
@Suite struct SolverWorkTests {
    /// A row alternating a fixed-width text and a growing one, far wider than
    /// the screen.
    static func overflowRow(_ children: Int) -> String {
        var lines = ["screen root {", "  row r { edges == parent"]
        for _ in 0..<(children / 2) {
            lines.append("    text \"63ms\" { width == 5 }")
            lines.append("    text \"ap-south-1\" [grow=1]")
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n")
    }

    /// Item 13: while the row was being built, a required constraint went in
    /// through the dual simplex, which first optimised the half-built layout and
    /// then pivoted along its long rows: 200 children merged 4.6 M row entries,
    /// 400 children 36 M (now about 100 and 200).
    /// (Built all at once, as a load under `SolverBinding.defaultStagingThreshold`
    /// constraints is; the staged build of a large load is checked below.)
    @Test func anOverflowingRowOfTextsIsBuiltInLinearWork() {
        var merged: [Int] = []
        for children in [200, 400] {
            let session = loaded(Self.overflowRow(children), stagingThreshold: .max).session
            #expect(session.views.count == children + 2)
            merged.append(session.binding.read { $0.statistics.mergedEntries })
        }
        #expect(merged[1] < 3 * merged[0])
        #expect(merged[1] < 100_000)
    }

    /// The staged build of the same rows (settled before each container's
    /// children, never once per child) stays linear too.
    @Test func anOverflowingRowOfTextsIsBuiltInLinearWorkInStages() {
        var merged: [Int] = []
        for children in [200, 400] {
            let session = loaded(Self.overflowRow(children), stagingThreshold: 1).session
            #expect(session.views.count == children + 2)
            merged.append(session.binding.read { $0.statistics.mergedEntries })
        }
        #expect(merged[1] <= 3 * merged[0])
        #expect(merged[1] < 100_000)
    }
}
