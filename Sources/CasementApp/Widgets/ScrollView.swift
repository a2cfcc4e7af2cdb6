import Canvas
import Casement
import Cells
import Diagnostics
import LayoutSpec
import TerminalUI

/// The directions a `ScrollView` scrolls in.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    /// The axes' bits: 1 vertical, 2 horizontal.
    public let rawValue: Int
    /// Creates axes from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Up and down: the content may be taller than the viewport.
    public static let vertical = ScrollAxes(rawValue: 1)
    /// Sideways: the content may be wider than the viewport.
    public static let horizontal = ScrollAxes(rawValue: 2)
    /// Both directions.
    public static let both: ScrollAxes = [.vertical, .horizontal]
}

/// A viewport onto `content`, a view whose size is solved from its children's
/// constraints, as UIKit's content layout guide: pin the children to
/// `scroll.content` (and to each other) and the content grows to hold them,
/// wider or taller than the viewport. Along an axis that does not scroll the
/// content is as wide (or tall) as the viewport.
///
///     let scroll = ScrollView(id: "details")
///     scroll.content.addSubviews(name, size, modified)
///     name.makeConstraints { make in make.top.left.right.equalToSuperview() }
///     …
///     modified.makeConstraints { make in
///         make.top.equalTo(size.bottom); make.left.right.bottom.equalToSuperview()
///     }
///
/// ↑ ↓ PgUp PgDn Home End (← → sideways) and the wheel scroll it; a scroll bar
/// takes the last column (the last row, sideways) while the content overflows,
/// and a click on it jumps there. A widget inside that takes the focus is
/// scrolled into view. It takes the focus itself only while there is
/// something to scroll.
///
/// `.cas`: the box (`.scroll[state:focused]`, border, padding: the viewport is
/// inside them); the bars are the style view `#<id>-scrollbar` (class
/// `scrollbar`). The viewport is `#<id>-viewport` (class `viewport`), the
/// content `#<id>-content` (class `content`). Class `scroll`. No intrinsic size.
@MainActor
public final class ScrollView: Widget {
    /// The scrolled view: add children here and constrain them to it.
    public let content: View
    /// The part of the scroll view the content shows through (inside its border
    /// and padding, less the scroll bars): constrain to it for, say, a child as
    /// wide as what is seen (`make.width.equalTo(scroll.viewport)`).
    public let viewport: View
    /// The directions it scrolls in; along the others the content fits the viewport.
    public let axes: ScrollAxes
    /// The content's top-left cell shown at the viewport's top-left.
    public var scrollOffset: (x: Int, y: Int) {
        get { (offset.x, offset.y) }
        set { scroll(to: newValue) }
    }
    /// Called after the offset changed (keys, the wheel, a click, code, a focus change).
    public var onScroll: (((x: Int, y: Int)) -> Void)?

    private var offset = CellOffset()
    /// The offset the layout was last given.
    private var appliedOffset = CellOffset()
    private var appliedInsets = CellInsets()
    private var barStyle: View?
    /// Which bars the last frame showed (each takes a column or a row).
    private var bars = (vertical: false, horizontal: false)
    /// A view to bring into view once the layout is known.
    private var pendingVisible: View?
    /// The content's position in the viewport (constants: minus the offset).
    private let x: Constraint, y: Constraint
    /// The viewport's edges on the scroll view's (constants: the chrome and bars).
    private var sides: [Constraint] = []

    private struct CellOffset: Equatable {
        var x = 0
        var y = 0
    }

    /// A scroll view (vertical by default); the call site locates its view and
    /// its rules in diagnostics.
    public init(axes: ScrollAxes = .vertical, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.axes = axes
        let name = id ?? WidgetIDs.next("scroll")
        // overflow=scroll: the engine knows the content may lie past the screen.
        viewport = View(.box, id: "\(name)-viewport", classes: ["viewport"], params: ["overflow": "scroll"],
                        file: file, line: line, column: column)
        content = View(.box, id: "\(name)-content", classes: ["content"], file: file, line: line, column: column)
        (x, y) = Self.place(content, in: viewport, axes: axes)
        super.init(id: name, widgetClass: "scroll", classes: classes, file: file, line: line, column: column)
        view.addSubview(viewport, file: file, line: line, column: column)
        viewport.addSubview(content, file: file, line: line, column: column)
        viewport.makeConstraints { make in
            sides = [
                make.left.equalTo(view.left).labeled("scroll-viewport-left").constraint,
                make.top.equalTo(view.top).labeled("scroll-viewport-top").constraint,
                make.right.equalTo(view.right).labeled("scroll-viewport-right").constraint,
                make.bottom.equalTo(view.bottom).labeled("scroll-viewport-bottom").constraint,
            ]
        }
        barStyle = addStyleView(id: "scrollbar", classes: ["scrollbar"])
    }

