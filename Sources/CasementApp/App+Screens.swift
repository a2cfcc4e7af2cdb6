import Casement
import Diagnostics

extension App {
    /// The screen shown (the last pushed).
    public var currentScreen: Screen { screens[screens.count - 1] }

    /// The screen that takes events: the top modal screen, or else the current one.
    public var topScreen: Screen { modals.last ?? currentScreen }

    /// The screens drawn, bottom to top: the current screen, then the modal ones.
    var layers: [Screen] { [currentScreen] + modals }

    /// The layer whose tree holds `view` (nil: none shown).
    func layer(showing view: View) -> Screen? {
        var top = view
        while let parent = top.superview { top = parent }
        for screen in layers where screen.layout?.roots.contains(where: { $0 === top }) ?? (screen.root === top) {
            return screen
        }
        if let overlay = overlayLayers.first(where: { $0.root === top }) { return overlay }
        return nil
    }

    /// The last frame of the layer showing `view`.
    func frameState(showing view: View) -> FrameState? {
        layer(showing: view)?.frameState
    }

    /// Shows `screen` instead of the current one (which stays below it, with its
    /// state, until `pop()`). Its first focusable widget takes the focus. A
    /// screen already on the stack or presented is a warning, and nothing changes.
    public func push(_ screen: Screen, file: String = #fileID, line: Int = #line) {
        guard admit(screen, as: "pushed", file: file, line: line) else { return }
        screens.append(screen)
        show(screen)
    }

    /// Goes back to the screen below the current one. Popping the app's first
    /// screen is a warning, and nothing changes.
    public func pop(file: String = #fileID, line: Int = #line) {
        guard screens.count > 1 else {
            warnUsage("pop() on the app's first screen: there is no screen to go back to", file: file, line: line)
            return
        }
        let gone = screens.removeLast()
        gone.app = nil
        // Modal screens belong to the screen they were presented over.
        for modal in modals { modal.app = nil }
        modals.removeAll()
        show(currentScreen)
    }

    /// Draws `screen` over the current one: what is behind takes no events, its
    /// first focusable widget takes the focus and Tab stays inside it; Escape
    /// dismisses it unless `isDismissable` is false. A screen already shown is a
    /// warning, and nothing changes.
    public func presentModal(_ screen: Screen, file: String = #fileID, line: Int = #line) {
        guard admit(screen, as: "presented", file: file, line: line) else { return }
        modals.append(screen)
        if !screen.root.classes.contains("modal") { screen.root.classes.append("modal") }
        show(screen)
    }

    /// Takes the top modal screen away; the focus goes back to where it was.
    /// With no modal screen shown it is a warning.
    public func dismissModal(file: String = #fileID, line: Int = #line) {
        guard let screen = modals.popLast() else {
            warnUsage("dismissModal() with no modal screen shown", file: file, line: line)
            return
        }
        screen.app = nil
        dev?.watch(self)
        needsDisplay = true
    }

    /// Whether a screen can be shown: not already on the stack or presented,
    /// and its layout can be made.
    private func admit(_ screen: Screen, as verb: String, file: String, line: Int) -> Bool {
        if screens.contains(where: { $0 === screen }) || modals.contains(where: { $0 === screen }) {
            warnUsage("screen '\(screen.id)' is already shown: \(verb) again, it is left where it is",
                      hint: "pop() or dismissModal() it first", file: file, line: line)
            return false
        }
        if screen.layout == nil {
            do {
                screen.layout = try makeLayout(for: screen)
            } catch {
                warnUsage("screen '\(screen.id)' cannot be shown: \(error)", file: file, line: line)
                return false
            }
        }
        return true
    }

    /// A layout for a screen: the runtime's default look for its own screens,
    /// then the app's stylesheets, then the screen's.
    func makeLayout(for screen: Screen) throws(CasementError) -> Layout {
        try Layout(root: screen.root, builtIn: screen.usesRuntimeStyles ? RuntimeStyles.sheets : [:],
                   stylesheets: appStylesheets + screen.stylesheets, size: canvasSize,
                   file: screen.location.file, line: screen.location.line, column: screen.location.column)
    }

    /// Lays a screen out for the app's size and gives the focus to its first
    /// focusable widget when none of its widgets has it.
    private func show(_ screen: Screen) {
        screen.app = self
        dev?.watch(self)
        if let layout = screen.layout, layout.size != canvasSize {
            layout.resize(to: canvasSize)
        }
        for widget in screen.widgets where widget.app !== self { widget.app = self }
        needsDisplay = true
        screen.onShow?()
        guard screen.focusedWidget == nil || screen.focusedWidget?.view.superview == nil else { return }
        screen.focusedWidget = nil
        // Laid out once so that focus order can see frames.
        renderFrame()
        screen.focusedWidget = focusOrder.first
        needsDisplay = true
    }

    /// The size screens are laid out for (less the dev inspector, when open).
    var canvasSize: TerminalSize { dev?.canvasSize(for: size) ?? size }
}
