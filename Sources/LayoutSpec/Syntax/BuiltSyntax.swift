import Diagnostics

// Syntax built in code rather than parsed: the `Casement` library turns its
// view tree into these types directly, so its rules are lowered, diffed and
// solved by the very code a `.layout` file goes through, without text being
// written and parsed again. A spec's own views (`Layout(spec:)`) keep their
// parsed syntax, located in the spec's text; what code adds is located in the
// program that made it.

/// Spans of syntax made in code. Such a span is not an offset into the spec's
/// text: it stands for one entry of `SpecSyntax.codeLocations`, the place in the
/// program (a Swift `file:line:column`) that made it. Code spans start at
/// `base`, far past any text, so spans from a parsed spec and spans from code
/// sit side by side in one syntax tree.
public enum CodeSpan {
    /// The first code span; a spec's text is always shorter than this many bytes.
    public static let base = 1 << 48

    /// The span standing for `codeLocations[index]`.
    public static func span(_ index: Int) -> SourceSpan {
        SourceSpan(start: base + index, end: base + index + 1)
    }
}

extension SourceSpan {
    /// Whether the span was made in code (see `CodeSpan`).
    public var isCode: Bool { start >= CodeSpan.base }

    /// The index into `SpecSyntax.codeLocations` of a code span.
    var codeIndex: Int { start - CodeSpan.base }
}

/// Finds where a span was written: in the spec's text, or for a code span in
/// the program that made it.
struct SpanLocator: Sendable {
    var codeLocations: [SourceLocation] = []

    /// The location of a code span (clamped into the table); nil for a text span.
    func codeLocation(_ span: SourceSpan) -> SourceLocation? {
        guard span.isCode, !codeLocations.isEmpty else { return nil }
        return codeLocations[min(span.codeIndex, codeLocations.count - 1)]
    }
}

/// Names one syntax built in code, so that the next one can say what it
/// changed since (see `SpecSyntax.init(built:…)`).
public final class BuiltSyntaxToken: Sendable {}

extension SpecSyntax {
    /// Syntax built in code. `views` are in tree order, each after its parent
    /// (`parent` indices and `depth` set); their spans are offsets into
    /// `parsed`'s text (views a spec declared) or code spans into
    /// `codeLocations`. `parsed`, the spec the views came from, if any, gives
    /// the text and path and keeps its syntax errors; without it the path is
    /// `path` (the spec the engine names, relative to which `use` paths resolve).
    ///
    /// `changes`, when given, says that these views are those of `base` (the
    /// syntax built before, by its `builtToken`) with only the views at these
    /// indices changed: the same views in the same tree. Lowering then takes
    /// over the others without comparing them.
    public init(
        built views: [ViewSyntax], uses: [UseSyntax], lets: [LetSyntax], codeLocations: [SourceLocation],
        path: String, continuing parsed: SpecSyntax? = nil, changes: (base: BuiltSyntaxToken, views: [Int])? = nil
    ) {
        let source = parsed?.source ?? SourceText(path: path, text: "")
        var collector = parsed?.collector ?? DiagnosticCollector(source: source)
        collector.locator = SpanLocator(codeLocations: codeLocations)
        self.init(
            source: source, uses: uses, lets: lets, views: views, diagnostics: collector.finished(), collector: collector)
        self.codeLocations = codeLocations
        isBuilt = true
        builtToken = BuiltSyntaxToken()
        builtChanges = changes
    }
}

extension ViewSyntax {
    /// Whether two views read the same, their `parent` index aside (the view
    /// above may have moved in the list; lowering compares parents by id).
    func isSame(as other: ViewSyntax) -> Bool {
        kind == other.kind && resolvedKind == other.resolvedKind && id == other.id && depth == other.depth
            && classes == other.classes && title == other.title && titleSpan == other.titleSpan
            && span == other.span && params == other.params && statements == other.statements && lets == other.lets
    }
}
