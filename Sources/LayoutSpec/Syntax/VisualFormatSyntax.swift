/// A Visual Format Language line: `H:|-2-[a(>=10@high)]-[b(==a)]-2-|`.
public struct VisualFormatSyntax: Hashable, Sendable {
    /// `H:` or `V:` (horizontal when omitted).
    public var axis: Axis
    /// Alternating: an optional leading superview and connection, then views
    /// joined by connections, then an optional connection and trailing superview.
    public var items: [Item]
    /// Optional `as label` after the line (the default label is `vfl`).
    public var label: NameSyntax?
    /// The whole line.
    public var span: SourceSpan

    /// One piece of a VFL line.
    public enum Item: Hashable, Sendable {
        /// `|`.
        case superview(SourceSpan)
        /// `[name(predicates)]`.
        case view(NameSyntax, [Predicate], SourceSpan)
        case connection(Connection)
    }

    /// What joins two items.
    public enum Connection: Hashable, Sendable {
        /// Nothing between two items: they touch.
        case flush(SourceSpan)
        /// A lone `-`: the standard spacing.
        case standard(SourceSpan)
        /// `-N-` or `-(>=N,<=M)-`.
        case predicates([Predicate], SourceSpan)

        /// Where the connection was written.
        public var span: SourceSpan {
            switch self {
            case .flush(let span), .standard(let span), .predicates(_, let span): span
            }
        }
    }

    /// `>=10@high`: relation (default `==`), object, optional priority.
    public struct Predicate: Hashable, Sendable {
        /// The relation; `==` when none is written.
        public var relation: Relation
        /// What the length or gap is compared with.
        public var object: Object
        /// The `@priority`, if written.
        public var priority: PrioritySyntax?
        /// Where the predicate was written.
        public var span: SourceSpan
    }

    /// The right side of a predicate: a number, a name or a style value.
    public enum Object: Hashable, Sendable {
        case number(Double, SourceSpan)
        /// A `let` metric or, in a view predicate, another view.
        case name(NameSyntax)
        case style(String, SourceSpan)
    }
}
