/// `@750`, `@high`, or `@name` of a `let`.
public enum PrioritySyntax: Hashable, Sendable {
    case number(Double, SourceSpan)
    case name(NameSyntax)

    public var span: SourceSpan {
        switch self {
        case .number(_, let span): span
        case .name(let name): name.span
        }
    }
}

/// The relation word of a rule; `within` is containment, lowered per attribute.
public enum RuleRelation: String, Hashable, Sendable {
    case equal = "=="
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
    case within
}

/// What may follow most statements: `@priority` and `as label`.
public struct StatementTail: Hashable, Sendable {
    public var priority: PrioritySyntax?
    public var label: NameSyntax?

    public init(priority: PrioritySyntax? = nil, label: NameSyntax? = nil) {
        self.priority = priority
        self.label = label
    }
}

/// `ATTRS REL EXPR [inset …] [offset …] [@priority] [as label]`.
public struct RuleSyntax: Hashable, Sendable {
    /// Attribute words as written: single attributes, aliases or composites.
    public var attributes: [NameSyntax]
    public var relation: RuleRelation
    public var relationSpan: SourceSpan
    public var expression: ExpressionSyntax
    /// 0, 1, 2 (vertical, horizontal) or 4 (top, left, bottom, right) values.
    public var inset: [ExpressionSyntax]
    /// 0, 1 or 2 (horizontal, vertical) values.
    public var offset: [ExpressionSyntax]
    public var tail: StatementTail
    /// The whole line.
    public var span: SourceSpan
}

/// `let name = expr`.
public struct LetSyntax: Hashable, Sendable {
    public var name: NameSyntax
    public var value: ExpressionSyntax
    public var span: SourceSpan
}

/// `use "file.cas"`.
public struct UseSyntax: Hashable, Sendable {
    public var path: String
    public var span: SourceSpan
}

/// The shorthand lines that name views explicitly.
public enum ShorthandSyntax: Hashable, Sendable {
    /// `equal width (a b c)`.
    case equal(attribute: NameSyntax, views: [NameSyntax], tail: StatementTail, span: SourceSpan)
    /// `align top (a b c)`.
    case align(attribute: NameSyntax, views: [NameSyntax], tail: StatementTail, span: SourceSpan)
    /// `distribute horizontal (a b c) spacing 2 [lead 1] [tail 1]` or `… length 10`.
    case distribute(DistributeSyntax)
    /// `aspect 16:9 [cells]`.
    case aspect(width: ExpressionSyntax, height: ExpressionSyntax, inCells: Bool, tail: StatementTail, span: SourceSpan)

    public var span: SourceSpan {
        switch self {
        case .equal(_, _, _, let span), .align(_, _, _, let span), .aspect(_, _, _, _, let span): span
        case .distribute(let distribute): distribute.span
        }
    }
}

public struct DistributeSyntax: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        /// Fixed gaps between the views; their lengths stretch, all equal.
        case spacing(ExpressionSyntax)
        /// Fixed lengths; the gaps stretch, all equal.
        case length(ExpressionSyntax)
    }

    public var axis: Axis
    public var views: [NameSyntax]
    public var mode: Mode
    public var lead: ExpressionSyntax?
    public var trail: ExpressionSyntax?
    public var tail: StatementTail
    public var span: SourceSpan
}

/// One statement in a view body, in source order.
public enum StatementSyntax: Hashable, Sendable {
    case rule(RuleSyntax)
    case shorthand(ShorthandSyntax)
    case visualFormat(VisualFormatSyntax)
}
