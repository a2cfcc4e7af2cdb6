import Canvas
import Cells
import Casement
import Diagnostics
import LayoutSpec
import Stylesheet

/// A view with content: it draws into its solved frame and handles events.
///
/// A widget owns a `View` (`widget.view`), which takes part in the layout like
/// any other: constrain it with `makeConstraints`, style it from `.cas` by its
/// kind, classes (the widget's class, such as `list`, is added for you) and id.
/// The runtime paints the view's box from its computed style, then calls
/// `draw(in:)` with a canvas clipped to the content box.
///
/// Subclass it for a widget of your own: override `draw(in:)`, `handle(_:)`,
/// `canFocus` and `intrinsicSize`. Change content through properties that call
/// `setNeedsDisplay()`; the app draws at its next frame. Widgets live on the main actor.
@MainActor
open class Widget {
    /// The view laid out for this widget; add it to a superview with
    /// `parent.addSubview(widget)` (or `parent.addSubview(widget.view)`).
    public let view: View
    /// The app running the widget (set when the app first lays it out).
    public internal(set) weak var app: App?
    /// Whether the widget takes part in Tab order and takes focus on a click.
    open var canFocus: Bool { false }
    /// A disabled widget gets no events, cannot take focus and has the `disabled` state.
    public var isDisabled = false { didSet { setNeedsDisplay() } }
    /// Sets the `selected` state (a shown tab, a chosen item).
    public var isSelected = false { didSet { setNeedsDisplay() } }
    /// Sets the `checked` state (a checkbox or switch that is on).
    public var isChecked = false { didSet { if isChecked != oldValue { setNeedsDisplay() } } }
    /// Warnings about how the widget was used (an index out of range, no
    /// options), at its Swift line; `app.diagnostics` lists them.
    var usageWarnings: [Diagnostic] = []
    /// Views inside the widget that only carry a style (a selected row, a header):
    /// their computed styles are read in `draw(in:)` through `style(of:)`.
    var styleViews: [View] = []
    var intrinsicHandles: IntrinsicHandles?

    /// A widget on a view of `kind` with an id (one is made up when nil) and classes;
    /// `widgetClass` is added first to the classes, so `.cas` can match every
    /// widget of a type (`.list`, `.table`, …).
    public init(_ kind: ViewKind = .box, id: String? = nil, widgetClass: String, classes: [String] = [],
                title: String? = nil, file: String = #fileID, line: Int = #line, column: Int = #column) {
        view = View(kind, id: id ?? WidgetIDs.next(widgetClass), classes: [widgetClass] + classes, title: title,
                    file: file, line: line, column: column)
        view.attachment = self
    }

    /// The focused state, as the runtime sees it.
    public var isFocused: Bool { app?.focusedWidget === self }

    /// Asks for a frame: content changed. Cheap; call it from every setter.
    public func setNeedsDisplay() {
        app?.needsDisplay = true
    }

    /// Draws the content. The canvas is the content box (inside border and padding),
    /// clipped to it; the box is already painted from the computed style.
    open func draw(in canvas: inout ContentCanvas) {}

    /// Handles an event; return true to stop it bubbling further up.
    open func handle(_ event: Event) -> Bool { false }

    /// The content's natural size in cells (without border and padding), or nil
    /// along an axis the layout alone decides. The runtime adds the border and
    /// padding of the computed style and feeds the solver two rules per axis,
    /// as the engine does for a text view: at least this size (priority 750) and
    /// at most (priority 600, only when `hugsContent`).
    open var intrinsicSize: IntrinsicSize { IntrinsicSize() }

    /// Whether the intrinsic size also limits the widget (hugging); off for
    /// widgets that grow to whatever room they get.
    open var hugsContent: Bool { true }

    /// The computed style of a view inside the widget (a `styleViews` entry).
    public func style(of view: View) -> ComputedStyle? {
        app?.computedStyle(of: view)
    }

