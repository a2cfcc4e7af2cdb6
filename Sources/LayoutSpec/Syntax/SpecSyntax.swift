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

    /// A view's syntax as code builds it; `parent` is set when the views are put in order.
    public init(
        kind: NameSyntax, resolvedKind: ViewKind?, id: NameSyntax?, classes: [NameSyntax], title: String?,
        titleSpan: SourceSpan?, params: [ParameterSyntax], parent: Int?, depth: Int, span: SourceSpan,
        statements: [StatementSyntax], lets: [LetSyntax]
    ) {
        self.kind = kind
        self.resolvedKind = resolvedKind
        self.id = id
        self.classes = classes
        self.title = title
        self.titleSpan = titleSpan
        self.params = params
        self.parent = parent
        self.depth = depth
        self.span = span
        self.statements = statements
        self.lets = lets
    }
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
    /// For syntax built in code: where each code span was made (see `CodeSpan`).
    public internal(set) var codeLocations: [SourceLocation] = []
    /// True for syntax built in code (`init(built:…)`), false for a parsed spec.
    public internal(set) var isBuilt = false
    /// For syntax built in code: this syntax's name, and what it changed since another.
    public internal(set) var builtToken: BuiltSyntaxToken?
    var builtChanges: (base: BuiltSyntaxToken, views: [Int])?
}
