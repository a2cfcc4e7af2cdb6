import Cells
import Diagnostics
import Stylesheet
import TextMetrics

// What a solved layout loses when it is drawn: views that reach past the canvas
// and texts cut off by their own box. Pure functions over frames and styles, so
// the flags, `check` and the inspector agree with what the canvas paints.

/// How far a view's frame reaches past the canvas on each side, in cells (0 for
/// a side it stays inside).
public struct CanvasOverflow: Hashable, Sendable, CustomStringConvertible {
    /// Cells the frame reaches past the canvas's left edge; 0 when inside.
    public var left: Int
    /// Cells the frame reaches past the canvas's top edge; 0 when inside.
    public var top: Int
    /// Cells the frame reaches past the canvas's right edge; 0 when inside.
    public var right: Int
    /// Cells the frame reaches past the canvas's bottom edge; 0 when inside.
    public var bottom: Int

    /// An overflow of the given number of cells past each side (0: inside).
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// `10 cells past the left edge and 2 past the bottom edge`.
    public var description: String {
        let sides = [("left", left), ("top", top), ("right", right), ("bottom", bottom)].filter { $0.1 > 0 }
        return sides.enumerated().map { position, side in
            let amount = position == 0 ? "\(side.1) \(side.1 == 1 ? "cell" : "cells")" : "\(side.1)"
            return "\(amount) past the \(side.0) edge"
        }.joined(separator: " and ")
    }
}

/// A view's text that does not fit in its own box (inside border and padding), as
/// the canvas wraps and cuts it.
public struct TextClipping: Hashable, Sendable {
    /// Cells of text the canvas draws.
    public var shownCells: Int
    /// Cells the whole text takes, wrapped to the box's width.
    public var totalCells: Int
    /// Lines the text wraps to, and how many of them the box shows.
    public var lines: Int
    /// How many of the text's `lines` the box shows.
    public var shownLines: Int

    /// Cells of text that are not drawn.
    public var missingCells: Int { totalCells - shownCells }
}

/// The layout's fit on the canvas: off-canvas views and clipped texts.
public enum CanvasFit {
    /// Per view (tree order), whether it or an ancestor is collapsed
    /// (`collapse true`): it takes no space and nothing of it is drawn.
    public static func collapsed(_ views: [ViewLayout]) -> [Bool] {
        inherited(views) { $0.style.collapse }
    }

    /// Per view, whether the canvas can draw it: neither it nor an ancestor is
    /// hidden (`visible false`) or collapsed.
    public static func drawable(_ views: [ViewLayout]) -> [Bool] {
        inherited(views) { !$0.style.visible || $0.style.collapse }.map { !$0 }
    }

    /// A property that holds for a view when it holds for the view or any
    /// ancestor; tree order puts parents first.
    private static func inherited(_ views: [ViewLayout], _ holds: (ViewLayout) -> Bool) -> [Bool] {
        var result = [Bool](repeating: false, count: views.count)
        for (index, view) in views.enumerated() {
            let parentHolds = view.parentIndex.map { $0 < index && result[$0] } ?? false
            result[index] = parentHolds || holds(view)
        }
        return result
    }

    /// How far `frame` reaches past a canvas of `size`; nil when it lies inside
    /// or has no area (nothing of it is drawn).
    public static func overflow(of frame: ViewFrame, canvas size: TerminalSize) -> CanvasOverflow? {
        guard frame.width > 0, frame.height > 0 else { return nil }
        let overflow = CanvasOverflow(
            left: max(0, -frame.x), top: max(0, -frame.y),
            right: max(0, frame.maxX - size.width), bottom: max(0, frame.maxY - size.height))
        let isInside = overflow.left == 0 && overflow.top == 0 && overflow.right == 0 && overflow.bottom == 0
        return isInside ? nil : overflow
    }

    /// The part of the view's text its own box cuts off, or nil when all of it
    /// shows. The box is the frame inside the border ring and padding; the text
    /// wraps to the box's width and lines below the box are cut, exactly as the
    /// canvas paints it. A box with no room at all shows none of the text.
    public static func clipping(of style: ComputedStyle, frame: ViewFrame) -> TextClipping? {
        guard let text = style.text, !text.isEmpty else { return nil }
        let content = frame.contentBox(for: style)
        let width = content.width, height = content.height
        guard width > 0, height > 0 else {
            let unwrapped = lines(of: text)
            let total = unwrapped.reduce(0) { $0 + $1.width }
            return total > 0 ? TextClipping(shownCells: 0, totalCells: total, lines: unwrapped.count, shownLines: 0) : nil
        }
        let wrapped = wrap(text, width: width)
        var total = 0, shown = 0
        for (row, line) in wrapped.enumerated() {
            total += line.width
            // Only a grapheme wider than the whole box makes a line wider than it.
            if row < height { shown += min(line.width, width) }
        }
        guard shown < total else { return nil }
        return TextClipping(shownCells: shown, totalCells: total, lines: wrapped.count, shownLines: min(height, wrapped.count))
    }


