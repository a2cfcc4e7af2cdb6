import Canvas
import Casement
import TerminalUI

extension App {
    /// Delivers one key or mouse event as the terminal reports it: dev-mode keys
    /// first (F12), then the focused widget (the widget under the pointer for the
    /// mouse), bubbling up through its superviews' widgets, then Tab/Shift-Tab,
    /// then the bindings of the screen on top (a modal one: then Escape
    /// dismisses it), then the app's bindings, then Ctrl-P (the command palette).
    public func dispatch(_ key: Key) {
        needsDisplay = true
        if let dev, dev.handle(key, in: self) { return }
        switch key {
        case .mouseClick(let x, let y):
            click(x: x, y: y)
        case .scrollUp(let x, let y), .scrollDown(let x, let y):
            let event: Event = if case .scrollUp = key { .scrollUp } else { .scrollDown }
            pointer(movedTo: x, y: y)
            if let target = widget(atX: x, y: y) { _ = bubble(event, from: target) }
        default:
            if let focused = focusedWidget, bubble(.key(key), from: focused) { return }
            if key == .tab { focusNext(); return }
            if key == .backTab { focusPrevious(); return }
            runBindings(for: key)
        }
    }

    /// What a key no widget took does: the bindings of the screen on top (a
    /// modal one: then Escape dismisses it), then the app's, then Ctrl-P (the
    /// command palette). A click on a `Footer` key runs this too.
    func runBindings(for key: Key) {
        let top = topScreen
        let screenActions = top.bindings.actions(for: key)
        guard screenActions.isEmpty else {
            for action in screenActions { action() }
            return
        }
        if top !== currentScreen, key == .escape {
            if top.isDismissable { dismissModal() }
            return
        }
        let actions = bindings.actions(for: key)
        for action in actions { action() }
        if actions.isEmpty { handleUnbound(key) }
    }

    /// Moves the pointer over (x, y) (sets the `hovered` state). The terminal
    /// layer reports clicks and the wheel only, so the runtime calls this on
    /// every mouse event; a test can call it for motion.
    public func pointer(movedTo x: Int, y: Int) {
        let target = widget(atX: x, y: y)
        if target !== hoveredWidget {
            hoveredWidget = target
            needsDisplay = true
        }
    }

    private func click(x: Int, y: Int) {
        pointer(movedTo: x, y: y)
        if dismissToast(atX: x, y: y) { return }
        let target = widget(atX: x, y: y)
        closeOverlays(except: target)
        guard let target else { return }
        if target.canFocus, !target.isDisabled { focus(target) }
        guard let box = contentBox(of: target.view) else { return }
        _ = bubble(.click(x: x - box.x, y: y - box.y), from: target)
    }

    /// Offers the event to `widget`, then to the widgets of its superviews; a
    /// disabled widget is skipped. A click is translated into each widget's box.
    func bubble(_ event: Event, from widget: Widget) -> Bool {
        var current: View? = widget.view
        var event = event
        var previousBox: CellRect?
        while let view = current {
            if let target = view.widget, !target.isDisabled {
                if case .click(let x, let y) = event, let previous = previousBox, let box = contentBox(of: view) {
                    event = .click(x: x + previous.x - box.x, y: y + previous.y - box.y)
                }
                if target.handle(event) { return true }
            }
            if let box = contentBox(of: view) { previousBox = box }
            current = view.superview
        }
        return false
    }

    /// A view's content box in the last frame of its layer (absolute).
    func contentBox(of view: View) -> CellRect? {
        guard let state = frameState(showing: view), let id = view.id, let index = state.indexByID[id] else { return nil }
        return Self.contentBox(of: state.views[index])
    }

    /// The innermost widget whose view covers (x, y) in the last frame, on the
    /// screen on top (an open `Select` list over it first); what is behind a
    /// modal screen is never hit.
    public func widget(atX x: Int, y: Int) -> Widget? {
        let top = topScreen
        if let open = overlayWidget(atX: x, y: y, on: top) { return open }
        let state = top.frameState
        guard let painting = state.painting, let node = painting.node(atX: x, y: y), node < state.views.count else {
            return nil
        }
        var current: Int? = node
        while let index = current {
            let laid = state.views[index]
            if let view = top.view(laid.id), let widget = view.widget { return widget }
            current = laid.parentIndex
        }
        return nil
    }

    // MARK: Focus

    /// The widgets Tab visits, in tree order: focusable, enabled and laid out on
    /// the screen on top (a modal screen keeps Tab inside it).
    public var focusOrder: [Widget] {
        let frameState = topScreen.frameState
        return topScreen.widgets.filter { widget in
            guard widget.canFocus, !widget.isDisabled else { return false }
            guard let frame = frame(of: widget.view) else { return frameState.views.isEmpty }
            return frame.width > 0 && frame.height > 0 && (computedStyle(of: widget.view)?.visible ?? true)
        }
    }

    /// Gives `widget` the focus (nil: nobody has it) on the screen that shows
    /// it; it takes effect when that screen is on top.
    public func focus(_ widget: Widget?) {
        guard widget !== focusedWidget else { return }
        let screen = widget.flatMap { layer(showing: $0.view) } ?? topScreen
        if screen === topScreen, let leaving = focusedWidget as? any OverlayWidget { leaving.closeOverlay() }
        screen.focusedWidget = widget
        if let widget { scrollIntoView(widget.view) }
        needsDisplay = true
    }

    /// Every scroll view around `view` brings it into view (the innermost first).
    func scrollIntoView(_ view: View) {
        var current = view.superview
        while let ancestor = current {
            if let scroll = ancestor.widget as? ScrollView, scroll.contains(view) { scroll.scrollToVisible(view) }
            current = ancestor.superview
        }
    }

    /// Tab: the next widget in focus order (wrapping around).
    public func focusNext() { moveFocus(by: 1) }

    /// Shift-Tab: the previous widget in focus order.
    public func focusPrevious() { moveFocus(by: -1) }

    private func moveFocus(by step: Int) {
        let order = focusOrder
        guard !order.isEmpty else { return }
        guard let current = focusedWidget, let index = order.firstIndex(where: { $0 === current }) else {
            focus(step > 0 ? order.first : order.last)
            return
        }
        focus(order[(index + step + order.count) % order.count])
    }
}