    /// The rules that place the content in the viewport: at the offset, as big
    /// as its children make it (weakly the viewport's size, exactly along an axis
    /// that does not scroll).
    private static func place(_ content: View, in viewport: View, axes: ScrollAxes) -> (Constraint, Constraint) {
        var x: Constraint!, y: Constraint!
        content.makeConstraints { make in
            x = make.left.equalTo(viewport.left).labeled("scroll-x").constraint
            y = make.top.equalTo(viewport.top).labeled("scroll-y").constraint
            make.width.equalTo(viewport.width).priority(axes.contains(.horizontal) ? .weak : .required)
                .labeled("scroll-content-width")
            make.height.equalTo(viewport.height).priority(axes.contains(.vertical) ? .weak : .required)
                .labeled("scroll-content-height")
        }
        return (x, y)
    }

    // MARK: Reading

    /// The content's size in cells, as last laid out ((0, 0) before the first frame).
    public var contentSize: (width: Int, height: Int) {
        let frame = app?.frame(of: content)
        return (frame?.width ?? 0, frame?.height ?? 0)
    }

    /// The viewport's size in cells, as last laid out.
    public var viewportSize: (width: Int, height: Int) {
        let frame = app?.frame(of: viewport)
        return (frame?.width ?? 0, frame?.height ?? 0)
    }

    /// The largest offset along each axis: the content's size less the viewport's.
    public var maximumOffset: (x: Int, y: Int) {
        let content = contentSize, port = viewportSize
        return (max(0, content.width - port.width), max(0, content.height - port.height))
    }

    // MARK: Scrolling

    /// Scrolls so that the content's cell `offset` is at the viewport's top-left
    /// (clamped to the content once it is laid out).
    public func scroll(to offset: (x: Int, y: Int)) {
        move(to: CellOffset(x: offset.x, y: offset.y))
    }

    /// Scrolls by a number of cells (negative: back).
    public func scroll(by delta: (x: Int, y: Int)) {
        move(to: CellOffset(x: offset.x + delta.x, y: offset.y + delta.y))
    }

    /// Scrolls as little as needed to show `view` (a view inside `content`),
    /// its top-left first when it is bigger than the viewport. It takes effect at
    /// the next frame, when the layout is known. A view not inside the content
    /// is a warning at the line of the call, and nothing scrolls.
    public func scrollToVisible(_ view: View, file: String = #fileID, line: Int = #line) {
        guard contains(view) else {
            warnUsage("scrollToVisible: '\(view.id ?? "a view")' is not inside the content of scroll view '\(self.view.id ?? "")'",
                      hint: "add it to scroll.content (or to a view inside it)",
                      at: SourceLocation(file: file, line: line, column: 1))
            return
        }
        pendingVisible = view
        setNeedsDisplay()
    }

    /// Whether `view` is inside the content (the content itself included).
    func contains(_ view: View) -> Bool {
        var current: View? = view
        while let at = current {
            if at === content { return true }
            current = at.superview
        }
        return false
    }

    private func move(to wanted: CellOffset) {
        var next = wanted
        if !axes.contains(.horizontal) { next.x = 0 }
        if !axes.contains(.vertical) { next.y = 0 }
        next.x = max(0, next.x)
        next.y = max(0, next.y)
        if app?.frame(of: content) != nil {
            let limit = maximumOffset
            next.x = min(next.x, limit.x)
            next.y = min(next.y, limit.y)
        }
        guard next != offset else { return }
        offset = next
        applyOffset()
        onScroll?((offset.x, offset.y))
        setNeedsDisplay()
    }

    /// Gives the layout the offset (constants changed in place in the solver).
    @discardableResult
    private func applyOffset() -> Bool {
        guard offset != appliedOffset else { return false }
        x.update(offset: Double(-offset.x))
        y.update(offset: Double(-offset.y))
        appliedOffset = offset
        return true
    }

    // MARK: After a layout

