/// CSS property names people write out of habit, with what `.cas` says instead. The
/// one place these hints live: an unknown property found here gets this hint rather
/// than a did-you-mean (which would offer `min-width` for `width`).
enum CSSHabits {
    static let hints: [String: String] = [
        "width": "'.cas' calls it size-width: write size-width 20 (cells); relative widths belong in the layout spec",
        "height": "'.cas' calls it size-height: write size-height 3 (cells); relative heights belong in the layout spec",
        "display": "to hide a view write visible false; layout comes from the spec, not from display",
        "visibility": "write visible false (or true)",
        "font-weight": "terminals have one weight: write bold true",
        "font-style": "write italic true",
        "font-size": "a terminal cell has one font size; bold true or a colour gives emphasis",
        "font-family": "the terminal chooses the font; .cas styles colours, borders and text attributes",
        "text-decoration": "write underline true or strikethrough true",
        "border-radius": "write border rounded for rounded corners",
        "border-width": "borders are one cell wide: choose a style, e.g. border heavy or border double",
        "opacity": "write dim true for faint text",
        "line-height": "each line of text is one cell high",
    ]

    /// The hint for a CSS habit, for any spelling `.cas` accepts (`fontWeight`, `font_weight`).
    static func hint(for name: String) -> String? {
        hints[name] ?? hints[PropertyCatalog.kebabCase(name)]
    }
}
