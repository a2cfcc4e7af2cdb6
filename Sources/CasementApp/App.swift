import Canvas
import Casement
import Foundation
import LayoutEngine
import Stylesheet
import TerminalUI

/// An app: a root view tree run on the terminal (or headless, under `AppPilot`).
///
///     let root = View(.screen, id: "root")
///     let list = ListView(items: ["one", "two"])
///     root.addSubview(list)
///     list.makeConstraints { make in make.edges.equalToSuperview() }
///     let app = try App(root: root, stylesheets: ["app.cas"])
///     app.bind(.character("q")) { app.quit() }
///     try app.run()
///
/// **Concurrency.** The app, its views and widgets belong to the main actor: one
/// event loop (keys, mouse, resize, timers, file changes, posted changes) runs
/// there, and every frame is built there. Code on other threads or tasks never
/// touches views; it hands a closure to `post(_:)` (callable from anywhere),
/// which the loop runs on the main actor before the next frame. Changes made in
/// handlers, timers and posted closures are applied together at the next frame:
/// the layout's identity diff turns them into incremental solver updates, and
/// only the cells that changed reach the terminal.
@MainActor
public final class App {
    /// The layout of the current screen's views (stylesheets, diagnostics, `explain`).
    public internal(set) var layout: Layout {
        get { currentScreen.layout! }
        set { currentScreen.layout = newValue }
    }
    /// The current screen's top-level view.
    public var root: View { layout.root }
    /// The screens pushed, the app's first one at the bottom; the last is shown.
    public internal(set) var screens: [Screen]
    /// The modal screens drawn over the current one, the last on top (it takes the events).
    public internal(set) var modals: [Screen] = []
    /// The stylesheets every screen uses (a pushed screen adds its own).
    let appStylesheets: [String]
    /// Set by widgets and the runtime when something must be drawn again.
    public var needsDisplay = true
    /// The widget with the keyboard focus (on the top modal screen, or else the current screen).
    public var focusedWidget: Widget? { topScreen.focusedWidget }
    /// The widget the mouse was last over.
    public internal(set) var hoveredWidget: Widget?
    /// Whether `quit()` was called (or a quit signal arrived).
    public internal(set) var isQuitting = false
    /// Why the last `run()` ended (`.quit` until a signal ends one).
    public internal(set) var ending = AppEnding.quit
    /// Development mode (`--dev`, `CASEMENT_DEV=1`): live reload, error drawer, F12 inspector.
    public let isDevMode: Bool
    /// Time since the app started: the real clock when run, a virtual one under `AppPilot`.
    public internal(set) var now: Duration = .zero
    /// Paints the boxes of every frame.
    var painter = Painter()

    var size: TerminalSize
    var bindings = KeyBindings()
    var timers: [AppTimer] = []
    var nextTimerID = 0
    let mailbox = Mailbox()
    var appliedStates: [ObjectIdentifier: [String]] = [:]
    /// What the current screen's last frame was built from.
    var frameState: FrameState {
        get { currentScreen.frameState }
        set { currentScreen.frameState = newValue }
    }
    var dev: DevMode?
    /// Commands of the palette that no key runs (`addCommand`).
    var commands: [PaletteCommand] = []
    /// Whether Ctrl-P opens the command palette (and the footer shows it).
    public var commandPaletteEnabled = true { didSet { needsDisplay = true } }
    /// Layers drawn over the screens and modals that are not screens of the
    /// app's own (the toasts).
    var overlayLayers: [Screen] = []
    /// Warnings about calls that could not work as written (Usage.swift).
    var usageWarnings: [Diagnostic] = []
    /// Frames built so far (a frame is built only when something changed).
    public internal(set) var frameCount = 0
    /// Frames whose layout changed (views, rules, intrinsic sizes, states): the rest
    /// only repainted content.
    public internal(set) var layoutUpdateCount = 0

