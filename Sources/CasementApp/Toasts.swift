import Canvas
import Casement
import TextMetrics

/// How much a notification matters; its toast gets the class of the same name
/// (`.toast.error { border-color red }`).
public enum NotificationSeverity: String, Hashable, Sendable {
    /// News: a file was saved, a task is done.
    case information
    /// Something to look at.
    case warning
    /// Something failed.
    case error
}

extension App {
    /// Shows `message` in a toast in the bottom-right corner, over everything
    /// but dev mode's panes, for `timeout` (the pilot's virtual clock counts);
    /// the newest is at the bottom, older ones above it, and a click on one takes it away.
    /// A stack taller than the screen drops its oldest toasts; the stack never
    /// reaches the top row, where dev mode's badge is.
    ///
    /// `.cas`: each toast is a view of classes `toast` and its severity
    /// (`.toast.warning`): a `text` view, measured and wrapped by the engine (at
    /// most 40 columns wide); without a background in the styles it is drawn reversed.
    public func notify(_ message: String, severity: NotificationSeverity = .information,
                       timeout: Duration = .seconds(3)) {
        let layer = toastLayer()
        let toast = layer.add(message, severity: severity)
        after(timeout) { [weak self, weak layer, weak toast] in
            guard let toast, let layer else { return }
            layer.remove(toast)
            self?.needsDisplay = true
        }
        needsDisplay = true
    }

    /// The messages of the toasts shown, oldest first.
    public var notifications: [String] {
        (overlayLayers.first as? ToastLayer)?.toasts.map(\.text) ?? []
    }

    private func toastLayer() -> ToastLayer {
        if let layer = overlayLayers.first as? ToastLayer { return layer }
        let layer = ToastLayer()
        layer.layout = try? makeLayout(for: layer)
        layer.app = self
        overlayLayers.append(layer)
        return layer
    }

    /// A click on a toast takes it away (and goes no further).
    func dismissToast(atX x: Int, y: Int) -> Bool {
        guard let layer = overlayLayers.first as? ToastLayer else { return false }
        guard let toast = layer.toasts.last(where: { frame(of: $0.view)?.contains(x: x, y: y) == true }) else { return false }
        layer.remove(toast)
        needsDisplay = true
        return true
    }
}

/// The toasts: a layer of its own over the screens, never focused.
@MainActor
final class ToastLayer: Screen {
    private(set) var toasts: [Toast] = []
    private var made = 0
    /// The widest a toast grows before its text wraps.
    static let maximumWidth = 40

    init() {
        super.init(id: "toasts")
        usesRuntimeStyles = true
        root.classes.append("toasts")
    }

    func add(_ message: String, severity: NotificationSeverity) -> Toast {
        made += 1
        let toast = Toast(message, id: "toast-\(made)", severity: severity)
        root.addSubview(toast.view)
        toasts.append(toast)
        restack()
        return toast
    }

    func remove(_ toast: Toast) {
        guard let index = toasts.firstIndex(where: { $0 === toast }) else { return }
        toasts.remove(at: index)
        toast.view.removeFromSuperview()
        toast.view.letGoOfAttachment()  // a toast never comes back: free it with its view
        restack()
    }

    /// Newest at the bottom, each older one above it, all at the right edge.
    private func restack() {
        var below: View?
        for toast in toasts.reversed() {
            toast.view.remakeConstraints { make in
                make.right.equalToSuperview().offset(-1)
                if let below { make.bottom.equalTo(below.top) } else { make.bottom.equalToSuperview().offset(-1) }
                make.width.lessThanOrEqualTo(Self.maximumWidth)
            }
            below = toast.view
        }
    }

    /// Drops the oldest toasts while the stack reaches the top row; returns
    /// whether it dropped any (the layer is laid out again then).
    @discardableResult
    func prune(in app: App) -> Bool {
        var dropped = false
        while toasts.count > 1, let oldest = toasts.first, (app.frame(of: oldest.view)?.y ?? 1) < 1 {
            remove(oldest)
            dropped = true
            layout?.layoutIfNeeded()
            app.collectViews(of: self)
        }
        return dropped
    }
}

/// One toast: a `text` view (the engine measures and wraps its words) drawn
/// reversed when no stylesheet gives it a background.
@MainActor
final class Toast: Widget {
    var text: String { view.text ?? "" }

    init(_ message: String, id: String, severity: NotificationSeverity) {
        super.init(.text, id: id, widgetClass: "toast", classes: [severity.rawValue], title: message)
    }

    override func draw(in canvas: inout ContentCanvas) {
        guard canvas.style.backgroundColor == nil else { return }
        var look = canvas.textStyle
        look.attributes.insert(.reverse)
        canvas.fill(y: 0, height: canvas.height, style: look)
        for (row, line) in wrap(text, width: max(1, canvas.width)).enumerated() where row < canvas.height {
            canvas.write(line.text, x: 0, y: row, style: look)
        }
    }
}
