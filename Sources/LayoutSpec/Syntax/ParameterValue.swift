/// The value of a `[name=value]` parameter in a view header.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    /// A bare word: an enum value (`center`) or a `let` name.
    case word(String)
    case string(String)
    /// `$name`: a style value of the view that carries the parameter.
    case style(String)
    /// `(1 2)` or `(1, 2, 1, 2)`: several values.
    case list([ParameterValue])
    /// A parenthesised expression such as `(gap * 2)`.
    case expression(ExpressionSyntax)

    /// The value as a spec would write it; an expression shows as `(…)`.
    public var description: String {
        switch self {
        case .number(let value): formatNumber(value)
        case .word(let word): word
        case .string(let text): "\"\(text)\""
        case .style(let name): "$" + name
        case .list(let values): "(" + values.map(\.description).joined(separator: " ") + ")"
        case .expression: "(…)"
        }
    }
}

/// `name=value` in a view header.
public struct ParameterSyntax: Hashable, Sendable {
    /// The parameter's name.
    public var name: NameSyntax
    /// The parameter's value.
    public var value: ParameterValue
    /// Where the value was written.
    public var valueSpan: SourceSpan

    /// A parameter as parsed.
    public init(name: NameSyntax, value: ParameterValue, valueSpan: SourceSpan) {
        self.name = name
        self.value = value
        self.valueSpan = valueSpan
    }
}
