import Canvas
import Cells
import Diagnostics
import Foundation
import LayoutEngine
import Stylesheet
import TerminalUI
import TestSupport
import Testing

@testable import Designer
@testable import Presentation

@Suite("Live canvas: repainting only the damage")
struct LiveCanvasTests {
    private func randomNodes(_ count: Int, using random: inout SplitMix64) -> [PaintNode] {
        var nodes = [PaintNode(id: "root", parent: nil, frame: CellRect(x: 0, y: 0, width: 40, height: 20), style: ComputedStyle())]
        for index in 1..<count {
            var style = ComputedStyle()
            style.border = BorderStyle.allCases.randomElement(using: &random)!
            style.backgroundColor = Bool.random(using: &random) ? .ansi(UInt8.random(in: 0...15, using: &random)) : nil
            style.title = Bool.random(using: &random) ? "t\(index)" : nil
            style.text = Bool.random(using: &random) ? "漢字 and text \(index)" : nil
            let frame = CellRect(
                x: Int.random(in: -3...38, using: &random), y: Int.random(in: -2...18, using: &random),
                width: Int.random(in: 0...14, using: &random), height: Int.random(in: 0...7, using: &random))
            nodes.append(PaintNode(id: "v\(index)", parent: Int.random(in: 0..<index, using: &random), frame: frame, style: style))
        }
        return nodes
    }

    @Test("after any sequence of edits the canvas equals a full paint", arguments: 0..<40)
    func repaintMatchesFullPaint(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var nodes = randomNodes(12, using: &random)
        var canvas = LiveCanvas()
        canvas.update(to: nodes, width: 40, height: 20)
        for _ in 0..<15 {
            let index = Int.random(in: 1..<nodes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: nodes[index].frame.x += Int.random(in: -4...4, using: &random)
            case 1: nodes[index].style.backgroundColor = .ansi(UInt8.random(in: 0...15, using: &random))
            case 2: nodes[index].highlight = [.none, .selected, .related].randomElement(using: &random)!
            default: nodes[index].style.zIndex = Int.random(in: -1...1, using: &random)
            }
            canvas.update(to: nodes, width: 40, height: 20)
            var fresh = LiveCanvas()
            fresh.update(to: nodes, width: 40, height: 20)
            #expect(canvas.painting == fresh.painting)
            // Without highlights, that is exactly what the painter paints.
            if nodes.allSatisfy({ $0.highlight == .none }) {
                #expect(canvas.painting == Painter().paint(nodes, width: 40, height: 20))
            }
        }
    }

