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
        diagnostics.error(.layoutUnit,
            "'\(text(tokens[position]))\(text(token))': \(LayoutHabits.cells)", at: tokens[position].span.through(token.span),
            hint: hint)
        return true
    }
}

extension ParserState {
    /// A spec that parses cleanly but declares nothing to lay out (no views, or only
    /// screens with nothing in them: no views, rules, title or parameters) would
    /// otherwise load silently to a blank canvas. Not said when anything else was
    /// reported: that already explains the emptiness.
    mutating func warnWhenNothingIsLaidOut() {
        guard diagnostics.items.isEmpty, diagnostics.errorCount == 0 else { return }
        guard let first = views.first else {
            diagnostics.warning(.layoutEmpty,
                "the spec has no views: there is nothing to lay out", at: SourceSpan(start: 0, end: 0),
                hint: "start with a screen and a view in it, e.g. screen root { box a { edges within parent } }")
            return
        }
        // Top-level lets are checked against the views later; the user is mid-way.
        let hasContent = !lets.isEmpty || views.contains {
            $0.parent != nil || $0.resolvedKind != .screen || $0.title != nil || !$0.statements.isEmpty
                || !$0.params.isEmpty || !$0.lets.isEmpty
        }
        guard !hasContent else { return }
        let name = first.id?.text ?? first.kind.text
        diagnostics.warning(.layoutEmpty,
            "screen '\(name)' is empty: there is nothing to lay out", at: first.kind.span,
            hint: "put views between its braces, e.g. box a { edges within parent }")
    }
}
