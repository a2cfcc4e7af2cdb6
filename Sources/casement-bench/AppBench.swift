import ArgumentParser
import CasementApp
import Foundation
import LayoutEngine
import TerminalUI

/// `casement-bench app`: the app runtime on a real (pseudo-)terminal.
struct AppBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Full-screen widgets: a Table of 10,000 rows scrolled and sorted, a TextView of 100,000 lines scrolled, a key in a TextArea of 10,000 lines, a Tree of 100,000 nodes.",
        discussion: """
            table-scroll-WxH: a Table of N rows (PID USER CPU% MEM% COMMAND) filling a WxH \
            pseudo-terminal drained by a thread; each run scrolls the viewport by one row, \
            then builds the frame (layout, paint, widget content), diffs it against what the \
            terminal shows and presents it. frame is that time, bytes what it wrote. \
            Targets: frame median <= 2 ms and bytes <= 8 KB at 250x70. \
            table-sort-text: the same rows, in the order of their CPU% column, sorted by \
            COMMAND (text: the locale's order, digit runs by value), ascending and descending \
            in turn; sort is the time of `sort(by:ascending:)`. Target: <= 20 ms. \
            textview-scroll-WxH: a wrapped TextView of 100,000 lines (one in seven wraps) \
            scrolled by ↓, one row a run, to the frame presented; targets frame <= 2 ms, \
            bytes <= 8 KB. textarea-type-WxH: one character typed mid-line in the middle of \
            a TextArea of 10,000 lines with an onChange, to the frame; target <= 2 ms. \
            tree-expanded-WxH: a Tree of 1,000 expanded folders of 99 files (100,000 nodes \
            shown): first-frame (5 fresh trees) <= 50 ms, step (↓ to the frame) <= 2 ms.
            """)

    @Option(help: "Timed runs.") var runs = 101
    @Option(help: "Rows in the table.") var rows = 10_000
    @Option(help: "Terminal size, WIDTHxHEIGHT.") var size = "250x70"
    @Option(help: "Only these workloads: table or widgets.") var only: String?

    mutating func run() throws {
        guard let screen = RenderBench.parseScreens(size)?.first else { throw ValidationError("size is WIDTHxHEIGHT") }
        guard only == nil || only == "table" || only == "widgets" else { throw ValidationError("--only is table or widgets") }
        if only != "table" {
            try MainActor.assumeIsolated { [runs] in try AppWidgetBench.run(screen: screen, runs: runs) }
        }
        guard only != "widgets" else { return }
        let (frames, bytes) = try MainActor.assumeIsolated { [rows, runs] in
            try Self.measure(screen: screen, rows: rows, runs: runs)
        }
        let workload = "table-scroll-\(screen.width)x\(screen.height)"
        print(benchLine(group: "app", workload: workload, n: rows, phase: "frame", unit: "ms", samples: frames))
        print(benchLine(group: "app", workload: workload, n: rows, phase: "bytes", unit: "B", samples: bytes))
        let sorts = MainActor.assumeIsolated { [rows] in Self.measureSort(rows: rows, runs: 21) }
        print(benchLine(group: "app", workload: "table-sort-text", n: rows, phase: "sort", unit: "ms", samples: sorts))
    }

    /// A process table's rows, as `casement-top` shows them.
    static func processRows(_ count: Int) -> [[String]] {
        let commands = ["swift-frontend", "bash", "casement-top", "kworker/0:1", "systemd-journald", "sshd", "tmux: server"]
        let users = ["root", "daemon", "casement", "www-data"]
        return (0..<count).map { index in
            [String(index + 1), users[index % users.count], String(format: "%.1f", Double(index * 37 % 1000) / 10),
             String(format: "%.1f", Double(index * 13 % 400) / 10), commands[index % commands.count] + " --worker \(index)"]
        }
    }

    /// Sorts by the COMMAND column, ascending and descending in turn.
    @MainActor
    static func measureSort(rows count: Int, runs: Int) -> [Double] {
        let table = Table(columns: [
            TableColumn("PID"), TableColumn("USER"), TableColumn("CPU%"), TableColumn("MEM%"), TableColumn("COMMAND"),
        ], rows: processRows(count))
        var times: [Double] = []
        for run in -2..<runs {
            // From the order of another column (untimed): a sort of rows
            // already in order would take a fraction of the compares.
            table.sort(by: 2, ascending: run % 2 == 0)
            let seconds = measureSeconds { table.sort(by: 4, ascending: run % 2 == 0) }
            if run >= 0 { times.append(seconds * 1e3) }
        }
        return times
    }

    @MainActor
    static func measure(screen: TerminalSize, rows count: Int, runs: Int) throws -> ([Double], [Double]) {
        let rows = processRows(count)
        let table = Table(columns: [
            TableColumn("PID", width: 7, alignment: .right), TableColumn("USER", width: 10),
            TableColumn("CPU%", width: 6, alignment: .right), TableColumn("MEM%", width: 6, alignment: .right),
            TableColumn("COMMAND"),
        ], rows: rows, id: "table")
        let root = View(.screen, id: "root")
        root.addSubview(table)
        table.view.makeConstraints { make in make.edges.equalToSuperview() }
        let app = try App(root: root, devMode: false)
        let pty = try DrainedTerminal(screen: screen)
        let session = try TerminalSession(options: pty.options)
        defer { session.end() }
        session.apply(PaneLayout(size: session.size, showsStatusLine: false))
        app.resize(to: TerminalSize(width: screen.width, height: screen.height))
        app.drawFrame(on: session)
        var frames: [Double] = [], bytes: [Double] = []
        for run in -5..<runs {
            table.scroll(by: 1)
            var written = 0
            let seconds = measureSeconds { written = app.drawFrame(on: session) ?? -1 }
            guard run >= 0 else { continue }
            frames.append(seconds * 1e3)
            bytes.append(Double(written))
        }
        // Every run moved the viewport (the figures are not of frames that showed nothing new).
        guard table.scrollOffset == runs + 5, app.screen.plainLines()[1].hasPrefix(String(repeating: " ", count: 7 - String(runs + 6).count) + String(runs + 6)) else {
            throw ValidationError("the table did not scroll as expected (offset \(table.scrollOffset))")
        }
        return (frames, bytes)
    }
}
