import Foundation
import Testing
import TestSupport

@testable import CasementApp

/// `Table`: sorting by precomputed keys in the order of today's compare, and
/// the selected row across a resize.
@MainActor
@Suite struct TableTests {
    /// The compare a sort used before keys: the reference for "the same order".
    nonisolated static func referenceAscending(_ a: String, _ b: String) -> Bool? {
        if let x = Double(a), let y = Double(b), x != y { return x < y }
        if a == b { return nil }
        return a.localizedStandardCompare(b) == .orderedAscending
    }

    /// Cells as a process table or a file list has them: names in both cases,
    /// digits inside and at the ends, punctuation, leading zeros, numbers, and
    /// a few that are not ASCII.
    nonisolated static func cells(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let pieces = ["kworker", "Kworker", "systemd", "bash", "sshd", "node", "Node", "python3", "a", "A", "b", "-", "_", ".",
                      "/", ":", " ", "0", "00", "1", "9", "10", "007", "42", "x", "X", "é", "Ä", "ß", "漢", "~", "$", "(", "@"]
        return (0..<count).map { _ in
            let length = 1 + random.below(4)
            return (0..<length).map { _ in pieces[random.below(pieces.count)] }.joined()
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func keysOrderEveryPairAsTheCompareDoes(seed: UInt64) {
        let cells = Self.cells(400, seed: seed)
        let keys = TableSortKeys(cells)
        for i in cells.indices {
            for j in cells.indices where i != j && (i * 7 + j) % 5 == 0 {
                let expected = Self.referenceAscending(cells[i], cells[j])
                let got = keys.ascending(i, j) { $0.localizedStandardCompare($1) }
                #expect(got == expected, "\(cells[i]) vs \(cells[j])")
            }
        }
    }

    /// Every pair a sort compares once cost a locale-aware compare (130,000 of
    /// them for 10,000 rows, 330 ms); the keys leave only ties to the locale.
    @Test func sortingTenThousandRowsByTextLeavesAlmostNothingToTheLocale() {
        var random = SplitMix64(seed: 99)
        let names = ["kworker/", "systemd-", "Bash ", "sshd:", "node_", "Python3.", "cron", "CRON"]
        let rows = (0..<10_000).map { _ in [names[random.below(names.count)] + String(random.below(100_000)), "x"] }
        let table = Table(columns: [TableColumn("NAME"), TableColumn("X")], rows: rows)
        let before = Table.localeComparesMade
        table.sort(by: 0)
        let made = Table.localeComparesMade - before
        // Only case twins ("cron7" and "CRON7") tie on their keys: a few dozen, not 130,000.
        #expect(made < 200, "\(made) locale compares")
        let same = table.rows == rows.sorted { Self.referenceAscending($0[0], $1[0]) ?? false }
        #expect(same)
    }

    @Test func aTableSortsInTheSameOrderAsItsOldCompare() throws {
        let cells = Self.cells(3_000, seed: 11)
        let rows = cells.enumerated().map { [$0.element, String($0.offset)] }
        let table = Table(columns: [TableColumn("NAME"), TableColumn("N")], rows: rows)
        table.sort(by: 0)
        let expected = rows.sorted { Self.referenceAscending($0[0], $1[0]) ?? false }
        let sameAscending = table.rows == expected
        #expect(sameAscending)
        // Sorted again from the ascending rows, as the table holds them (ties keep their order).
        table.sort(by: 0, ascending: false)
        let descending = expected.sorted { Self.referenceAscending($0[0], $1[0]).map { !$0 } ?? false }
        let sameDescending = table.rows == descending
        #expect(sameDescending)
    }

    @Test func theSelectedRowStaysVisibleWhenTheTableShrinks() throws {
        let table = Table(columns: [TableColumn("ROW")], rows: (0..<50).map { ["row \($0)"] })
        let root = View(.screen, id: "root")
        root.addSubview(table)
        table.view.makeConstraints { make in make.edges.equalToSuperview() }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 20, height: 12))
        app.focus(table)
        for _ in 0..<8 { pilot.press(.down) }
        #expect(table.selectedIndex == 8)
        #expect(pilot.lines.contains("row 8"))
        pilot.resize(to: TerminalSize(width: 20, height: 5))
        #expect(pilot.lines.contains("row 8"), "\(pilot.lines)")
        pilot.resize(to: TerminalSize(width: 20, height: 3))
        #expect(pilot.lines.contains("row 8"), "\(pilot.lines)")
        pilot.resize(to: TerminalSize(width: 20, height: 30))
        #expect(pilot.lines.contains("row 8"))
        #expect(pilot.lines.contains("row 35"))   // the viewport keeps its top and shows more
    }
}
