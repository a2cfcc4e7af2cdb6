/// CSS habits in a layout spec and what the spec says instead: the one table of
/// them, consulted where the parser would otherwise report only a syntax error.
enum LayoutHabits {
    static let cells = "a layout spec counts in terminal cells and has no units"

    /// Units written straight after a number (`2px`, `10%`), with what to write.
    static let units: [String: String] = [
        "px": cells + "; write the number alone",
        "pt": cells + "; write the number alone",
        "em": cells + "; write the number alone",
        "rem": cells + "; write the number alone",
        "ch": cells + "; write the number alone (a cell is one character wide)",
        "%": "for a share of another view multiply its size, e.g. width == parent.width * 0.1",
        "vw": "for a share of the screen multiply its size, e.g. width == root.width * 0.5",
        "vh": "for a share of the screen multiply its size, e.g. height == root.height * 0.5",
        "fr": "grow factors are written as a parameter, e.g. box a [grow=2]",
    ]

    /// `height: 3`: the CSS declaration form of a rule.
    static func colonHint(after attribute: String) -> String {
        "a rule is a constraint, not a CSS declaration: write \(attribute) == …"
    }
}

extension ParserState {
    /// When `token` is a unit glued to the number before it (`2px`, `10%`), reports
    /// it with the table's hint and returns true; the caller then recovers as it would
    /// from its own error.
    mutating func reportUnit(_ token: Token) -> Bool {
        let position = index > 0 && tokens[index - 1].start == token.start ? index - 2 : index - 1
        guard position >= 0, tokens[position].kind == .number, tokens[position].end == token.start,
            let hint = LayoutHabits.units[text(token).lowercased()]
        else { return false }
        diagnostics.error(
            "'\(text(tokens[position]))\(text(token))': \(LayoutHabits.cells)", at: tokens[position].span.through(token.span),
            hint: hint)
        return true
    }
}
