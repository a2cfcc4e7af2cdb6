import Canvas
import Casement
import TerminalUI
import TextMetrics

/// The scrolling behind `TextView` and `LogView`: lines (wrapped or not), a
/// viewport onto their rows, the keys and the wheel that move it, and a
/// scroll bar in the last column while the text is taller than the viewport.
struct ScrolledText {
    var store = LineStore()
    var wraps = true
    /// The first row shown.
    var top = 0
    /// The first column shown (unwrapped text scrolls sideways).
    var left = 0
    /// The viewport's rows and columns, as last drawn.
    var height = 0
    var width = 0

    var maximumTop: Int { max(0, store.rowCount - height) }
    var isAtEnd: Bool { top >= maximumTop }

    mutating func clamp() {
        top = min(max(0, top), maximumTop)
        left = max(0, left)
    }

    /// Fits the text to a content box: wraps to its width, less a column for
    /// the scroll bar when the rows overflow it.
    mutating func fit(width: Int, height: Int) {
        self.width = width
        self.height = height
        guard wraps else {
            store.wrap(to: nil)
            return
        }
        // Already wrapped beside a bar the rows still need: keep it. Trying the
        // full width first would re-measure every line twice a frame.
        if width > 1, store.wrapWidth == width - 1, store.rowCount > height { return }
        // More lines than rows overflow at any width: straight to the bar's.
        if width > 1, store.count > height {
            store.wrap(to: width - 1)
            return
        }
        store.wrap(to: width)
        if store.rowCount > height, width > 1 { store.wrap(to: width - 1) }
    }

    /// Whether the scroll bar takes the last column.
    var showsBar: Bool { store.rowCount > height && height > 0 && width > 1 }

    /// Moves the viewport for a key or the wheel; returns whether it was one.
    mutating func scroll(for event: Event) -> Bool {
        let page = max(1, height - 1)
        switch event {
        case .key(.up): top -= 1
        case .key(.down): top += 1
        case .key(.pageUp): top -= page
        case .key(.pageDown): top += page
        case .key(.home): top = 0
        case .key(.end): top = maximumTop
        case .key(.left) where !wraps: left -= 4
        case .key(.right) where !wraps: left += 4
        case .scrollUp: top -= 3
        case .scrollDown: top += 3
        case .click(let x, let y) where showsBar && x == width - 1 && (0..<height).contains(y):
            // On the scroll bar: that part of the text.
            top = ScrollBar(total: store.rowCount, visible: height, offset: top).offset(atCell: y, track: height)
        default: return false
        }
        clamp()
        return true
    }

    mutating func draw(in canvas: inout ContentCanvas, barLook: CellStyle) {
        let textWidth = showsBar ? canvas.width - 1 : canvas.width
        var row = 0
        if var at = store.location(ofRow: top) {
            while row < canvas.height, at.line < store.count {
                let pieces = store.pieces(ofLine: at.line)
                while row < canvas.height, at.rowInLine < pieces.count {
                    write(pieces[at.rowInLine], row: row, width: textWidth, in: &canvas)
                    row += 1
                    at.rowInLine += 1
                }
                at = (at.line + 1, 0)
            }
        }
        if showsBar {
            ScrollBar.drawVertical(ScrollBar(total: store.rowCount, visible: canvas.height, offset: top),
                                   x: canvas.width - 1, length: canvas.height, in: &canvas, look: barLook)
        }
    }

    private func write(_ piece: String, row: Int, width: Int, in canvas: inout ContentCanvas) {
        Self.write(piece, row: row, from: left, width: width, in: &canvas)
    }

    /// Writes the cells of `piece` from cell `left` on, `width` cells of them, on
    /// `row`; a wide character cut by the left edge is left out (a blank instead).
    static func write(_ piece: String, row: Int, from left: Int, width: Int, in canvas: inout ContentCanvas,
                      style: CellStyle? = nil) {
        guard left > 0 else {
            canvas.write(piece.prefixFitting(width), x: 0, y: row, style: style)
            return
        }
        var column = 0
        var start = piece.startIndex
        while start < piece.endIndex, column < left {
            column += cellWidth(of: piece[start])
            piece.formIndex(after: &start)
        }
        canvas.write(String(piece[start...]).prefixFitting(width - (column - left)), x: column - left, y: row, style: style)
    }
}

extension String {
    /// The longest prefix that fits in `width` cells (wide characters kept whole).
    func prefixFitting(_ width: Int) -> Substring {
        if utf8.count <= width { return self[...] }
        var used = 0
        var end = startIndex
        while end < endIndex {
            let next = cellWidth(of: self[end])
            if used + next > width { break }
            used += next
            formIndex(after: &end)
        }
        return self[..<end]
    }
}

/// Read-only multi-line text, wrapped to its width (`wraps`, the default) or
/// not (then ← → scroll sideways), scrolled by ↑ ↓ PgUp PgDn Home End and the
/// wheel, with a scroll bar in the last column while the text overflows (a
/// click on it jumps there).
/// Control characters show as their pictures (`␛`), tabs as spaces.
///
/// `.cas`: the box (`.textview[state:focused]`, `color`, `background`); the
/// scroll bar is the style view `#<id>-scrollbar` (class `scrollbar`):
/// `.scrollbar { color bright-black }`. Class `textview`. It fills the room it
/// is given (no intrinsic size).
@MainActor
public final class TextView: Widget {
    var scrolled = ScrolledText()
    private var barStyle: View?

