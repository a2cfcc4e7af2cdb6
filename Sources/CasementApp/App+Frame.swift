import Canvas
import Cells
import LayoutEngine
import Casement
import LayoutEngine
import Stylesheet
import TerminalUI

/// What the last frame was built from: the laid-out views, the painting (for
/// hit tests) and the finished grid.
struct FrameState {
    var views: [ViewLayout] = []
    var indexByID: [String: Int] = [:]
    var painting: Painting?
    var grid: Grid?
    /// Each laid-out view's content box clipped by its ancestors (absolute).
    var contentClips: [CellRect] = []
}

extension App {
    /// Builds the next frame when something changed (nil when nothing did):
    /// applies intrinsic sizes and states, lays out (incrementally), paints the
    /// boxes, lets every widget draw its content, then the dev-mode overlays.
    ///
    /// The layers are drawn bottom to top, each over the one before: the
    /// current screen, its widgets' overlays (open `Select` lists), the modal
    /// screens (each with its own overlays; the command palette is the top one
    /// while open), the toasts, then dev mode's drawer, badge and inspector.
    @discardableResult
    public func renderFrame() -> Grid? {
        let layers = self.layers + overlayLayers
        var layerWidgets: [[Widget]] = []
        var changed = false
        for screen in layers {
            let widgets = screen.widgets
            for widget in widgets where widget.app !== self { widget.app = self }
            applyIntrinsicSizes(widgets)
            applyStates(widgets)
            if screen.layout?.layoutIfNeeded() != nil { changed = true }
            layerWidgets.append(widgets)
        }
        guard needsDisplay || changed || frameState.grid == nil else { return nil }
        if changed { layoutUpdateCount += 1 }
        needsDisplay = false
        var grid: Grid?
        for (screen, widgets) in zip(layers, layerWidgets) {
            collectViews(of: screen)
            settleAfterLayout(screen, widgets)
            if let toasts = screen as? ToastLayer { toasts.prune(in: self) }
            var painted = paintBoxes(of: screen, onto: grid)
            drawContent(of: widgets, in: screen, into: &painted)
            drawWidgetOverlays(of: widgets, into: &painted)
            grid = painted
        }
        var finished = grid ?? Grid(width: size.width, height: size.height)
        dev?.drawOverlays(of: self, into: &finished)
        frameState.grid = finished
        frameCount += 1
        return finished
    }

    /// The grid of the last frame (renders one first if there is none).
    public var screen: Grid {
        if let grid = frameState.grid { return grid }
        return renderFrame() ?? Grid(width: size.width, height: size.height)
    }

    /// Lays the app out for a new size (a terminal resize).
    public func resize(to newSize: TerminalSize) {
        guard newSize != size || newSize != layout.size else { return }
        size = newSize
        for screen in layers + overlayLayers { screen.layout?.resize(to: canvasSize) }
        needsDisplay = true
    }

    func collectViews(of screen: Screen) {
        guard let layout = screen.layout else { return }
        var state = screen.frameState
        screen.frameState = FrameState()   // one owner for the arrays: no copy on write
        state.views = layout.views
        state.indexByID.removeAll(keepingCapacity: true)
        for (index, view) in state.views.enumerated() { state.indexByID[view.id] = index }
        state.contentClips = contentClips(of: state.views)
        screen.frameState = state
    }

    /// What depends on the solved frames, settled in a few more passes: a new
    /// layout can change the chrome around intrinsic sizes, and scroll views fit
    /// their viewports and offsets to the content (each pass only narrows it).
    private func settleAfterLayout(_ screen: Screen, _ widgets: [Widget]) {
        for _ in 0..<3 {
            var changed = applyIntrinsicSizes(widgets)
            for case let scroll as ScrollView in widgets where scroll.adjustAfterLayout() { changed = true }
            guard changed else { return }
            screen.layout?.layoutIfNeeded()
            collectViews(of: screen)
        }
    }

    /// Paints a layer's boxes on a blank grid (the bottom layer) or over the
    /// layers below (transparent backgrounds show them).
    private func paintBoxes(of screen: Screen, onto below: Grid?) -> Grid {
        let isBase = screen === currentScreen
        let nodes = PaintNode.nodes(from: screen.frameState.views, selected: isBase ? dev?.highlightedID : nil,
                                    related: isBase ? dev?.relatedIDs ?? [] : [])
        let painting = below.map { painter.paint(nodes, onto: $0) } ?? painter.paint(nodes, width: size.width, height: size.height)
        screen.frameState.painting = painting
        return painting.grid
    }

    private func drawContent(of widgets: [Widget], in screen: Screen, into grid: inout Grid) {
        let frameState = screen.frameState
        var canvas = ContentCanvas(grid: grid)
        grid = Grid(width: 0, height: 0)  // one owner for the cells: no copy on write
        for widget in widgets {
            guard let id = widget.view.id, let index = frameState.indexByID[id] else { continue }
            let laid = frameState.views[index]
            guard laid.style.visible, isShown(index, in: frameState) else { continue }
            canvas.area = Self.contentBox(of: laid)
            canvas.clip = frameState.contentClips[index]
            canvas.style = laid.style
            guard !canvas.clip.isEmpty else { continue }
            widget.draw(in: &canvas)
        }
        grid = canvas.grid
    }

