import Canvas
import Casement
import TerminalUI

extension App {
    /// Delivers one key or mouse event as the terminal reports it: dev-mode keys
    /// first (F12), then the focused widget (the widget under the pointer for the
    /// mouse), bubbling up through its superviews' widgets, then Tab/Shift-Tab,
    /// then the app's bindings.
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
            for action in bindings[key] ?? [] { action() }
        }
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
        guard let target = widget(atX: x, y: y) else { return }
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

    private func contentBox(of view: View) -> CellRect? {
        guard let id = view.id, let index = frameState.indexByID[id] else { return nil }
        return Self.contentBox(of: frameState.views[index])
    }

    /// The innermost widget whose view covers (x, y) in the last frame.
    public func widget(atX x: Int, y: Int) -> Widget? {
        guard let painting = frameState.painting, let node = painting.node(atX: x, y: y) else { return nil }
        var current: Int? = node
        while let index = current {
            let laid = frameState.views[index]
            if let view = layout.view(laid.id), let widget = view.widget { return widget }
            current = laid.parentIndex
        }
        return nil
    }

    // MARK: Focus

    /// The widgets Tab visits, in tree order: focusable, enabled and laid out on screen.
    public var focusOrder: [Widget] {
        widgets.filter { widget in
            guard widget.canFocus, !widget.isDisabled else { return false }
            guard let frame = frame(of: widget.view) else { return frameState.views.isEmpty }
            return frame.width > 0 && frame.height > 0 && (computedStyle(of: widget.view)?.visible ?? true)
        }
    }

    /// Gives `widget` the focus (nil: nobody has it).
    public func focus(_ widget: Widget?) {
        guard widget !== focusedWidget else { return }
        focusedWidget = widget
        needsDisplay = true
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
