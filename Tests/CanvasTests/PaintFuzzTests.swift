import TestSupport
import Testing
import Canvas
import Cells

/// Random trees painted with a fixed seed: the grid's invariants always hold,
/// and a redraw of the changed runs turns the old frame into the new one.
@Suite struct PaintFuzzTests {
    private static let texts = ["", "a", "hello world", "漢字漢字漢字", "🇯🇵👨‍👩‍👧 x", "e\u{301}\u{302}", "tab\there",
                                "line\nbreak", "\u{7}\u{1B}[31m", "ｶﾀｶﾅ full Ａ", "long-hyphenated-words-here"]
    private static let colors: [Color?] = [nil, .ansi(1), .indexed(200), .rgb(red: 10, green: 200, blue: 30),
                                          .rgb(red: 255, green: 255, blue: 0, alpha: 100), .rgb(red: 0, green: 0, blue: 0, alpha: 0)]

    private func randomTree(_ random: inout SplitMix64, width: Int, height: Int) -> [PaintNode] {
        var nodes: [PaintNode] = []
        for index in 0..<random.int(1...25) {
            let parent: Int? = index == 0 || random.int(0...4) == 0 ? nil : random.int(-1...(index + 1))
            nodes.append(node("n\(index)", parent: parent, random.int(-4...width), random.int(-3...height),
                              random.int(-2...(width + 4)), random.int(-2...(height + 3)),
                              highlight: random.pick([.none, .none, .related, .selected])) { style in
                style.border = random.pick(BorderStyle.allCases)
                style.title = random.pick(Self.texts + [nil])
                style.titleAlign = random.pick(HorizontalAlignment.allCases)
                style.text = random.pick(Self.texts + [nil])
                style.textAlign = random.pick(HorizontalAlignment.allCases)
                style.backgroundColor = random.pick(Self.colors)
                style.foregroundColor = random.pick(Self.colors)
                style.borderColor = random.pick(Self.colors)
                style.padding = Insets(all: Double(random.int(-1...3)))
                style.zIndex = random.int(-2...2)
                style.visible = random.int(0...9) > 0
                style.bold = random.int(0...1) == 1
                style.reverse = random.int(0...3) == 0
            })
        }
        return nodes
    }

    @Test func randomTreesKeepTheGridWhole() {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<600 {
            let width = random.int(1...30), height = random.int(1...12)
            let painting = Painter().paint(randomTree(&random, width: width, height: height), width: width, height: height)
            expectWideCharactersWhole(painting.grid)
            #expect(painting.grid.plainLines().count == height)
            #expect(painting.owners.count == width * height)
            // Renderers accept every painted grid.
            let ansi = ANSIRenderer(depth: random.pick(ColorDepth.allCases)).render(painting.grid)
            #expect(ansi.filter { $0 == "\n" }.count == height)
            #expect(!SVGRenderer().render(painting.grid).isEmpty)
        }
    }

    /// Nodes made one at a time (`paint(count:width:height:node:)`, what
    /// `casement render` uses) paint exactly what the array of them paints,
    /// z-indices, clipping, invisible subtrees and outlines included, and
    /// every node is asked for by an index in range.
    @Test func nodesMadeOneAtATimePaintLikeTheirArray() {
        var random = SplitMix64(seed: 0x0DE5)
        for _ in 0..<400 {
            let width = random.int(1...30), height = random.int(1...12)
            let nodes = randomTree(&random, width: width, height: height)
            let whole = Painter().paint(nodes, width: width, height: height)
            var asked = 0
            let oneByOne = Painter().paint(count: nodes.count, width: width, height: height) { index in
                #expect(nodes.indices.contains(index))
                asked += 1
                return nodes[index]
            }
            #expect(oneByOne.grid == whole.grid)
            #expect(oneByOne.owners == whole.owners)
            #expect(asked >= nodes.count)
        }
    }

