import Testing
import Canvas

@Suite struct GridDiffTests {
    @Test func nothingChangedMeansNoRuns() {
        let grid = Grid(width: 5, height: 3)
        #expect(grid.changedRuns(since: grid).isEmpty)
    }

    @Test func noPreviousFrameRedrawsEveryRow() {
        let runs = Grid(width: 4, height: 2).changedRuns(since: nil)
        #expect(runs.map(\.y) == [0, 1])
        #expect(runs.allSatisfy { $0.x == 0 && $0.cells.count == 4 })
        #expect(Grid(width: 4, height: 3).changedRuns(since: Grid(width: 4, height: 2)).count == 3)
    }

    @Test func adjacentChangesMergeIntoOneRun() {
        let before = Grid(width: 8, height: 2)
        var after = before
        after[2, 1] = Cell("a")
        after[3, 1] = Cell("b")
        after[6, 1] = Cell("c")
        let runs = after.changedRuns(since: before)
        #expect(runs == [
            CellRun(x: 2, y: 1, cells: [Cell("a"), Cell("b")]),
            CellRun(x: 6, y: 1, cells: [Cell("c")]),
        ])
    }

    @Test func wideCharactersAreRedrawnWhole() {
        var before = Grid(width: 4, height: 1)
        before[1, 0] = Cell("漢")
        before[2, 0] = Cell(" ", isContinuation: true)
        var after = before
        after[2, 0].background = .ansi(1)   // only the right half changed
        let runs = after.changedRuns(since: before)
        #expect(runs.count == 1)
        #expect(runs[0].x == 1 && runs[0].cells.count == 2)

        var leftOnly = before
        leftOnly[1, 0].foreground = .ansi(2)  // only the left half changed
        let leftRuns = leftOnly.changedRuns(since: before)
        #expect(leftRuns.count == 1 && leftRuns[0].x == 1 && leftRuns[0].cells.count == 2)
    }
}