    /// Fits what depends on the solved frames: the viewport inside the chrome
    /// and the bars, the offset clamped to the content, a view waiting to be
    /// shown. Returns whether a rule changed (the layout runs again).
    func adjustAfterLayout() -> Bool {
        guard let app, let port = app.frame(of: viewport), let laid = app.frame(of: content) else { return false }
        let chrome = app.computedStyle(of: view)?.chrome ?? CellInsets()
        let overflow = (vertical: axes.contains(.vertical) && laid.height > port.height,
                        horizontal: axes.contains(.horizontal) && laid.width > port.width)
        // A bar shown makes the viewport smaller, which only adds to the
        // overflow (text wraps taller): the choice settles in one more pass.
        if overflow.vertical && !bars.vertical { bars.vertical = true }
        if overflow.horizontal && !bars.horizontal { bars.horizontal = true }
        if !overflow.vertical && bars.vertical && laid.height <= port.height { bars.vertical = false }
        if !overflow.horizontal && bars.horizontal && laid.width <= port.width { bars.horizontal = false }
        var changed = applyInsets(CellInsets(top: chrome.top, left: chrome.left,
                                             bottom: chrome.bottom + (bars.horizontal ? 1 : 0),
                                             right: chrome.right + (bars.vertical ? 1 : 0)))
        if changed { return true }
        var next = offset
        if let target = pendingVisible, let frame = app.frame(of: target) {
            pendingVisible = nil
            next = Self.offset(showing: frame, in: port, content: laid, from: offset)
        }
        next.x = min(max(0, next.x), max(0, laid.width - port.width))
        next.y = min(max(0, next.y), max(0, laid.height - port.height))
        if next != offset {
            offset = next
            onScroll?((offset.x, offset.y))
        }
        changed = applyOffset() || changed
        return changed
    }

    /// The offset nearest `current` that shows `frame` (absolute, as laid out
    /// with the content at `content`) in `port`.
    private static func offset(showing frame: ViewFrame, in port: ViewFrame, content: ViewFrame,
                               from current: CellOffset) -> CellOffset {
        func axis(_ start: Int, _ length: Int, _ visible: Int, _ at: Int) -> Int {
            if start + length > at + visible { return min(start, start + length - visible) }
            return start < at ? start : at
        }
        return CellOffset(x: axis(frame.x - content.x, frame.width, port.width, current.x),
                          y: axis(frame.y - content.y, frame.height, port.height, current.y))
    }

    private func applyInsets(_ insets: CellInsets) -> Bool {
        guard insets != appliedInsets else { return false }
        appliedInsets = insets
        sides[0].update(offset: Double(insets.left))
        sides[1].update(offset: Double(insets.top))
        sides[2].update(offset: Double(-insets.right))
        sides[3].update(offset: Double(-insets.bottom))
        return true
    }

    // MARK: Widget

    /// Focusable while there is something to scroll.
    public override var canFocus: Bool { bars.vertical || bars.horizontal }
    /// Never: a viewport takes whatever room its rules give it.
    public override var hugsContent: Bool { false }

    /// Draws the scroll bars of the axes that overflow; the content draws itself.
    public override func draw(in canvas: inout ContentCanvas) {
        let look = scrollBarLook(barStyle, fallback: canvas.textStyle)
        let port = viewportSize, size = contentSize
        if bars.vertical {
            ScrollBar.drawVertical(ScrollBar(total: size.height, visible: port.height, offset: offset.y),
                                   x: canvas.width - 1, length: port.height, in: &canvas, look: look)
        }
        if bars.horizontal {
            ScrollBar.drawHorizontal(ScrollBar(total: size.width, visible: port.width, offset: offset.x),
                                     y: canvas.height - 1, length: port.width, in: &canvas, look: look)
        }
    }

    /// The scrolling keys and the wheel move the content; other events bubble on.
    public override func handle(_ event: Event) -> Bool {
        let port = viewportSize
        let page = max(1, port.height - 1)
        let limit = maximumOffset
        switch event {
        case .key(.up) where bars.vertical: scroll(by: (0, -1))
        case .key(.down) where bars.vertical: scroll(by: (0, 1))
        case .key(.pageUp) where bars.vertical: scroll(by: (0, -page))
        case .key(.pageDown) where bars.vertical: scroll(by: (0, page))
        case .key(.home) where bars.vertical: scroll(to: (offset.x, 0))
        case .key(.end) where bars.vertical: scroll(to: (offset.x, limit.y))
        case .key(.left) where bars.horizontal: scroll(by: (-4, 0))
        case .key(.right) where bars.horizontal: scroll(by: (4, 0))
        case .scrollUp where bars.vertical: scroll(by: (0, -3))
        case .scrollDown where bars.vertical: scroll(by: (0, 3))
        case .click(let x, let y):
            return clickOnBar(x: x, y: y, port: port)
        default: return false
        }
        return true
    }

    /// A click on a bar scrolls that part of the content into view.
    private func clickOnBar(x: Int, y: Int, port: (width: Int, height: Int)) -> Bool {
        let size = contentSize
        if bars.vertical, x == port.width, (0..<port.height).contains(y) {
            scroll(to: (offset.x, ScrollBar(total: size.height, visible: port.height, offset: 0).offset(atCell: y, track: port.height)))
            return true
        }
        if bars.horizontal, y == port.height, (0..<port.width).contains(x) {
            scroll(to: (ScrollBar(total: size.width, visible: port.width, offset: 0).offset(atCell: x, track: port.width), offset.y))
            return true
        }
        return false
    }
}