    /// The text shown (lines split at every line break).
    public var text: String {
        get { scrolled.store.lines.joined(separator: "\n") }
        set {
            scrolled.store = LineStore(LineStore.split(newValue))
            scrolled.top = 0
            scrolled.left = 0
            setNeedsDisplay()
        }
    }

    /// Whether long lines wrap at the width (true) or run on, scrolled sideways.
    public var wraps: Bool {
        get { scrolled.wraps }
        set {
            guard newValue != scrolled.wraps else { return }
            scrolled.wraps = newValue
            scrolled.left = 0
            setNeedsDisplay()
        }
    }

    /// A view of `text`; the call site locates its view in diagnostics.
    public init(text: String = "", wraps: Bool = true, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        super.init(id: id, widgetClass: "textview", classes: classes, file: file, line: line, column: column)
        scrolled.store = LineStore(LineStore.split(text))
        scrolled.wraps = wraps
        barStyle = addStyleView(id: "scrollbar", classes: ["scrollbar"])
    }

    /// Lines of text (before wrapping).
    public var lineCount: Int { scrolled.store.count }
    /// Rows the text takes at the current width (wrapped lines count once per row).
    public var rowCount: Int { scrolled.store.rowCount }
    /// The first row shown (a line, when the text does not wrap); setting it scrolls.
    public var scrollOffset: Int {
        get { scrolled.top }
        set {
            scrolled.top = newValue
            scrolled.clamp()
            setNeedsDisplay()
        }
    }

    /// Scrolls so that line `index` is the first shown (as far as the text allows).
    public func scroll(toLine index: Int) {
        scrollOffset = scrolled.store.firstRow(ofLine: index)
    }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    public override func draw(in canvas: inout ContentCanvas) {
        scrolled.fit(width: canvas.width, height: canvas.height)
        scrolled.clamp()
        scrolled.draw(in: &canvas, barLook: scrollBarLook(barStyle, fallback: canvas.textStyle))
    }

    public override func handle(_ event: Event) -> Bool {
        guard scrolled.scroll(for: event) else { return false }
        setNeedsDisplay()
        return true
    }
}

/// Lines appended as they come (a log, a build's output), keeping at most
/// `maximumLines`; the view follows the end unless the user scrolled up (End,
/// or scrolling back to the bottom, follows again). Wraps and scrolls as `TextView`.
///
/// `.cas`: as `TextView` (the box, `#<id>-scrollbar` of class `scrollbar`). Class `log`.
@MainActor
public final class LogView: Widget {
    var scrolled = ScrolledText()
    private var barStyle: View?
    /// The most lines kept; older ones are dropped as new ones come.
    public var maximumLines: Int { didSet { trim(); setNeedsDisplay() } }
    /// Whether the view shows the end as lines come (false once the user scrolls up).
    public private(set) var isFollowing = true

    /// An empty log keeping at most `maximumLines` lines (at least 1).
    public init(maximumLines: Int = 10_000, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.maximumLines = max(1, maximumLines)
        super.init(id: id, widgetClass: "log", classes: classes, file: file, line: line, column: column)
        if maximumLines < 1 { warnUsage("LogView keeps at least one line: maximumLines \(maximumLines) is taken as 1") }
        barStyle = addStyleView(id: "scrollbar", classes: ["scrollbar"])
    }

    /// Adds a line at the end (text with line breaks adds one line per part).
    public func append(_ line: String) {
        for part in LineStore.split(line) { scrolled.store.append(part) }
        trim()
        if isFollowing { scrolled.top = scrolled.maximumTop }
        setNeedsDisplay()
    }

    /// Removes every line.
    public func clear() {
        scrolled.store = LineStore()
        scrolled.top = 0
        isFollowing = true
        setNeedsDisplay()
    }

    /// The lines kept, oldest first.
    public var lines: [String] { Array(scrolled.store.lines) }
    /// Lines kept.
    public var lineCount: Int { scrolled.store.count }
    /// The first row shown.
    public var scrollOffset: Int { scrolled.top }

    private func trim() {
        let excess = scrolled.store.count - maximumLines
        guard excess > 0 else { return }
        let droppedRows = scrolled.store.firstRow(ofLine: excess)
        scrolled.store.dropFirst(excess)
        scrolled.top = max(0, scrolled.top - droppedRows)
    }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    public override func draw(in canvas: inout ContentCanvas) {
        scrolled.fit(width: canvas.width, height: canvas.height)
        if isFollowing { scrolled.top = scrolled.maximumTop }
        scrolled.clamp()
        scrolled.draw(in: &canvas, barLook: scrollBarLook(barStyle, fallback: canvas.textStyle))
    }

    public override func handle(_ event: Event) -> Bool {
        guard scrolled.scroll(for: event) else { return false }
        isFollowing = scrolled.isAtEnd
        setNeedsDisplay()
        return true
    }
}