    /// Adds a style-only child: a zero-sized view whose computed style the widget
    /// reads (the selected row's look, a header's look).
    func addStyleView(id suffix: String, classes: [String]) -> View {
        let child = View(.box, id: "\(view.id ?? "w")-\(suffix)", classes: classes)
        view.addSubview(child)
        child.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.height.equalTo(0)
        }
        styleViews.append(child)
        return child
    }

    /// The states the runtime gives the widget's view.
    var states: [String] {
        var states: [String] = []
        if isFocused { states.append(ViewState.focused.rawValue) }
        if isSelected { states.append(ViewState.selected.rawValue) }
        if isDisabled { states.append(ViewState.disabled.rawValue) }
        if app?.hoveredWidget === self { states.append(ViewState.hovered.rawValue) }
        if isChecked { states.append(ViewState.checked.rawValue) }
        return states
    }

    /// The states of a style view: `selected`, plus the widget's `focused`,
    /// `disabled` and `checked`.
    func states(ofStyleView child: View) -> [String] {
        var states = [ViewState.selected.rawValue]
        if isFocused { states.append(ViewState.focused.rawValue) }
        if isDisabled { states.append(ViewState.disabled.rawValue) }
        if isChecked { states.append(ViewState.checked.rawValue) }
        return states
    }
}

/// A widget's natural content size; nil along an axis the layout decides.
public struct IntrinsicSize: Hashable, Sendable {
    /// Columns the content needs, in cells; nil: the layout decides the width.
    public var width: Int?
    /// Rows the content needs, in cells; nil: the layout decides the height.
    public var height: Int?

    /// A size with either axis left to the layout (nil).
    public init(width: Int? = nil, height: Int? = nil) {
        self.width = width
        self.height = height
    }
}

/// The four prepared rules that carry a widget's intrinsic size to the solver;
/// a new size changes their constants in place.
struct IntrinsicHandles {
    var widthAtLeast: Constraint
    var widthAtMost: Constraint
    var heightAtLeast: Constraint
    var heightAtMost: Constraint
    var applied = IntrinsicSize()
    var appliedHugging = false
    var appliedPriorities = IntrinsicPriorities()
}

/// The priorities of a widget's intrinsic-size rules: what code set on its view
/// (`setContentHuggingPriority(_:for:)`, …), else its stylesheet's `hug` and
/// `resist`, else hugging 600 and resistance 750, as for a text view.
struct IntrinsicPriorities: Equatable {
    var resistWidth = View.defaultContentCompressionResistancePriority
    var hugWidth = View.defaultContentHuggingPriority
    var resistHeight = View.defaultContentCompressionResistancePriority
    var hugHeight = View.defaultContentHuggingPriority

    init() {}

    init(code: ContentPriorityParameters, style: ContentPriorities?) {
        func level(_ set: LayoutPriority?, _ styled: Int?, _ fallback: LayoutPriority) -> LayoutPriority {
            set ?? styled.flatMap { LayoutPriority($0) } ?? fallback
        }
        resistWidth = level(code.resistWidth, style?.resistWidth, resistWidth)
        hugWidth = level(code.hugWidth, style?.hugWidth, hugWidth)
        resistHeight = level(code.resistHeight, style?.resistHeight, resistHeight)
        hugHeight = level(code.hugHeight, style?.hugHeight, hugHeight)
    }
}

/// Made-up ids for widgets created without one: `list1`, `table2`, …
@MainActor
enum WidgetIDs {
    static var counters: [String: Int] = [:]

    static func next(_ prefix: String) -> String {
        let number = (counters[prefix] ?? 0) + 1
        counters[prefix] = number
        return "\(prefix)\(number)"
    }
}

extension View {
    /// The widget this view belongs to, if it is a widget's view.
    @MainActor public var widget: Widget? { attachment as? Widget }

    /// Adds a widget's view as a subview.
    @MainActor public func addSubview(_ widget: Widget) {
        addSubview(widget.view)
    }

    /// Adds several widgets' views.
    @MainActor public func addSubviews(_ widgets: Widget...) {
        addSubviews(widgets)
    }

    /// Adds the views of an array of widgets, in order.
    @MainActor public func addSubviews(_ widgets: [Widget]) {
        for widget in widgets { addSubview(widget.view) }
    }
}
