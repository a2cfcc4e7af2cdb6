/// A key or mouse event, decoded from ncurses input.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case enter, tab, backTab, escape, backspace
    case function(Int)
    case mouseClick(x: Int, y: Int)
    case resize
}
