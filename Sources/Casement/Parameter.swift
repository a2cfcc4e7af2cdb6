import Diagnostics
import Cells

/// The value of a view parameter (`[gap=1 justify=center padding=(1 2)]` in a
/// `.layout` header): a number, a word, a string, a style value or a list.
/// Literals work: `["columns": 5, "justify": "center", "padding": [1, 2]]`.
public enum Parameter: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    /// A number of cells (or a count, for `columns`).
    case number(Double)
    /// An enum word such as `center` or `stretch`.
    case word(String)
    /// A quoted string.
    case string(String)
    /// `$name`: a style value of the view that carries the parameter.
    case style(String)
    /// Several values, such as a padding's sides.
    case list([Parameter])

    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A word (`"center"`): parameters take words far more often than strings.
    public init(stringLiteral value: String) { self = .word(value) }
    /// A list.
    public init(arrayLiteral elements: Parameter...) { self = .list(elements) }
}

/// Insets for the four sides, in cells: what `inset(_:)` moves the edges inwards by
/// (`top` and `left`/`leading` are added, `bottom` and `right`/`trailing` subtracted).
/// The same type as the stylesheet's padding insets (`Cells.Insets`), so an app never
/// meets two kinds of insets.
public typealias Insets = Cells.Insets

extension Insets {
    /// The same inset on every side.
    public init(_ all: Double) { self.init(top: all, left: all, bottom: all, right: all) }

    /// Vertical sides, then horizontal ones (the `.layout` two-value order).
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
}
