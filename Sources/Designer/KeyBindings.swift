import TerminalUI

/// What a key asks the designer to do.
public enum DesignerCommand: Hashable, Sendable {
    case quit
    case reload
    case toggleInspector
    /// `<`: the inspector's left edge moves left (the inspector gets wider).
    case widenInspector
    /// `>`: the inspector's left edge moves right (the inspector gets narrower).
    case narrowInspector
    case toggleAlternative
    case toggleHelp
    case nextView, previousView
    case up, down, left, right
    case firstView, lastView
    case pageUp, pageDown
    /// Enter: open a gallery link, else step into the selected view's constraints,
    /// or from a constraint, go to the view it is measured against.
    case activate
    /// Escape: out of the constraints, then clear the selection.
    case escape
    /// Back to the spec opened before (the gallery).
    case back
    case repaint
    case click(x: Int, y: Int)
    case scrollUp(x: Int, y: Int)
    case scrollDown(x: Int, y: Int)
}

/// The designer's keys, in one place: the event loop maps keys with it and
/// the help drawer lists it.
public enum KeyBindings {
    /// The command bound to `key`, or nil when the key does nothing.
    public static func command(for key: Key) -> DesignerCommand? {
        switch key {
        case .character("q"), .character("Q"): .quit
        case .character("r"), .control("r"): .reload
        case .character("i"), .function(12): .toggleInspector
        case .character("<"): .widenInspector
        case .character(">"): .narrowInspector
        case .character("a"): .toggleAlternative
        case .character("?"), .function(1): .toggleHelp
        case .tab: .nextView
        case .backTab: .previousView
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        case .left, .character("h"): .left
        case .right, .character("l"): .right
        case .home: .firstView
        case .end: .lastView
        case .pageUp: .pageUp
        case .pageDown, .character(" "): .pageDown
        case .enter: .activate
        case .escape: .escape
        case .backspace, .character("g"): .back
        case .control("l"): .repaint
        case .mouseClick(let x, let y): .click(x: x, y: y)
        case .scrollUp(let x, let y): .scrollUp(x: x, y: y)
        case .scrollDown(let x, let y): .scrollDown(x: x, y: y)
        default: nil
        }
    }

    /// Every binding with what it does, for the help drawer (and the docs).
    public static let help: [(keys: String, action: String)] = [
        ("Tab / Shift-Tab", "select the next / previous view"),
        ("↑ ↓ (j k)", "move in the tree, or through the selected view's constraints"),
        ("← → (h l)", "parent / first child; ← leaves the constraints"),
        ("Home / End", "select the first / last view"),
        ("Enter", "open a gallery demo; step into the constraints; follow a constraint to its other view"),
        ("Esc", "leave the constraints, then clear the selection"),
        ("click", "select the box under the pointer (a gallery row opens its demo)"),
        ("i or F12", "show / hide the inspector"),
        ("< / >", "widen / narrow the inspector"),
        ("PgUp PgDn Space, wheel", "scroll the inspector (Space: down)"),
        ("a", "show another layout the constraints allow (ambiguous views); again: back"),
        ("r or Ctrl-R", "reload every file now"),
        ("g or Backspace", "back to the previous spec (the gallery)"),
        ("Ctrl-L", "repaint the whole screen"),
        ("? or F1", "show / hide this help"),
        ("q", "quit"),
    ]
}