    /// Whether a view and all its ancestors are visible.
    private func isShown(_ index: Int, in frameState: FrameState) -> Bool {
        var current: Int? = index
        while let at = current {
            if !frameState.views[at].style.visible { return false }
            current = frameState.views[at].parentIndex
        }
        return true
    }

    /// The box inside a view's border and padding.
    static func contentBox(of view: ViewLayout) -> CellRect {
        view.frame.contentBox(for: view.style)
    }

    private func contentClips(of views: [ViewLayout]) -> [CellRect] {
        let screen = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        // As the painter clips: a child to its parent's frame inside the border,
        // and so on up (parents come before children in tree order). A widget's
        // content is further clipped to its own content box.
        var childClips: [CellRect] = [], contentClips: [CellRect] = []
        childClips.reserveCapacity(views.count)
        contentClips.reserveCapacity(views.count)
        for view in views {
            let clip = view.parentIndex.map { childClips[$0] } ?? screen
            childClips.append(view.frame.innerBox(for: view.style).intersection(clip).nonNegative)
            contentClips.append(Self.contentBox(of: view).intersection(clip).nonNegative)
        }
        return contentClips
    }

    /// Feeds changed intrinsic sizes to the solver (constants in place); returns
    /// whether any changed.
    @discardableResult
    func applyIntrinsicSizes(_ widgets: [Widget]) -> Bool {
        var changed = false
        for widget in widgets {
            let content = widget.intrinsicSize
            guard content.width != nil || content.height != nil || widget.intrinsicHandles != nil else { continue }
            let style = computedStyle(of: widget.view)
            let priorities = IntrinsicPriorities(code: widget.view.contentPrioritiesSetInCode, style: style?.contentPriorities)
            let chrome = style?.chrome ?? CellInsets()
            let wanted = IntrinsicSize(width: content.width.map { $0 + chrome.horizontal },
                                       height: content.height.map { $0 + chrome.vertical })
            var handles = widget.intrinsicHandles ?? Self.makeIntrinsicHandles(for: widget.view)
            guard handles.applied != wanted || handles.appliedHugging != widget.hugsContent
                || handles.appliedPriorities != priorities || widget.intrinsicHandles == nil else { continue }
            if handles.appliedPriorities != priorities {
                handles.widthAtLeast.update(priority: priorities.resistWidth)
                handles.widthAtMost.update(priority: priorities.hugWidth)
                handles.heightAtLeast.update(priority: priorities.resistHeight)
                handles.heightAtMost.update(priority: priorities.hugHeight)
                handles.appliedPriorities = priorities
            }
            Self.set(handles.widthAtLeast, to: wanted.width)
            Self.set(handles.widthAtMost, to: widget.hugsContent ? wanted.width : nil)
            Self.set(handles.heightAtLeast, to: wanted.height)
            Self.set(handles.heightAtMost, to: widget.hugsContent ? wanted.height : nil)
            handles.applied = wanted
            handles.appliedHugging = widget.hugsContent
            widget.intrinsicHandles = handles
            changed = true
        }
        return changed
    }

    private static func set(_ handle: Constraint, to value: Int?) {
        if let value {
            handle.update(offset: Double(value))
            if !handle.isActive { handle.activate() }
        } else if handle.isActive {
            handle.deactivate()
        }
    }

    private static func makeIntrinsicHandles(for view: View) -> IntrinsicHandles {
        let made = view.prepareConstraints { make in
            make.width.greaterThanOrEqualTo(0).priority(750).labeled("intrinsic-width-min")
            make.width.lessThanOrEqualTo(0).priority(600).labeled("intrinsic-width-max")
            make.height.greaterThanOrEqualTo(0).priority(750).labeled("intrinsic-height-min")
            make.height.lessThanOrEqualTo(0).priority(600).labeled("intrinsic-height-max")
        }
        return IntrinsicHandles(widthAtLeast: made[0], widthAtMost: made[1], heightAtLeast: made[2], heightAtMost: made[3])
    }

    /// Gives every widget (and its style views) the states the runtime decides;
    /// only changed state sets reach the layout (an incremental restyle).
    func applyStates(_ widgets: [Widget]) {
        for widget in widgets {
            setStates(widget.states, of: widget.view)
            for child in widget.styleViews { setStates(widget.states(ofStyleView: child), of: child) }
        }
    }

    private func setStates(_ states: [String], of view: View) {
        let key = ObjectIdentifier(view)
        guard appliedStates[key] != states else { return }
        appliedStates[key] = states
        if (layer(showing: view)?.layout ?? layout).setStates(states, of: view)?.applied == true { needsDisplay = true }
    }
}

extension CellRect {
    /// The rectangle with negative sizes made empty.
    var nonNegative: CellRect {
        CellRect(x: x, y: y, width: max(0, width), height: max(0, height))
    }
}
