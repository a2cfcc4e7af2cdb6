import TerminalUI

/// What a widget receives: a key, or the mouse at a point of the screen.
///
/// Events go to the focused widget first, then bubble up through the widgets of
/// its superviews, then to the app's key bindings (docs/apps.md, "Events and focus").
/// Mouse events go to the widget under the pointer instead of the focused one.
public enum Event: Hashable, Sendable {
    /// A key typed (`.character("q")`, `.up`, `.enter`, `.function(12)`, …).
    case key(Key)
    /// Button 1 pressed at (x, y) in the widget's content box (0, 0 is its top-left;
    /// negative or too large on its border or padding).
    case click(x: Int, y: Int)
    /// The wheel turned up or down over the widget.
    case scrollUp, scrollDown

    /// The key, for a key event.
    public var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }
}

/// The runtime's states that `.cas` state selectors match
/// (`border-color[state:focused] yellow`).
public enum ViewState: String, Hashable, Sendable, CaseIterable {
    /// The widget has the keyboard focus.
    case focused
    /// The widget is selected (a tab that is shown, a row that is chosen).
    case selected
    /// The widget ignores input and cannot take focus.
    case disabled
    /// The mouse was last seen over it. Named as the stylesheets' well-known state.
    case hovered
    /// The widget is on: a checked `Checkbox`, a `Switch` that is on.
    case checked
}