    @Test("damage is the old and new frames of what changed, merged where they overlap")
    func damageRegions() {
        let base = [
            PaintNode(id: "a", parent: nil, frame: CellRect(x: 0, y: 0, width: 4, height: 2), style: ComputedStyle()),
            PaintNode(id: "b", parent: nil, frame: CellRect(x: 10, y: 5, width: 4, height: 2), style: ComputedStyle()),
        ]
        var moved = base
        moved[0].frame.x = 2
        #expect(LiveCanvas.damage(from: base, to: moved, bounds: CellRect(x: 0, y: 0, width: 30, height: 10))
            == [CellRect(x: 0, y: 0, width: 6, height: 2)])
        moved[1].frame.y = 8
        #expect(LiveCanvas.damage(from: base, to: moved, bounds: CellRect(x: 0, y: 0, width: 30, height: 9))
            == [CellRect(x: 0, y: 0, width: 6, height: 2), CellRect(x: 10, y: 5, width: 4, height: 2),
                CellRect(x: 10, y: 8, width: 4, height: 1)])
        #expect(LiveCanvas.merged([
            CellRect(x: 0, y: 0, width: 2, height: 2), CellRect(x: 5, y: 0, width: 2, height: 2),
            CellRect(x: 1, y: 1, width: 5, height: 1),
        ]) == [CellRect(x: 0, y: 0, width: 7, height: 2)])
    }

    @Test("a view whose ring would hide its content is tinted instead: selected reversed, related underlined")
    func tints() {
        var text = ComputedStyle()
        text.text = "hello"
        var boxed = ComputedStyle()
        boxed.border = .single
        let nodes = [
            PaintNode(id: "root", parent: nil, frame: CellRect(x: 0, y: 0, width: 20, height: 6), style: ComputedStyle()),
            PaintNode(id: "t", parent: 0, frame: CellRect(x: 1, y: 1, width: 5, height: 1), style: text, highlight: .selected),
            PaintNode(id: "u", parent: 0, frame: CellRect(x: 1, y: 3, width: 5, height: 1), style: text, highlight: .related),
            PaintNode(id: "b", parent: 0, frame: CellRect(x: 10, y: 1, width: 6, height: 3), style: boxed, highlight: .selected),
        ]
        var canvas = LiveCanvas()
        canvas.update(to: nodes, width: 20, height: 6)
        #expect(canvas.grid.plainLines()[1] == " hello    ┌────┐")
        #expect(canvas.grid[1, 1].attributes.contains(.reverse))
        #expect(canvas.grid[5, 1].attributes.contains(.reverse))
        #expect(!canvas.grid[6, 1].attributes.contains(.reverse))
        #expect(canvas.grid[3, 3].attributes.contains(.underline))
        // The bordered box is outlined by the painter, in the selection colour.
        #expect(canvas.grid[10, 1].foreground == Painter().selectedColor)
        #expect(!canvas.grid[11, 2].attributes.contains(.reverse))
    }

    @Test("a new tree or a new size paints everything")
    func fullRepaints() {
        var canvas = LiveCanvas()
        let one = [PaintNode(id: "a", parent: nil, frame: CellRect(x: 0, y: 0, width: 4, height: 2), style: ComputedStyle())]
        #expect(canvas.update(to: one, width: 10, height: 5) == .full)
        #expect(canvas.update(to: one, width: 10, height: 5) == .none)
        #expect(canvas.update(to: one, width: 11, height: 5) == .full)
        var two = one
        two.append(PaintNode(id: "b", parent: 0, frame: CellRect(x: 1, y: 1, width: 1, height: 1), style: ComputedStyle()))
        #expect(canvas.update(to: two, width: 11, height: 5) == .full)
    }
}

@Suite("Pane text")
struct StyledLineTests {
    @Test("a line that does not fit ends in an ellipsis; wide characters are never cut")
    func truncation() {
        var grid = Grid(width: 8, height: 2)
        grid.write(StyledLine("abcdefghij"), x: 0, y: 0, width: 8)
        grid.write(StyledLine("漢字漢字漢字"), x: 0, y: 1, width: 8)
        #expect(grid.plainLines() == ["abcdefg…", "漢字漢…"])
    }

    @Test("the fill colours the rest of the row")
    func fill() {
        var grid = Grid(width: 6, height: 1)
        grid.write(StyledLine("ab", .plain, fill: CellStyle(background: .ansi(4))), x: 0, y: 0, width: 6)
        #expect(grid[5, 0].background == .ansi(4))
        #expect(grid[0, 0].background == nil)
    }

    @Test("wrapping breaks after spaces, indents continuation rows, breaks long words anywhere")
    func wrapping() {
        let line = StyledLine([Span("red.left == blue.right + 4 @high")], hangingIndent: 4)
        #expect(line.wrapped(toWidth: 16).map(\.text) == ["red.left == ", "    blue.right ", "    + 4 @high"])
        #expect(StyledLine("abcdefghij").wrapped(toWidth: 4).map(\.text) == ["abcd", "  ef", "  gh", "  ij"])
        #expect(StyledLine("short").wrapped(toWidth: 10).map(\.text) == ["short"])
    }

    @Test("newlines and tabs from the files show as marks")
    func controls() {
        #expect(Span("a\nb\tc").text == "a↵b c")
    }
}

@Suite("Error drawer and status line")
struct DrawerAndStatusTests {
    @Test("the caret sits under the column, counting wide characters as two cells")
    func caretWithWideCharacters() {
        let error = Diagnostic(
            .error, "unknown property", at: SourceLocation(file: "a.cas", line: 3, column: 4), excerpt: "漢字 bogus 1",
            length: 5, hint: "did you mean 'bold'?")
        let drawer = ErrorDrawer(situation: .keptLastLayout, errors: [error])
        let rows = drawer.render(width: 60, height: 6).plainLines()
        #expect(rows[1] == " a.cas:3:4: unknown property")
        #expect(rows[2] == "   3 │ 漢字 bogus 1")
        #expect(rows[3] == "     │      ^~~~~")
        #expect(rows[4] == "   hint: did you mean 'bold'?")
    }

