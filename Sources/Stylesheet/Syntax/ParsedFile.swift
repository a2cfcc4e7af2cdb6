import Diagnostics

/// A declaration as written: the property resolved, the value not yet evaluated.
struct DeclarationSyntax: Sendable {
    var spec: PropertySpec
    /// `[state:…]` arguments on the property.
    var states: [String]
    var value: Expression
    /// The whole declaration, for the inspector's "as written" text.
    var tokens: Range<Int>
}

/// A run of declarations under one selector group and media context. Nesting is
/// already flattened: each selector is the written-out form.
struct RuleSyntax: Sendable {
    var selectors: [(selector: Selector, token: Int)]
    /// Indices into the file's media queries; all must hold.
    var media: [Int]
    var declarations: [DeclarationSyntax]
}

enum ImportTarget: Sendable {
    case path(String)
    case variable(String)
}

/// The top-level effects of a file, in source order.
enum FileItem: Sendable {
    /// nil value: the definition had a syntax error (already reported).
    case variable(name: String, value: Expression?, token: Int)
    case importFile(ImportTarget, token: Int)
    case rule(RuleSyntax)
}

/// One file, parsed: everything that does not depend on variables or other files,
/// so a reload reuses it unless the file's contents changed.
struct ParsedFile: Sendable {
    let contents: String
    let reader: TokenReader
    let items: [FileItem]
    let media: [MediaQuerySyntax]
    let diagnostics: [Diagnostic]

    var path: String { reader.source.path }

    init(path: String, contents: String, hierarchy: KindHierarchy = .standard) {
        let source = SourceText(path: path, text: contents)
        var log = DiagnosticLog(source: source)
        let stream = Lexer.tokenize(source, log: &log)
        let structure = StructureBuilder.build(stream.tokens, log: &log)
        let reader = TokenReader(source: source, stream: stream)
        var parser = FileParser(reader: reader, structure: structure, hierarchy: hierarchy, log: log)
        parser.run()
        self.contents = contents
        self.reader = reader
        self.items = parser.items
        self.media = parser.media
        self.diagnostics = parser.log.finished
    }
}
