import Diagnostics

/// One view as written: its header and its own statements. Child views are
/// separate entries of `SpecSyntax.views` pointing back through `parent`, so
/// the tree is flat and nothing recurses over it.
public struct ViewSyntax: Hashable, Sendable {
    /// The kind word as written (`box`, `text`, …).
    public var kind: NameSyntax
    /// The kind, when `kind` names one (the parser reports unknown kinds).
    public var resolvedKind: ViewKind?
    /// The `#id`, if written.
    public var id: NameSyntax?
    /// The `.class` names, in source order.
    public var classes: [NameSyntax]
    /// The quoted string in the header, if any.
    public var title: String?
    /// Where the quoted string was written.
    public var titleSpan: SourceSpan?
    /// The `[name=value]` parameters, in source order.
    public var params: [ParameterSyntax]
    /// Index into `SpecSyntax.views`; nil for a top-level view.
    public var parent: Int?
    /// 0 for a top-level view.
    public var depth: Int
    /// The header line, from the kind to the end of the header.
    public var span: SourceSpan
    /// The body's statements, in source order.
    public var statements: [StatementSyntax]
    /// The body's `let`s, visible in this view's statements.
    public var lets: [LetSyntax]
}

/// Stage one's result: the parsed spec with every span, and the syntax errors.
public struct SpecSyntax: Sendable {
    /// The text parsed.
    public var source: SourceText
    /// The `use` lines, in source order.
    public var uses: [UseSyntax]
    /// Top-level `let`s, visible everywhere.
    public var lets: [LetSyntax]
    /// Every view in tree (source) order.
    public var views: [ViewSyntax]
    /// Syntax errors and warnings.
    public var diagnostics: [Diagnostic]
    /// The parser's collector, which lowering continues: one cap and one
    /// "more not shown" note for the whole file.
    var collector: DiagnosticCollector
}
