/// A right-hand side as written, before names are resolved. Sums and products
/// are flat lists so a very long expression never nests deeply.
public indirect enum ExpressionSyntax: Hashable, Sendable {
    case number(Double, SourceSpan)
    /// `$name`, without the `$`.
    case style(String, SourceSpan)
    /// A bare word: a `let` name, a view id, `parent`, or an attribute of the rule's own view.
    case name(NameSyntax)
    /// `view.attribute` (the attribute may be a composite such as `size`).
    case member(view: NameSyntax, attribute: NameSyntax)
    case negate(ExpressionSyntax, SourceSpan)
    /// `a + b - c`: the first part's sign is its own (`negate` when written).
    case sum([SumPart])
    /// `a * b / c`.
    case product(ExpressionSyntax, [ProductPart])

    /// One operand of a sum and whether it is subtracted.
    public struct SumPart: Hashable, Sendable {
        /// True after a `-`.
        public var isSubtracted: Bool
        /// The operand.
        public var operand: ExpressionSyntax
        /// A sum operand with its sign.
        public init(isSubtracted: Bool, operand: ExpressionSyntax) {
            self.isSubtracted = isSubtracted
            self.operand = operand
        }
    }

    /// One step of a product after the first factor: multiply or divide by an operand.
    public struct ProductPart: Hashable, Sendable {
        /// True after a `/`.
        public var isDivision: Bool
        /// The operand.
        public var operand: ExpressionSyntax
        /// The `*` or `/`, for errors about this step.
        public var operatorSpan: SourceSpan
        /// A product step with its operator's span.
        public init(isDivision: Bool, operand: ExpressionSyntax, operatorSpan: SourceSpan) {
            self.isDivision = isDivision
            self.operand = operand
            self.operatorSpan = operatorSpan
        }
    }

    /// Where the whole expression was written.
    public var span: SourceSpan {
        switch self {
        case .number(_, let span), .style(_, let span), .negate(_, let span): span
        case .name(let name): name.span
        case .member(let view, let attribute): view.span.through(attribute.span)
        case .sum(let parts):
            parts.first!.operand.span.through(parts.last!.operand.span)
        case .product(let first, let rest):
            first.span.through(rest.last?.operand.span ?? first.span)
        }
    }
}
