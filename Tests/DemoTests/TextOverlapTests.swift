import Cells
import LayoutEngine
import Stylesheet
import Testing
import TextMetrics

@testable import casement

/// Texts drawn over each other: the cells where two text views put glyphs intersect.
@Suite struct SlowTextOverlapTests {
    /// The header's brand, environment and clock at every width the gallery can
    /// open the dashboard at (`◆ Casement Oproduction · eu-west-1` at 48 columns
    /// before): centred while there is room, pushed aside, then collapsed.
    @Test func theDashboardHeaderNeverOverlaps() throws {
        var failures: [String] = []
        for width in 40...200 {
            for height in [10, 24, 60] {
                let size = TerminalSize(width: width, height: height)
                guard case .success(let session) = SpecLoading.load(
                    DemoFiles.relativeSpec("dashboard"), size: size, reader: DemoFiles.rootReader)
                else { Issue.record("cannot load the dashboard"); return }
                let header = session.views.filter { $0.id == "header" || $0.parent == "header" }
                let inHeader = session.views.map { header.map(\.id).contains($0.id) ? $0 : Self.notDrawn($0) }
                if let overlap = Self.firstOverlap(in: inHeader, canvas: size) { failures.append("\(size): \(overlap)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// The widths the sweep lays every demo out at: every 8 columns from 40 to 200,
    /// the round widths a terminal is often set to, and both sides of the demos'
    /// `@media` breakpoints (64, 70, 110 columns).
    static let sweepWidths: [Int] = Array(Set(Array(stride(from: 40, through: 200, by: 8))
        + [40, 48, 56, 63, 64, 69, 70, 80, 100, 109, 110, 120, 200])).sorted()

    /// The heights of the sweep: a short terminal (10 rows), the canvas the
    /// designer leaves on common terminals, and both sides of the 32-row breakpoint.
    static let sweepHeights = [10, 15, 24, 31, 32, 40, 60]

    /// No demo draws two texts over each other at any size the gallery can open it
    /// at: each degrades (smaller boxes, a collapsed hint) rather than overlapping.
    @Test(arguments: DemoFiles.expectedDemos)
    func noDemoOverlapsTextAtAnySize(_ demo: String) throws {
        var failures: [String] = []
        for height in Self.sweepHeights {
            for width in Self.sweepWidths {
                let size = TerminalSize(width: width, height: height)
                guard case .success(let session) = SpecLoading.load(
                    DemoFiles.relativeSpec(demo), size: size, reader: DemoFiles.rootReader)
                else { Issue.record("cannot load \(demo)"); return }
                if let overlap = Self.firstOverlap(in: session.views, canvas: size) {
                    failures.append("\(width)x\(height): \(overlap)")
                }
            }
        }
        #expect(failures.isEmpty, "\(demo) overlaps at \(failures.count) sizes: \(failures.prefix(8))")
    }

    @Test func theEnvironmentIsCentredWhenThereIsRoomAndCollapsedWhenThereIsNone() throws {
        for (width, expected) in [(80, 29), (48, nil), (51, 17)] as [(Int, Int?)] {
            let size = TerminalSize(width: width, height: 24)
            guard case .success(let session) = SpecLoading.load(
                DemoFiles.relativeSpec("dashboard"), size: size, reader: DemoFiles.rootReader)
            else { Issue.record("cannot load the dashboard"); return }
            let env = try #require(session.view("env"))
            if let expected {
                #expect(env.frame.x == expected && env.frame.width == 22, "at \(width): \(env.frame)")
            } else {
                #expect(env.style.collapse && env.frame.width == 0, "at \(width): \(env.frame)")
            }
        }
    }

    /// The view with no text, so it draws no glyphs.
    static func notDrawn(_ view: ViewLayout) -> ViewLayout {
        var copy = view
        copy.style.text = nil
        return copy
    }

    /// The first pair of text views whose glyph cells meet, described.
    static func firstOverlap(in views: [ViewLayout], canvas: TerminalSize) -> String? {
        var owner: [Int: Int] = [:]
        let clips = paintClips(views, canvas: canvas)
        for (index, view) in views.enumerated() {
            guard let clip = clips[index] else { continue }
            for cell in glyphCells(view, clip: clip) {
                let key = cell.y * 100_000 + cell.x
                if let other = owner[key], other != index {
                    return "'\(views[other].id)' and '\(view.id)' both draw at x=\(cell.x) y=\(cell.y)"
                }
                owner[key] = index
            }
        }
        return nil
    }

    /// Per view, the rectangle the canvas clips it to (nil when it is not drawn),
    /// as the painter works it out: the canvas for a root, the parent's clip
    /// within the parent's inner box for a child.
    static func paintClips(_ views: [ViewLayout], canvas: TerminalSize) -> [Rect?] {
        var clips = [Rect?](repeating: nil, count: views.count)
        for (index, view) in views.enumerated() {
            let frame = Rect(view.frame)
            guard view.style.visible, !view.style.collapse, frame.width > 0, frame.height > 0 else { continue }
            var clip = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            if let parent = view.parentIndex {
                guard let parentClip = clips[parent] else { continue }
                let ring = views[parent].style.border == .none ? 0 : 1
                clip = parentClip.intersection(Rect(views[parent].frame).inset(ring, ring, ring, ring))
            }
            guard !frame.intersection(clip).isEmpty else { continue }
            clips[index] = clip
        }
        return clips
    }

    /// The cells the view's text puts glyphs on: wrapped to its content box,
    /// aligned, cut to the box and the clip; spaces are not glyphs.
    static func glyphCells(_ view: ViewLayout, clip: Rect) -> [(x: Int, y: Int)] {
        guard let text = view.style.text, !text.isEmpty else { return [] }
        let ring = view.style.border == .none ? 0 : 1
        let padding = view.style.padding
        func cells(_ value: Double) -> Int { value.isFinite && value > 0 ? Int(value.rounded()) : 0 }
        let content = Rect(view.frame).inset(
            ring + cells(padding.top), ring + cells(padding.left), ring + cells(padding.bottom), ring + cells(padding.right))
        let area = content.intersection(clip)
        guard content.width > 0, content.height > 0, !area.isEmpty else { return [] }
        var result: [(x: Int, y: Int)] = []
        for (row, line) in wrap(text, width: content.width, maxLines: content.height).enumerated() {
            let slack = max(0, content.width - line.width)
            var x = content.x + (view.style.textAlign == .center ? slack / 2 : view.style.textAlign == .right ? slack : 0)
            let y = content.y + row
            for grapheme in line.text {
                let width = cellWidth(of: grapheme)
                if grapheme != " ", y >= area.y, y < area.maxY {
                    for column in x..<(x + max(width, 1)) where column >= area.x && column < area.maxX {
                        result.append((column, y))
                    }
                }
                x += width
            }
        }
        return result
    }

    struct Rect {
        var x, y, width, height: Int
        var maxX: Int { x + width }
        var maxY: Int { y + height }
        var isEmpty: Bool { width <= 0 || height <= 0 }

        init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }

        init(_ frame: ViewFrame) { self.init(x: frame.x, y: frame.y, width: frame.width, height: frame.height) }

        func intersection(_ other: Rect) -> Rect {
            let left = max(x, other.x), top = max(y, other.y)
            return Rect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left), height: max(0, min(maxY, other.maxY) - top))
        }

        func inset(_ top: Int, _ left: Int, _ bottom: Int, _ right: Int) -> Rect {
            Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
        }
    }
}
