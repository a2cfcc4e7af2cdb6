import Casement
import Diagnostics
import TerminalUI

/// A screen of an app: its own view tree (`root`, a `.screen` view), its
/// stylesheets (added to the app's), key bindings and focus. The app shows one
/// screen at a time (`app.push(_:)`, `app.pop()`; the first is the app's
/// root) and may draw modal screens over it (`app.presentModal(_:)`).
///
///     let settings = Screen(id: "settings")
///     settings.root.addSubview(form)
///     settings.bind(.escape, "Back") { app.pop() }
///     app.push(settings)
///
/// Subclass it for a screen of your own (as `Dialog` does), or fill `root`.
@MainActor
open class Screen {
    /// The screen's id, which is also its root view's.
    public let id: String
    /// The top-level view of the screen (kind `screen`): for a screen loaded
    /// from a spec, the view of its layout on screen (a dev-mode reload makes new ones).
    public var root: View { layout?.root ?? firstRoot }
    private let firstRoot: View
    /// Stylesheets used on this screen besides the app's (paths as `use` names them).
    public let stylesheets: [String]
    /// For a modal screen: whether Escape dismisses it (true by default).
    public var isDismissable = true
    /// The app showing the screen (set when it is pushed or presented).
    public internal(set) weak var app: App?
    /// Called each time the screen is shown (pushed, presented, or back on top after a pop).
    public var onShow: (() -> Void)?
    /// The `.layout` the screen was loaded from (nil for one built in code).
    public let specPath: String?
    /// Where the screen was made (warnings about it point here).
    public let location: SourceLocation
    /// The layout of `root`, made when the screen is first shown.
    public internal(set) var layout: Layout?
    var bindings = KeyBindings()
    var frameState = FrameState()
    /// The widget with the focus while this screen is on top.
    var focusedWidget: Widget?
    /// Whether the runtime's default look (`RuntimeStyles`) comes before the
    /// app's stylesheets: the runtime's own screens (dialogs, the palette, toasts).
    var usesRuntimeStyles = false

    /// An empty screen whose root view has the id `id`; add views to `root`.
    public init(id: String, stylesheets: [String] = [], file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.id = id
        self.stylesheets = stylesheets
        specPath = nil
        location = SourceLocation(file: file, line: line, column: column)
        firstRoot = View(.screen, id: id, file: file, line: line, column: column)
    }

    /// A screen loaded from a `.layout` spec (with the stylesheets it uses), as
    /// `App(spec:)` loads one; add widgets to its views (`screen.view("list")`).
    /// In dev mode the spec reloads while the screen is shown. Throws only when
    /// the file cannot be read or declares no view; any other error is in the
    /// screen's layout's diagnostics.
    public init(spec path: String, file: String = #fileID, line: Int = #line, column: Int = #column) throws {
        let loaded = try Layout(spec: path)
        specPath = path
        stylesheets = []
        location = SourceLocation(file: file, line: line, column: column)
        firstRoot = loaded.root
        id = loaded.root.id ?? path
        layout = loaded
    }

    /// The app's first screen, on a layout the app made.
    init(root: View, layout: Layout, specPath: String?) {
        firstRoot = root
        self.layout = layout
        self.specPath = specPath
        id = root.id ?? "main"
        stylesheets = []
        location = root.location
    }

    /// The view with this id on the screen.
    public func view(_ id: String) -> View? { layout?.view(id) ?? root.view(id) }

    /// Every widget on the screen, in tree order.
    public var widgets: [Widget] {
        (layout?.roots ?? [root]).flatMap(\.allViews).compactMap(\.widget)
    }

    /// Calls `action` when `key` reaches the screen while it is on top (no
    /// widget handled it); the description shows in the `Footer` and the
    /// command palette.
    public func bind(_ key: Key, _ description: String, _ action: @escaping () -> Void) {
        bindings.add(key, description: description, action: action)
        app?.needsDisplay = true   // a footer shows it
    }

    /// Calls `action` when `key` reaches the screen while it is on top (not listed in the footer).
    public func bind(_ key: Key, _ action: @escaping () -> Void) {
        bindings.add(key, description: nil, action: action)
    }
}

/// A key bound to an action, with what it does in words (nil: not shown in the
/// footer or the palette).
struct KeyBinding {
    let key: Key
    let description: String?
    let action: () -> Void
}

/// Bindings in the order bound; several for one key run in that order.
struct KeyBindings {
    private(set) var entries: [KeyBinding] = []

    mutating func add(_ key: Key, description: String?, action: @escaping () -> Void) {
        entries.append(KeyBinding(key: key, description: description, action: action))
    }

    /// The actions bound to `key`, in the order bound.
    func actions(for key: Key) -> [() -> Void] {
        entries.filter { $0.key == key }.map(\.action)
    }

    /// The described bindings, one per key (its first description).
    var described: [KeyBinding] {
        var seen: Set<Key> = []
        return entries.filter { $0.description != nil && seen.insert($0.key).inserted }
    }
}

extension Key {
    /// How the footer and the palette write the key: `q`, `^P`, `F5`, `Esc`, `⏎`, `↑`.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let character): return "^" + character.uppercased()
        case .function(let number): return "F\(number)"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return "⏎"
        case .tab: return "Tab"
        case .backTab: return "⇧Tab"
        case .escape: return "Esc"
        case .backspace: return "⌫"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .delete: return "Del"
        default: return "\(self)"
        }
    }
}