    /// Per view, the fit flags (`off-canvas`, `clipped`, `collapsed`) it earns.
    /// A view in `scrolled` (inside a scrolling viewport) is never off the canvas.
    static func flags(of views: [ViewLayout], canvas size: TerminalSize, scrolled: [Bool]? = nil) -> [[ViewFlag]] {
        let drawable = drawable(views), collapsed = collapsed(views)
        return views.indices.map { index in
            if collapsed[index] { return [.collapsed] }
            guard drawable[index] else { return [] }
            var result: [ViewFlag] = []
            if scrolled?[index] != true, overflow(of: views[index].frame, canvas: size) != nil { result.append(.offCanvas) }
            if clipping(of: views[index].style, frame: views[index].frame) != nil { result.append(.clipped) }
            return result
        }
    }

    /// `check`'s warnings: every drawn view that reaches past the canvas while its
    /// parent does not (the parent's warning covers its children; a top-level
    /// screen laid out larger than the terminal has its own warning), and every
    /// text its box cuts off.
    static func warnings(for views: [ViewLayout], canvas size: TerminalSize, scrolled: [Bool]? = nil) -> [Diagnostic] {
        var result: [Diagnostic] = []
        forEachWarning(for: views, canvas: size, scrolled: scrolled) { _, make in result.append(make()) }
        return result
    }

    /// Per view, whether it is inside a viewport that scrolls its children
    /// (`[overflow=scroll]`): such a view may lie past the screen, to be
    /// scrolled into view, and is not off the canvas. The viewport itself is not.
    static func scrolled(_ views: [ViewLayout], scrolls: (Int) -> Bool) -> [Bool] {
        var result = [Bool](repeating: false, count: views.count)
        for (index, view) in views.enumerated() {
            guard let parent = view.parentIndex, parent < index else { continue }
            result[index] = result[parent] || scrolls(parent)
        }
        return result
    }

    /// The same warnings, each handed to `body` with its location and made only
    /// if `body` calls `make`: `check` shows the first thousand, and a large
    /// spec off a small canvas has a warning for thousands of views.
    static func forEachWarning(
        for views: [ViewLayout], canvas size: TerminalSize, scrolled: [Bool]? = nil,
        _ body: (SourceLocation, _ make: () -> Diagnostic) -> Void
    ) {
        let drawable = drawable(views)
        var isOff = [Bool](repeating: false, count: views.count)
        for (index, view) in views.enumerated() where drawable[index] {
            if scrolled?[index] != true, let overflow = overflow(of: view.frame, canvas: size) {
                isOff[index] = true
                let parentIsOff = view.parentIndex.map { $0 < index && isOff[$0] } ?? false
                if !parentIsOff, view.parentIndex != nil || view.kind != .screen {
                    body(view.location) { offCanvasWarning(view, overflow, canvas: size) }
                }
            }
            // A negative size has its own warning; a box of no size shows none of its text.
            if view.frame.width >= 0, view.frame.height >= 0, let clipping = clipping(of: view.style, frame: view.frame) {
                body(view.location) { clippedWarning(view, clipping) }
            }
        }
    }

    private static func offCanvasWarning(_ view: ViewLayout, _ overflow: CanvasOverflow, canvas size: TerminalSize) -> Diagnostic {
        Diagnostic(
            .warning, .engineOffCanvas,
            "view '\(view.id)' is off the canvas: \(overflow) (its frame is \(view.frame), the canvas \(size))",
            at: view.location,
            hint: "what lies past the edge is not drawn; give it room inside its parent, or lay the screen out for smaller sizes (an @media block or a lower priority)")
    }

    private static func clippedWarning(_ view: ViewLayout, _ clipping: TextClipping) -> Diagnostic {
        let cells = clipping.missingCells == 1 ? "cell" : "cells"
        var message = "the text of view '\(view.id)' is cut off: \(clipping.missingCells) of its \(clipping.totalCells) \(cells) do not fit in its \(view.frame.width)x\(view.frame.height) box"
        if clipping.shownLines < clipping.lines {
            message += " (\(clipping.shownLines) of \(clipping.lines) \(clipping.lines == 1 ? "line" : "lines") shown)"
        }
        return Diagnostic(
            .warning, .engineTextClipped, message, at: view.location,
            hint: "give it more room (the rule that squeezes it could give way), shorten the text, or let it wrap taller")
    }
}
