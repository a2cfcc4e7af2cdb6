import Diagnostics

/// One declaration that survived parsing and evaluation: what it sets and where it is.
public struct StyleDeclaration: Sendable {
    /// The property as the catalog names it (`padding`, `border-color`), whatever the spelling.
    public let property: String
    /// `[state:…]` arguments on the property; the declaration applies only in those states.
    public let states: [String]
    /// The computed properties it sets, with their values (shorthands set several).
    public let values: [(property: StyleProperty, value: StyleValue)]
    /// Where the declaration is written.
    public let location: SourceLocation
    /// Index into `Stylesheet.files`, and the byte range of the declaration as written.
    let file: Int
    let sourceRange: Range<Int>
}

/// A selector with the declarations it applies. A group `a, b { … }` becomes one
/// rule per selector, sharing the declarations.
public struct StyleRule: Sendable {
    /// Which views the rule applies to.
    public let selector: Selector
    /// The selector's specificity, which decides between rules setting the same property.
    public let specificity: Specificity
    /// Indices into `Stylesheet.media`; the rule applies only while all of them hold.
    public let media: [Int]
    /// Indices into `Stylesheet.declarations`.
    public let declarations: Range<Int>
    /// Where the selector is written (for a nested rule, its innermost part).
    public let location: SourceLocation
}

/// A file the stylesheet read or tried to read. The live designer watches all of them,
/// missing ones included, so creating a missing file triggers a reload.
public struct StylesheetFile: Hashable, Sendable {
    /// Whether the file could be read.
    public enum Status: Hashable, Sendable {
        case loaded
        case missing
        case unreadable(String)
    }

    /// The file's path, as the importing file or the caller spelled it.
    public let path: String
    /// Loaded, missing, or unreadable with the reason.
    public let status: Status
}

/// A variable's final value, for the inspector.
public struct VariableBinding: Sendable {
    /// The variable's name.
    public let name: String
    /// nil when its definition had an error.
    public let value: Value?
    /// Where the variable's final definition is written.
    public let location: SourceLocation
}

/// A loaded stylesheet: an entry file and everything it imports, linked in order.
/// Immutable; a reload builds a new one (reusing unchanged files' parses).
public struct Stylesheet: Sendable {
    /// Every rule, in source order over all files (imports where they are imported).
    public let rules: Rules
    /// Every declaration; a rule's `declarations` range indexes into this.
    public let declarations: Declarations
    /// Every `@media`/`@device` block, in source order.
    public let media: [MediaQuery]
    /// Every variable with its final value.
    public let variables: [VariableBinding]
    /// Errors, warnings and notes of every file, in the order files were read.
    public let diagnostics: [Diagnostic]
    /// Every file read or tried, in order; the entry file first.
    public let files: [StylesheetFile]
    /// The view kinds the sheet's `^kind` selectors were checked and matched against.
    public let hierarchy: KindHierarchy
    let index: RuleIndex

    init(
        linked: LinkedRules, media: [MediaQuery], variables: [VariableBinding], diagnostics: [Diagnostic],
        files: [StylesheetFile], hierarchy: KindHierarchy
    ) {
        self.rules = Rules(linked: linked)
        self.declarations = Declarations(linked: linked)
        self.media = media
        self.variables = variables
        self.diagnostics = diagnostics
        self.files = files
        self.hierarchy = hierarchy
        self.index = linked.index
    }

    /// Parses one self-contained sheet from text. `@import`s in it fail as missing files;
    /// use `StylesheetLoader` for sheets that import others.
    public static func parse(_ text: String, path: String = "<stylesheet>") -> Stylesheet {
        var loader = StylesheetLoader(reader: .inMemory([path: text]))
        return loader.load(path)
    }

    /// Whether any file had an error (warnings and notes do not count).
    public var hasErrors: Bool { diagnostics.hasErrors }

    /// A declaration as written in its file: `border-color[state:selected] yellow`.
    public func sourceText(of declaration: StyleDeclaration) -> String {
        guard let source = rules.linked.files[declaration.file]?.reader.source else { return "" }
        return String(decoding: source.utf8[declaration.sourceRange], as: UTF8.self)
    }

    /// The sheet's rules in source order, a `StyleRule` each. A sheet keeps its rules
    /// compiled (see `RuleIndex`) and each as the place it is written; a rule read from
    /// here is built on the spot, its selector decoded from the compiled form.
    public struct Rules: RandomAccessCollection, Sendable {
        let linked: LinkedRules