    /// An app on a view tree built in code, with stylesheets (paths relative to
    /// the working directory, as `use` names them). `devMode` nil reads the
    /// command line (`--dev`) and the environment (`CASEMENT_DEV=1`).
    public init(root: View, stylesheets: [String] = [], devMode: Bool? = nil,
                file: String = #fileID, line: Int = #line, column: Int = #column) throws {
        let size = TerminalSize(width: 80, height: 24)
        self.size = size
        let layout = try Layout(root: root, stylesheets: stylesheets, size: size, file: file, line: line, column: column)
        screens = [Screen(root: root, layout: layout, specPath: nil)]
        appStylesheets = stylesheets
        isDevMode = devMode ?? App.devModeRequested()
        if isDevMode { dev = DevMode() }
    }

    /// An app whose frame is a `.layout` spec (with the stylesheets it uses); add
    /// widgets to its views (`app.view("sidebar")?.addSubview(list)`). In dev mode
    /// a change to the spec is merged into the views in place: the widgets, and
    /// what code did to the views the spec still declares, stay.
    public init(spec path: String, devMode: Bool? = nil) throws {
        let size = TerminalSize(width: 80, height: 24)
        self.size = size
        let layout = try Layout(spec: path, size: size)
        screens = [Screen(root: layout.root, layout: layout, specPath: path)]
        appStylesheets = layout.stylesheets   // not the files they import: each is read once
        isDevMode = devMode ?? App.devModeRequested()
        if isDevMode { dev = DevMode() }
    }

    /// Whether `--dev` is on the command line or `CASEMENT_DEV=1` in the environment.
    public nonisolated static func devModeRequested(
        arguments: [String] = CommandLine.arguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        arguments.dropFirst().contains("--dev") || environment["CASEMENT_DEV"] == "1"
    }

    /// The view with this id (built in code or loaded from the spec).
    public func view(_ id: String) -> View? { layout.view(id) }

    /// Every widget of the current screen, in tree order.
    public var widgets: [Widget] { currentScreen.widgets }

    /// Calls `action` when `key` reaches the app (no widget handled it, nor a
    /// binding of the screen on top). Several actions for one key run in the order bound.
    public func bind(_ key: Key, _ action: @escaping () -> Void) {
        bindings.add(key, description: nil, action: action)
        needsDisplay = true
    }

    /// Binds `key` as `bind(_:_:)` does, with what it does in words: the
    /// `Footer` shows it (` q Quit `) and the command palette lists it.
    public func bind(_ key: Key, _ description: String, _ action: @escaping () -> Void) {
        bindings.add(key, description: description, action: action)
        needsDisplay = true   // a footer shows it
    }

    /// Ends the event loop after the current event; the terminal is restored.
    public func quit() {
        isQuitting = true
    }

    /// Runs `change` on the main actor before the next frame. Safe from any
    /// thread or task: data producers use it to hand results to the UI.
    public nonisolated func post(_ change: @escaping @Sendable @MainActor () -> Void) {
        mailbox.post(change)
    }

    /// The computed style a view has in the last layout (nil before it is laid out).
    public func computedStyle(of view: View) -> ComputedStyle? {
        guard let state = frameState(showing: view), let id = view.id, let index = state.indexByID[id] else { return nil }
        return state.views[index].style
    }

    /// A view's frame in the last layout (absolute cells).
    public func frame(of view: View) -> ViewFrame? {
        guard let state = frameState(showing: view), let id = view.id, let index = state.indexByID[id] else { return nil }
        return state.views[index].frame
    }

    /// The layout's diagnostics (`casement check`'s, at the Swift and spec lines
    /// that wrote each rule), then warnings about calls that could not work as
    /// written (an index out of range, a screen pushed twice), at their Swift lines.
    public var diagnostics: [Diagnostic] { layout.diagnostics + usageDiagnostics }

    /// `casement explain`'s text for a view (nil when it is not laid out).
    public func explain(_ view: View) -> String? { layout.explain(view) }

    /// The app's views alone as `casement render` prints them (boxes and text,
    /// not widget content: the screen with content is `screen`).
    public func render(format: RenderFormat = .plain) -> String { layout.render(format: format) }

    /// Runs the changes other threads posted; returns whether there were any.
    @discardableResult
    func runPostedChanges() -> Bool {
        let changes = mailbox.take()
        for change in changes { change() }
        if !changes.isEmpty { needsDisplay = true }
        return !changes.isEmpty
    }
}