    @Test func changedRunsTurnTheOldFrameIntoTheNewOne() {
        var random = SplitMix64(seed: 2024)
        for _ in 0..<400 {
            let width = random.int(1...24), height = random.int(1...8)
            let before = Painter().paint(randomTree(&random, width: width, height: height), width: width, height: height).grid
            let after = Painter().paint(randomTree(&random, width: width, height: height), width: width, height: height).grid
            var redrawn = before
            for run in after.changedRuns(since: before) {
                #expect(!run.cells.isEmpty)
                #expect(!run.cells[0].isContinuation, "a run starts on a wide character's right half")
                for (offset, cell) in run.cells.enumerated() { redrawn[run.x + offset, run.y] = cell }
            }
            #expect(redrawn == after)
            #expect(after.changedRuns(since: after).isEmpty)
        }
    }

    @Test func repaintingTheDamagedRegionEqualsAFullPaint() {
        var random = SplitMix64(seed: 77)
        for _ in 0..<500 {
            let width = random.int(1...30), height = random.int(1...12)
            let before = randomTree(&random, width: width, height: height)
            var after = before
            let changed = random.int(0...(before.count - 1))
            let donor = randomTree(&random, width: width, height: height)[0]
            if random.int(0...1) == 0 { after[changed].frame = donor.frame }
            if random.int(0...1) == 0 { after[changed].style = donor.style }
            if random.int(0...2) == 0 { after[changed].highlight = donor.highlight }
            let old = before[changed].frame, new = after[changed].frame
            func clamp(_ value: Int) -> Int { min(max(value, -100), 100) }
            let left = min(clamp(old.x), clamp(new.x)), top = min(clamp(old.y), clamp(new.y))
            let right = max(clamp(old.x + max(0, old.width)), clamp(new.x + max(0, new.width)))
            let bottom = max(clamp(old.y + max(0, old.height)), clamp(new.y + max(0, new.height)))
            let damage = CellRect(x: left, y: top, width: right - left, height: bottom - top)

            let painter = Painter()
            let previous = painter.paint(before, width: width, height: height)
            let repainted = painter.repaint(after, in: damage, over: previous)
            let full = painter.paint(after, width: width, height: height)
            let same = repainted == full
            #expect(same, "node \(changed), damage \(damage): \(repainted.grid.plainLines()) vs \(full.grid.plainLines())")
            expectWideCharactersWhole(repainted.grid)
        }
    }

    @Test func repaintOutsideTheGridChangesNothing() {
        let nodes = [node("a", 0, 0, 4, 2) { $0.text = "ab" }]
        let painting = Painter().paint(nodes, width: 4, height: 2)
        #expect(Painter().repaint([], in: CellRect(x: 10, y: 10, width: 3, height: 3), over: painting) == painting)
        #expect(Painter().repaint(nodes, in: CellRect(x: -5, y: -5, width: 50, height: 50), over: painting) == painting)
        let removed = Painter().repaint([], in: nodes[0].frame, over: painting)
        #expect(removed == Painter().paint([], width: 4, height: 2))
    }

    @Test func aOneBoxColourChangeRedrawsOnlyThatBox() {
        var nodes = [
            node("screen", 0, 0, 40, 12) { $0.border = .single },
            node("a", parent: 0, 2, 2, 10, 4) { $0.border = .rounded; $0.text = "a" },
            node("b", parent: 0, 20, 2, 10, 4) { $0.border = .rounded; $0.text = "b" },
        ]
        let before = Painter().paint(nodes, width: 40, height: 12).grid
        nodes[2].style.backgroundColor = .ansi(4)
        let after = Painter().paint(nodes, width: 40, height: 12).grid
        let runs = after.changedRuns(since: before)
        #expect(runs.map(\.y) == [2, 3, 4, 5])
        #expect(runs.allSatisfy { $0.x == 20 && $0.cells.count == 10 })
    }
}