    @Test("a long source line is cut, not wrapped, and keeps the caret in view")
    func longSourceLine() {
        let line = String(repeating: "a", count: 50) + " bad " + String(repeating: "b", count: 50)
        let error = Diagnostic(.error, "bad", at: SourceLocation(file: "a.cas", line: 7, column: 52), excerpt: line, length: 3)
        let rows = ErrorDrawer(situation: .keptLastLayout, errors: [error]).render(width: 40, height: 5).plainLines()
        #expect(rows[2].hasPrefix("   7 │ …") && rows[2].hasSuffix("…"))
        #expect(rows[2].count == 40)
        let caret = rows[3].firstIndex(of: "^").map { rows[3].distance(from: rows[3].startIndex, to: $0) }
        let bad = rows[2].range(of: "bad").map { rows[2].distance(from: rows[2].startIndex, to: $0.lowerBound) }
        #expect(caret != nil && caret == bad)
        #expect(rows[3].hasSuffix("^~~"))
        // Near the start, only the end is cut.
        let early = Diagnostic(.error, "bad", at: SourceLocation(file: "a.cas", line: 7, column: 3), excerpt: line, length: 1)
        let start = ErrorDrawer(situation: .keptLastLayout, errors: [early]).render(width: 40, height: 5).plainLines()
        #expect(start[2].hasPrefix("   7 │ aaa") && start[2].hasSuffix("…"))
        #expect(start[3] == "     │   ^")
    }

    @Test("too many errors: the last row says how many are left out")
    func overflow() {
        let errors = (1...6).map { Diagnostic(.error, "bad \($0)", at: SourceLocation(file: "a.cas", line: $0, column: 1)) }
        let drawer = ErrorDrawer(situation: .appliedWithErrors, errors: errors)
        #expect(drawer.requestedHeight(width: 40, limit: 4) == 4)
        let rows = drawer.render(width: 40, height: 4).plainLines()
        #expect(rows[0].contains("6 errors"))
        #expect(rows[1] == " a.cas:1:1: bad 1")
        #expect(rows[3].contains("4 more"))
    }

    @Test("the status line drops the least important parts first, never the spec's name")
    func statusPriorities() {
        var timings = StageTimings()
        timings.parse = .microseconds(1200)
        let status = StatusLine(
            specName: "boxes.layout", size: TerminalSize(width: 80, height: 23), viewCount: 4, constraintCount: 20,
            outcome: ReloadOutcome(kind: .reloaded, trigger: .reload, timings: timings, paint: .microseconds(300)),
            frameBytes: 512, warningCount: 2, message: nil, keys: "Tab select · i inspector · ? keys · q quit")
        let wide = status.render(width: 220).plainLines()[0]
        #expect(wide.contains("boxes.layout"))
        #expect(wide.contains("80×23"))
        #expect(wide.contains("4 views 20 constraints"))
        #expect(wide.contains("✓ reloaded in 1.5 ms"))
        #expect(wide.contains("read 0.0 parse 1.2 cascade 0.0 solve 0.0 paint 0.3 ms"))
        #expect(wide.contains("512 B"))
        #expect(wide.contains("⚠ 2"))
        #expect(wide.hasSuffix("Tab select · i inspector · ? keys · q quit"))
        let narrow = status.render(width: 80).plainLines()[0]
        #expect(narrow.contains("boxes.layout"))
        #expect(narrow.contains("reloaded in"))
        #expect(narrow.hasSuffix("? keys · q quit"))
        #expect(!narrow.contains("constraints"))
        #expect(status.render(width: 5).plainLines()[0] == " box…")
    }

