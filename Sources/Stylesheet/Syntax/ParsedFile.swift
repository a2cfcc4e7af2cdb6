import Diagnostics

/// What a declaration says, apart from where it is written: the property resolved,
/// the value not yet evaluated. A class, so every repeat of one declaration text
/// shares one and copying a declaration retains one object instead of five.
final class DeclarationMeaning: Sendable {
    let spec: PropertySpec
    /// `[state:…]` arguments on the property.
    let states: [String]
    /// The parsed value; nil when `precomputed` came from an identical value earlier
    /// in the file (the linker re-parses `valueTokens` in the rare case it needs it).
    let value: Expression?
    /// The computed values, when the value needs no variables: evaluated once at
    /// parse time, so a reload of an unchanged file does no evaluation.
    let precomputed: [(property: StyleProperty, value: StyleValue)]?
    /// The value's bare words. Classy's `$` is optional, so a word names a variable
    /// when one of that name exists; `precomputed` holds only while none does.
    let bareWords: [String]
    /// The number of the declaration's text among the file's declaration texts (the
    /// same text, the same number), or -1 inside a property group; the linker reuses
    /// an evaluation by it while no variable changed.
    let text: Int32

    init(
        spec: PropertySpec, states: [String], value: Expression?,
        precomputed: [(property: StyleProperty, value: StyleValue)]? = nil, bareWords: [String] = [],
        text: Int32 = -1
    ) {
        self.spec = spec
        self.states = states
        self.value = value
        self.precomputed = precomputed
        self.bareWords = bareWords
        self.text = text
    }

    /// The same meaning with other states or without the parsed value.
    func with(states: [String]? = nil, value: Expression?) -> DeclarationMeaning {
        DeclarationMeaning(
            spec: spec, states: states ?? self.states, value: value, precomputed: precomputed,
            bareWords: bareWords, text: text)
    }
}

/// A declaration as written: its shared meaning and where its tokens are.
struct DeclarationSyntax: Sendable {
    var meaning: DeclarationMeaning
    var valueTokens: Range<Int>
    /// The whole declaration, for the inspector's "as written" text.
    var tokens: Range<Int>

    var spec: PropertySpec { meaning.spec }
    var states: [String] { meaning.states }
    var value: Expression? { meaning.value }
    var precomputed: [(property: StyleProperty, value: StyleValue)]? { meaning.precomputed }
    var bareWords: [String] { meaning.bareWords }
    var text: Int32 { meaning.text }
}

/// A run of declarations under one selector group and media context. Nesting is
/// already flattened: each selector is the written-out form.
struct RuleSyntax: Sendable {
    /// A run of `ParsedFile.ruleSelectors`.
    var selectors: Range<Int>
    /// Indices into the file's media queries; all must hold.
    var media: [Int]
    /// A run of `ParsedFile.declarations` (one flat array, not one array per rule).
    var declarations: Range<Int>
}

/// One written-out selector of a rule: its code and where it is written. Plain
/// integers: the `Selector` and its specificity are read from the code when asked for.
struct RuleSelector: Sendable {
    /// Where the selector is written (for a nested rule, its innermost part).
    var token: Int
    /// The compiled selector, a range of the file's `selectorCode`.
    var code: Range<Int>
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
    /// Index into `ParsedFile.rules` (kept apart, so walking the items copies no rule).
    case rule(Int)
}

/// One file, parsed: everything that does not depend on variables or other files,
/// so a reload reuses it unless the file's contents changed. Immutable and shared.
final class ParsedFile: Sendable {
    let contents: String
    let reader: TokenReader
    let items: [FileItem]
    let rules: [RuleSyntax]
    /// Every rule's written-out selectors, in order; a rule holds a run of them.
    let ruleSelectors: [RuleSelector]
    /// Every rule's declarations, in order; a rule holds a run of them.
    let declarations: [DeclarationSyntax]
    let media: [MediaQuerySyntax]
    let diagnostics: [Diagnostic]
    /// The file's distinct names, and its selectors compiled over them.
    let symbols: [String]
    let selectorCode: [Int32]
    /// How many declarations and rules the file contributes (before imports), so the
    /// linker can size its arrays once.
    let declarationCount: Int
    let ruleCount: Int

    var path: String { reader.source.path }

    /// `reusesEvaluatedValues: false` evaluates every value afresh, and
    /// `reusesSelectorGroups: false` parses every selector group: the general paths
    /// the tests compare the parser's reuse of values and groups with.
    init(
        path: String, contents: String, hierarchy: KindHierarchy = .standard, reusesEvaluatedValues: Bool = true,
        reusesSelectorGroups: Bool = true
    ) {
        let source = SourceText(path: path, text: contents)
        let log = DiagnosticLog(source: source)
        let stream = Lexer.tokenize(source, log: log)
        let structure = StructureBuilder.build(stream.tokens, log: log)
        let reader = TokenReader(source: source, stream: stream)
        var parser = FileParser(reader: reader, structure: structure, hierarchy: hierarchy, log: log)
        parser.reusesEvaluatedValues = reusesEvaluatedValues
        parser.reusesSelectorGroups = reusesSelectorGroups
        parser.run()
        self.contents = contents
        self.reader = reader
        self.items = parser.items
        self.rules = parser.rules
        self.ruleSelectors = parser.ruleSelectors
        self.declarations = parser.declarations
        self.media = parser.media
        self.symbols = parser.symbols.names
        self.selectorCode = parser.selectorCode
        self.diagnostics = parser.log.finished
        var ruleCount = 0
        for rule in parser.rules { ruleCount += rule.selectors.count }
        self.declarationCount = parser.declarations.count
        self.ruleCount = ruleCount
    }

    /// The written-out selector `ruleSelectors[index]`, decoded from its code.
    func selector(_ index: Int) -> Selector {
        SelectorCode.selector(selectorCode[ruleSelectors[index].code], names: symbols)
    }

    /// The specificity of `ruleSelectors[index]`.
    func specificity(_ index: Int) -> Specificity {
        SelectorCode.specificity(selectorCode[ruleSelectors[index].code])
    }
}