        /// 0.
        public var startIndex: Int { 0 }
        /// The number of rules.
        public var endIndex: Int { linked.ruleOrigins.count }
        /// The rule at `position`, built on the spot.
        public subscript(position: Int) -> StyleRule { linked.rule(position) }
    }

    /// The sheet's declarations in link order, a `StyleDeclaration` each, built on the
    /// spot from the declaration's computed values and the place it is written.
    public struct Declarations: RandomAccessCollection, Sendable {
        let linked: LinkedRules

        /// 0.
        public var startIndex: Int { 0 }
        /// The number of declarations.
        public var endIndex: Int { linked.declarationOrigins.count }
        /// The declaration at `position`, built on the spot.
        public subscript(position: Int) -> StyleDeclaration { linked.declaration(position) }
    }
}

/// Where a linked rule or declaration is written: the file (an index into
/// `Stylesheet.files`) and its syntax there (into `ParsedFile.ruleSelectors` or
/// `ParsedFile.declarations`). Two integers, so linking a declaration or a rule
/// copies no strings or arrays and retains nothing.
struct WrittenItem: Sendable {
    var file: Int32
    var item: Int32
}

/// What a stylesheet's `rules` and `declarations` are built from: the parsed files
/// (kept, as the loader keeps them anyway), each linked item's place in them, and the
/// compiled rules with the computed values. Shared by both collections.
final class LinkedRules: Sendable {
    let files: [ParsedFile?]
    let ruleOrigins: [WrittenItem]
    let declarationOrigins: [WrittenItem]
    let index: RuleIndex

    init(files: [ParsedFile?], ruleOrigins: [WrittenItem], declarationOrigins: [WrittenItem], index: RuleIndex) {
        self.files = files
        self.ruleOrigins = ruleOrigins
        self.declarationOrigins = declarationOrigins
        self.index = index
    }

    func rule(_ position: Int) -> StyleRule {
        let compiled = index.rules[position]
        return StyleRule(
            selector: selector(ofRule: position), specificity: specificity(ofRule: position),
            media: index.pool[compiled.media.range].map(Int.init),
            declarations: Int(compiled.declarations.lowerBound)..<Int(compiled.declarations.upperBound),
            location: location(ofRule: position))
    }

    func declaration(_ position: Int) -> StyleDeclaration {
        let (_, syntax) = written(declaration: position)
        return StyleDeclaration(
            property: syntax.spec.name, states: syntax.states, values: index.values(ofDeclaration: position),
            location: location(ofDeclaration: position), file: Int(declarationOrigins[position].file),
            sourceRange: sourceRange(ofDeclaration: position))
    }

    // The parts of a rule or a declaration one at a time, for readers (the
    // inspector's provenance) that need a few of them and not the whole item.

    func selector(ofRule position: Int) -> Selector {
        let origin = ruleOrigins[position]
        return files[Int(origin.file)]!.selector(Int(origin.item))
    }

    func specificity(ofRule position: Int) -> Specificity {
        let origin = ruleOrigins[position]
        return files[Int(origin.file)]!.specificity(Int(origin.item))
    }

    func location(ofRule position: Int) -> SourceLocation {
        let origin = ruleOrigins[position]
        let file = files[Int(origin.file)]!
        return file.reader.location(file.ruleSelectors[Int(origin.item)].token)
    }

    func location(ofDeclaration position: Int) -> SourceLocation {
        let (file, syntax) = written(declaration: position)
        return file.reader.location(syntax.tokens.lowerBound)
    }

    /// How many `[state:…]` arguments the declaration has.
    func stateCount(ofDeclaration position: Int) -> Int {
        Int(index.declarationStates[position].count)
    }

    /// The declaration as written in its file.
    func sourceText(ofDeclaration position: Int) -> String {
        let file = files[Int(declarationOrigins[position].file)]!
        return String(decoding: file.reader.source.utf8[sourceRange(ofDeclaration: position)], as: UTF8.self)
    }

    private func sourceRange(ofDeclaration position: Int) -> Range<Int> {
        let (file, syntax) = written(declaration: position)
        let reader = file.reader
        return Int(reader[syntax.tokens.lowerBound].start)..<Int(reader[syntax.tokens.upperBound - 1].end)
    }

    private func written(declaration position: Int) -> (file: ParsedFile, syntax: DeclarationSyntax) {
        let origin = declarationOrigins[position]
        let file = files[Int(origin.file)]!
        return (file, file.declarations[Int(origin.item)])
    }
}
