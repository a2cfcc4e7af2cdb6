import Cells

/// An evaluated value, before a property gives it a type: numbers stay numbers,
/// words stay words until a property reads them as a colour, an enum word or a flag.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    /// A number of cells; `percent` when written with `%` (meaningful in `rgb()`/`hsl()`).
    case number(Double, percent: Bool = false)
    case string(String)
    case word(String)
    case color(Color)
    /// A tuple, `4 3 2 1` or `(4, 2)`.
    case list([Value])

    /// A tuple's items with nested tuples spliced in; a single value as one item.
    var flattened: [Value] {
        guard case .list(let items) = self else { return [self] }
        guard items.contains(where: { if case .list = $0 { true } else { false } }) else { return items }
        var result: [Value] = []
        for item in items { result += item.flattened }
        return result
    }

    /// How many plain values the value holds with nested tuples spliced in (what
    /// `flattened.count` would be), counted no further than `limit + 1`, so a huge
    /// tuple costs no more than the limit to measure.
    func termCount(upTo limit: Int) -> Int {
        guard case .list(let items) = self else { return 1 }
        var total = 0
        for item in items {
            total += item.termCount(upTo: limit - total)
            if total > limit { return total }
        }
        return total
    }

    /// What kind of value this is, for messages: "a number", "a colour".
    var kindName: String {
        switch self {
        case .number(_, let percent): percent ? "a percentage" : "a number"
        case .string: "a string"
        case .word(let word): "the word '\(word)'"
        case .color: "a colour"
        case .list(let items): "a tuple of \(items.count) values"
        }
    }

    /// The value as a stylesheet would write it: `2`, `50%`, `"text"`, a colour, `(4, 2)`.
    public var description: String {
        switch self {
        case .number(let number, let percent): StyleValue.format(number) + (percent ? "%" : "")
        case .string(let text): "\"\(text)\""
        case .word(let word): word
        case .color(let color): color.stylesheetText
        case .list(let items): "(" + items.map(\.description).joined(separator: ", ") + ")"
        }
    }
}