    /// At 120 columns with a first load's timings, a newcomer still sees how to
    /// quit: the bytes and the warning count go before "q quit" does.
    @Test("the status line keeps 'q quit' before the bytes on a full row")
    func statusKeepsQuitBeforeBytes() {
        var timings = StageTimings()
        timings.read = .microseconds(100)
        timings.parse = .microseconds(3700)
        timings.cascade = .microseconds(300)
        timings.solve = .microseconds(10_200)
        let status = StatusLine(
            specName: "gallery.layout", size: TerminalSize(width: 120, height: 39), viewCount: 38, constraintCount: 250,
            outcome: ReloadOutcome(kind: .reloaded, trigger: .load, timings: timings, paint: .microseconds(3700)),
            frameBytes: 8677, warningCount: 2, message: nil, keys: "Tab select · i inspector · ? keys · q quit")
        let row = status.render(width: 120).plainLines()[0]
        #expect(row.contains("✓ loaded in 18.0 ms"), "\(row)")
        #expect(row.contains("solve 10.2 paint 3.7 ms"), "\(row)")
        #expect(row.hasSuffix("? keys · q quit"), "\(row)")
        #expect(!row.contains("8677 B"), "\(row)")
        #expect(row.contains("⚠ 2"), "\(row)")
    }

    /// Hardening rough edge: below about 150 columns the timings stayed and
    /// the warning count went. Problems first, then key hints, then timings.
    @Test("errors and warnings outlast the key hints, which outlast the timings, at every width")
    func statusKeepsProblems() {
        var timings = StageTimings()
        timings.parse = .microseconds(3700)
        timings.solve = .microseconds(10_200)
        let status = StatusLine(
            specName: "dashboard.layout", size: TerminalSize(width: 120, height: 39), viewCount: 60,
            constraintCount: 300,
            outcome: ReloadOutcome(kind: .reloaded, trigger: .reload, timings: timings, paint: .microseconds(3700)),
            frameBytes: 8677, errorCount: 1, warningCount: 2, message: nil,
            keys: "Tab select · i inspector · ? keys · q quit")
        for width in 40...220 {
            let row = status.render(width: width).plainLines()[0]
            #expect(row.contains("✖ 1") && row.contains("⚠ 2"), "\(width): \(row)")
            if row.contains("solve") { #expect(row.hasSuffix("Tab select · i inspector · ? keys · q quit"), "\(width): \(row)") }
            if row.contains("cascade") { #expect(row.contains("i inspector"), "\(width): \(row)") }
        }
        #expect(status.render(width: 80).plainLines()[0].hasSuffix("? keys · q quit"))
        let row = status.render(width: 149).plainLines()[0]
        #expect(row.firstRange(of: "✖ 1")!.lowerBound < row.firstRange(of: "✓ reloaded")!.lowerBound, "\(row)")
    }

    /// Hardening rough edge: Home/End, Ctrl-R and Space were bound but not listed.
    @Test("help names every key that is bound")
    func helpNamesEveryBoundKey() {
        let named: [(Key, String)] = [
            (.character("q"), "q"), (.character("r"), "r"), (.control("r"), "Ctrl-R"), (.character("i"), "i"),
            (.function(12), "F12"), (.character("<"), "<"), (.character(">"), ">"), (.character("a"), "a"),
            (.character("?"), "?"), (.function(1), "F1"), (.tab, "Tab"), (.backTab, "Shift-Tab"), (.up, "↑"),
            (.character("k"), "k"), (.down, "↓"), (.character("j"), "j"), (.left, "←"), (.character("h"), "h"),
            (.right, "→"), (.character("l"), "l"), (.home, "Home"), (.end, "End"), (.pageUp, "PgUp"),
            (.pageDown, "PgDn"), (.character(" "), "Space"), (.enter, "Enter"), (.escape, "Esc"),
            (.backspace, "Backspace"), (.character("g"), "g"), (.control("l"), "Ctrl-L"),
            (.scrollUp(x: 0, y: 0), "wheel"), (.mouseClick(x: 0, y: 0), "click"),
        ]
        let listed = KeyBindings.help.map(\.keys).joined(separator: " ")
        let words = Set(listed.split(whereSeparator: { " /(),".contains($0) }).map(String.init))
        for (key, name) in named {
            #expect(KeyBindings.command(for: key) != nil, "\(name) is not bound")
            #expect(words.contains(name), "\(name) is bound but not in the help")
        }
        let rows = HelpDrawer.render(width: 120, height: 40).plainLines()
        for name in ["Home / End", "Ctrl-R", "Space"] { #expect(rows.contains { $0.contains(name) }) }
    }

    @Test("help lists every key binding")
    func help() {
        let rows = HelpDrawer.render(width: 120, height: 30).plainLines()
        for binding in KeyBindings.help {
            #expect(rows.contains { $0.contains(binding.keys) && $0.contains(binding.action) })
        }
    }
}
