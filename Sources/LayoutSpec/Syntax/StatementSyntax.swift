/// `@750`, `@high`, or `@name` of a `let`.
public enum PrioritySyntax: Hashable, Sendable {
    case number(Double, SourceSpan)
    case name(NameSyntax)

    /// Where the priority was written.
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

    /// The relation of the constraint it makes for an attribute: `within` is
    /// `>=` on near edges and `<=` on far edges and lengths.
    public func relation(for attribute: Attribute) -> Relation {
        switch self {
        case .equal: .equal
        case .greaterOrEqual: .greaterOrEqual
        case .lessOrEqual: .lessOrEqual
        case .within: attribute == .left || attribute == .top ? .greaterOrEqual : .lessOrEqual
        }
    }
}

/// What may follow most statements: `@priority` and `as label`.
public struct StatementTail: Hashable, Sendable {
    /// The `@priority`, if written.
    public var priority: PrioritySyntax?
    /// The `as label`, if written.
    public var label: NameSyntax?

    /// A tail with the given parts; none by default.
    public init(priority: PrioritySyntax? = nil, label: NameSyntax? = nil) {
        self.priority = priority
        self.label = label
    }
}

/// `ATTRS REL EXPR [inset …] [offset …] [@priority] [as label]`.
public struct RuleSyntax: Hashable, Sendable {
    /// Attribute words as written: single attributes, aliases or composites.
    public var attributes: [NameSyntax]
    /// The relation word.
    public var relation: RuleRelation
    /// Where the relation word was written.
    public var relationSpan: SourceSpan
    /// The right-hand side.
    public var expression: ExpressionSyntax
    /// 0, 1, 2 (vertical, horizontal) or 4 (top, left, bottom, right) values.
    public var inset: [ExpressionSyntax]
    /// 0, 1 or 2 (horizontal, vertical) values.
    public var offset: [ExpressionSyntax]
    /// The rule's `@priority` and `as label`.
    public var tail: StatementTail
    /// The whole line.
    public var span: SourceSpan

    /// A rule as code builds it: attribute words, relation, right side, `inset`
    /// and `offset` values (usually none: code folds them into the right side),
    /// priority and label, and where it was made.
    public init(
        attributes: [NameSyntax], relation: RuleRelation, relationSpan: SourceSpan, expression: ExpressionSyntax,
        inset: [ExpressionSyntax] = [], offset: [ExpressionSyntax] = [], tail: StatementTail = StatementTail(),
        span: SourceSpan
    ) {
        self.attributes = attributes
        self.relation = relation
        self.relationSpan = relationSpan
        self.expression = expression
        self.inset = inset
        self.offset = offset
        self.tail = tail
        self.span = span
    }
}

/// `let name = expr`.
public struct LetSyntax: Hashable, Sendable {
    /// The name bound.
    public var name: NameSyntax
    /// The expression it stands for.
    public var value: ExpressionSyntax
    /// The whole line.
    public var span: SourceSpan
}

/// `use "file.cas"`.
public struct UseSyntax: Hashable, Sendable {
    /// The stylesheet path as written.
    public var path: String
    /// The whole line.
    public var span: SourceSpan

    /// A `use` line as code builds it.
    public init(path: String, span: SourceSpan) {
        self.path = path
        self.span = span
    }
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

    /// The whole line.
    public var span: SourceSpan {
        switch self {
        case .equal(_, _, _, let span), .align(_, _, _, let span), .aspect(_, _, _, _, let span): span
        case .distribute(let distribute): distribute.span
        }
    }
}

/// `distribute AXIS (views) spacing|length EXPR [lead EXPR] [tail EXPR]`.
public struct DistributeSyntax: Hashable, Sendable {
    /// What is held fixed: the gaps or the lengths.
    public enum Mode: Hashable, Sendable {
        /// Fixed gaps between the views; their lengths stretch, all equal.
        case spacing(ExpressionSyntax)
        /// Fixed lengths; the gaps stretch, all equal.
        case length(ExpressionSyntax)
    }

    /// The axis the views are spread along.
    public var axis: Axis
    /// The views, in the order they are laid out.
    public var views: [NameSyntax]
    /// Fixed gaps or fixed lengths.
    public var mode: Mode
    /// The `lead` gap before the first view, if written.
    public var lead: ExpressionSyntax?
    /// The `tail` gap after the last view, if written.
    public var trail: ExpressionSyntax?
    /// The line's `@priority` and `as label`.
    public var tail: StatementTail
    /// The whole line.
    public var span: SourceSpan

    /// A `distribute` line as code builds it.
    public init(
        axis: Axis, views: [NameSyntax], mode: Mode, lead: ExpressionSyntax?, trail: ExpressionSyntax?,
        tail: StatementTail = StatementTail(), span: SourceSpan
    ) {
        self.axis = axis
        self.views = views
        self.mode = mode
        self.lead = lead
        self.trail = trail
        self.tail = tail
        self.span = span
    }
}

/// One statement in a view body, in source order.
public enum StatementSyntax: Hashable, Sendable {
    case rule(RuleSyntax)
    case shorthand(ShorthandSyntax)
    case visualFormat(VisualFormatSyntax)
}
