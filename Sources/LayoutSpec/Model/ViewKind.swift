/// The kinds of view a spec may declare. Containers (`row`, `column`, `grid`,
/// `overlay`) also place their children through generated constraints.
public enum ViewKind: String, CaseIterable, Hashable, Sendable {
    case screen, box, text, row, column, grid, overlay

    /// The axis along which a `row` or `column` lays out its children.
    public var stackAxis: Axis? {
        switch self {
        case .row: .horizontal
        case .column: .vertical
        default: nil
        }
    }
}

/// The words that start a statement other than a view or a rule.
enum StatementKeyword {
    static let shorthands = ["equal", "align", "distribute", "aspect"]
    static let all = ["use", "let"] + shorthands
    /// Words that cannot name a `let` or a view, because the grammar gives them a meaning.
    static let reserved: Set<String> = ["parent", "within", "inset", "offset", "as", "let", "use"]
}
