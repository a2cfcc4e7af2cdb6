import Diagnostics

/// One view as written: its header and its own statements. Child views are
/// separate entries of `SpecSyntax.views` pointing back through `parent`, so
/// the tree is flat and nothing recurses over it.
public struct ViewSyntax: Hashable, Sendable {
    public var kind: NameSyntax
    /// The kind, when `kind` names one (the parser reports unknown kinds).
    public var resolvedKind: ViewKind?
    public var id: NameSyntax?
    public var classes: [NameSyntax]
    public var title: String?
    public var titleSpan: SourceSpan?
    public var params: [ParameterSyntax]
    /// Index into `SpecSyntax.views`; nil for a top-level view.
    public var parent: Int?
    /// 0 for a top-level view.
    public var depth: Int
    /// The header line, from the kind to the end of the header.
    public var span: SourceSpan
    public var statements: [StatementSyntax]
    public var lets: [LetSyntax]
}

/// Stage one's result: the parsed spec with every span, and the syntax errors.
public struct SpecSyntax: Sendable {
    public var source: SourceText
    public var uses: [UseSyntax]
    /// Top-level `let`s, visible everywhere.
    public var lets: [LetSyntax]
    /// Every view in tree (source) order.
    public var views: [ViewSyntax]
    public var diagnostics: [Diagnostic]
    /// The parser's collector, which lowering continues: one cap and one
    /// "more not shown" note for the whole file.
    var collector: DiagnosticCollector
}
