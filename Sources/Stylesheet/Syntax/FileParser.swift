import Diagnostics

/// Reads the statement tree as `.cas`: variables, imports, media blocks, rules and
/// declarations, flattening nesting into written-out selectors. The walk keeps its
/// own stack, so depth costs no call stack; blocks past `Structure.maxDepth` were
/// reported by the structure builder and are skipped here.
struct FileParser {
    /// The most selectors one rule may expand to through nested groups (`a, b { c, d { … } }`).
    static let maxSelectorsPerRule = 1024

    let reader: TokenReader
    let structure: Structure
    let hierarchy: KindHierarchy
    var log: DiagnosticLog
    private(set) var items: [FileItem] = []
    private(set) var rules: [RuleSyntax] = []
    /// Every rule's declarations, in order. Those read since the last flush (from
    /// `pendingStart` on) belong to the block being read and become its rule's run.
    private(set) var declarations: [DeclarationSyntax] = []
    private var pendingStart = 0
    private(set) var media: [MediaQuerySyntax] = []
    private(set) var symbols: SymbolTable
    private(set) var selectorCode: [Int32] = []
    /// Every rule's selectors, written out; rules and contexts hold runs of it.
    private(set) var ruleSelectors: [RuleSelector] = []
    /// The selectors of the group being read and their code, kept from group to
    /// group so reading one allocates no buffers (see `SelectorParser.parseGroup`).
    private var groupSelectors: [WrittenSelector] = []
    private var groupCode: [Int32] = []
    /// Where trial evaluations report; what it collects is never shown.
    private let scratchLog: DiagnosticLog
    /// Values already evaluated in this file: by the value's bytes as written, the
    /// first of a chain of `evaluatedValues` (one per property the text was read
    /// under; -1 ends it). A slice table finds the text without hashing a `String`
    /// or building a key, and its probes copy no values.
    private var evaluated: SliceTable<Int32>
    private var evaluatedValues: [EvaluatedValue] = []
    /// Off only in tests, which compare the reuse with evaluating every value.
    var reusesEvaluatedValues = true
    /// Selector groups by their text: -1 seen once, -2 seen again but not kept (it
    /// reported something), else an index into `keptGroups`. Nested groups (`&:hover`,
    /// `> text`) and plain kinds repeat all through a real sheet; a group is kept at
    /// its second reading, so the many written once cost no copy.
    private var groupTexts: SliceTable<Int32>
    private var keptGroups: [KeptGroup] = []
    /// Off only in tests, which compare the reuse with parsing every group.
    var reusesSelectorGroups = true
    /// Declarations already read in this file, by their text from the property name to
    /// the end of the value. Real sheets repeat declarations (`bg red`, `padding 1`);
    /// one that reported nothing reads the same every time, so a repeat skips the name
    /// lookup, the state arguments and the value. One that needs variables is shared
    /// too: the linker evaluates it by its text (`DeclarationMeaning.text`) once per
    /// set of variables, re-parsing a copy's own value tokens where it must report.
    /// Numbered by `declarationTexts`; nil where the text cannot be reused. (Kept in
    /// the table itself: a side array would cost each tiny imported file an allocation.)
    private var declarationTexts: SliceTable<RepeatedDeclaration?>
    /// Property names by their bytes as written, and their specs (nil: no such property).
    /// The values are indices into `PropertyCatalog.specs` (-1: no such property), so
    /// a lookup copies a spec only when it finds one.
    private var propertyNames: SliceTable<Int32>

    /// A selector group read without a report, to be replayed where its text recurs:
    /// its selectors with their first tokens relative to the group's first token and
    /// their code ranges into `code`.
    private struct KeptGroup {
        var nested: Bool
        var selectors: [WrittenSelector]
        var code: [Int32]
    }

    /// A value evaluated once under a property, and the next value of the same text.
    private struct EvaluatedValue {
        var property: String
        var values: [(property: StyleProperty, value: StyleValue)]
        var bareWords: [String]
        var next: Int32
    }

    private struct RepeatedDeclaration {
        /// The first reading's meaning; without its parsed value (whose tokens are the
        /// first copy's) from the first repeat on.
        var meaning: DeclarationMeaning
        /// Tokens from the property name to the value.
        var valueOffset: Int
    }

    init(reader: TokenReader, structure: Structure, hierarchy: KindHierarchy, log: DiagnosticLog) {
        self.reader = reader
        self.structure = structure
        self.hierarchy = hierarchy
        self.log = log
        self.scratchLog = DiagnosticLog(source: reader.source)
        self.declarationTexts = SliceTable(bytes: reader.source.utf8)
        self.propertyNames = SliceTable(bytes: reader.source.utf8)
        self.evaluated = SliceTable(bytes: reader.source.utf8)
        self.groupTexts = SliceTable(bytes: reader.source.utf8)
        self.symbols = SymbolTable(source: reader.source.utf8)
        items.reserveCapacity(structure.statements.count / 3)
    }

    /// Where a block's statements are read: at top level, or under selectors, and
    /// inside which media blocks.
    private struct Context {
        /// A run of `ruleSelectors`; nil at top level.
        var selectors: Range<Int>?
        var media: [Int] = []
    }

    private struct Frame {
        var block: Int
        var cursor: Int
        var context: Context
    }

    mutating func run() {
        var stack = [Frame(block: 0, cursor: structure.blocks[0].first, context: Context())]
        while let frame = stack.popLast() {
            var cursor = frame.cursor
            while cursor >= 0 {
                let statement = structure.statements[cursor]
                cursor = statement.next
                guard !statement.tokens.isEmpty else { continue }
                if let body = statement.body, structure.blocks[body].depth > Structure.maxDepth { continue }
                if let child = read(statement, in: frame.context) {
                    flush(in: frame.context)
                    if cursor >= 0 { stack.append(Frame(block: frame.block, cursor: cursor, context: frame.context)) }
                    stack.append(child)
                    break
                }
            }
            flush(in: frame.context)
        }
    }

    /// Makes the declarations read since the last flush a rule of the context's
    /// selectors, or drops them when there are none (no rule to hold them).
    private mutating func flush(in context: Context) {
        let pending = pendingStart..<declarations.count
        guard !pending.isEmpty else { return }  // the common case: nothing to drop either
        guard let selectors = context.selectors, !selectors.isEmpty else {
            declarations.removeSubrange(pending)
            return
        }
        rules.append(RuleSyntax(selectors: selectors, media: context.media, declarations: pending))
        items.append(.rule(rules.count - 1))
        pendingStart = declarations.count
    }

    /// Handles one statement; returns the frame of a block to read next, if any.
    private mutating func read(_ statement: Statement, in context: Context) -> Frame? {
        let range = statement.tokens
        let first = range.lowerBound
        let isTopLevel = context.selectors == nil
        if reader[first].kind == .atWord {
            return atRule(statement, in: context)
        }
        if range.count >= 2, reader[first].kind == .variable || reader[first].kind == .word,
            reader[first + 1].kind == .equals
        {
            variable(statement, in: context)
            return nil
        }
        if isTopLevel, reader[first].kind == .variable {
            log.report(
                .error, .casSyntax, "expected '=' after \(reader.quoted(first))", at: reader[first],
                hint: "variables are defined as $name = value")
            return nil
        }
        guard let body = statement.body else {
            if isTopLevel {
                strayTopLevelStatement(range)
            } else if let declaration = declaration(range, prefix: nil) {
                declarations.append(declaration)
            }
            return nil
        }
        if !isTopLevel, reader[range.upperBound - 1].kind == .at {
            propertyGroup(range, body: body)
            return nil
        }
        if isTopLevel, misplacedPropertyOwner(range) != nil {
            strayTopLevelStatement(range)
            return nil
        }
        if !isTopLevel, let property = misplacedPropertyOwner(range) {
            // A property line with lines indented under it: keep the declaration and
            // read the indented lines as if they were not indented.
            log.report(
                .error, .casSyntax, "'\(property)' is a property, but lines are indented under it", at: reader[first],
                hint: "indent the following lines like '\(property)'")
            if let declaration = declaration(range, prefix: nil) { declarations.append(declaration) }
            return Frame(block: body, cursor: structure.blocks[body].first, context: context)
        }
        return rule(range, body: body, in: context)
    }

    /// The property name when a statement owning a block starts with a property that
    /// is not also a kind (`text` is both, and reads as a selector). Every rule asks,
    /// so the name is looked up by its bytes (`propertySpec(nameAt:)`): a selector's
    /// first word costs a `String` only when it names a property.
    private mutating func misplacedPropertyOwner(_ range: Range<Int>) -> String? {
        let first = range.lowerBound
        guard reader[first].kind == .word, propertySpec(nameAt: first) != nil else { return nil }
        let name = reader.name(first)
        guard !hierarchy.isKnown(name) else { return nil }
        return name
    }

    private mutating func strayTopLevelStatement(_ range: Range<Int>) {
        if let property = misplacedPropertyOwner(range) {
            log.report(
                .error, .casSyntax, "'\(property)' is a property, but it is outside any rule", at: reader[range.lowerBound],
                hint: "put it inside a rule's block, e.g. box { \(property) … }")
            return
        }
        // A selector with no block: an empty rule. Check it all the same.
        SelectorParser.parseGroup(
            range, nested: false, reader: reader, hierarchy: hierarchy, log: log, symbols: &symbols, code: &groupCode,
            into: &groupSelectors)
    }

    // MARK: Rules

    private mutating func rule(_ range: Range<Int>, body: Int, in context: Context) -> Frame? {
        readGroup(range, nested: context.selectors != nil)
        guard !groupSelectors.isEmpty else { return nil }
        let first = ruleSelectors.count
        // Nested: each parent selector in turn; top level: one pass with no parent (-1).
        expansion: for parent in context.selectors ?? -1..<0 {
            let parentCode = parent >= 0 ? ruleSelectors[parent].code : nil
            for child in groupSelectors {
                if ruleSelectors.count - first == Self.maxSelectorsPerRule {
                    log.report(
                        .error, .casSelector, "this selector group expands to more than \(Self.maxSelectorsPerRule) selectors",
                        at: reader[range.lowerBound], hint: "nested groups multiply; the rest are ignored")
                    break expansion
                }
                let start = selectorCode.count
                child.appendCode(underParentCode: parentCode, groupCode: groupCode, to: &selectorCode)
                ruleSelectors.append(RuleSelector(token: child.token, code: start..<selectorCode.count))
            }
        }
        var inner = context
        inner.selectors = first..<ruleSelectors.count
        return Frame(block: body, cursor: structure.blocks[body].first, context: inner)
    }

    /// Reads the selector group at `range` into `groupSelectors` and `groupCode`, as
    /// `SelectorParser.parseGroup` does, replaying a kept reading of the same text.
    private mutating func readGroup(_ range: Range<Int>, nested: Bool) {
        let first = range.lowerBound
        let text = Int(reader[first].start)..<Int(reader[range.upperBound - 1].end)
        let (number, isNew) = groupTexts.number(of: text, inserting: -1)
        let kept = groupTexts[number]
        if reusesSelectorGroups, kept >= 0, keptGroups[Int(kept)].nested == nested {
            replay(keptGroups[Int(kept)], at: first)
            return
        }
        let reports = log.reportCount
        SelectorParser.parseGroup(
            range, nested: nested, reader: reader, hierarchy: hierarchy, log: log, symbols: &symbols,
            code: &groupCode, into: &groupSelectors)
        // Kept at its second reading, when it reported nothing (a report must be made
        // at every copy); the same bytes always lex to the same tokens.
        guard !isNew, kept == -1 else { return }
        guard log.reportCount == reports else {
            groupTexts[number] = -2
            return
        }
        var group = KeptGroup(nested: nested, selectors: groupSelectors, code: [])
        for s in group.selectors.indices {
            let code = group.selectors[s].code
            group.selectors[s].code = group.code.count..<(group.code.count + code.count)
            group.code += groupCode[code]
            group.selectors[s].token -= first
        }
        keptGroups.append(group)
        groupTexts[number] = Int32(keptGroups.count - 1)
    }

    /// Puts a kept group's selectors and code where `parseGroup` would have, for the
    /// group whose first token is `first`.
    private mutating func replay(_ group: KeptGroup, at first: Int) {
        groupSelectors.removeAll(keepingCapacity: true)
        if groupCode.count > 4096 { groupCode.removeAll(keepingCapacity: true) }
        let base = groupCode.count
        groupCode += group.code
        for var selector in group.selectors {
            selector.code = (selector.code.lowerBound + base)..<(selector.code.upperBound + base)
            selector.token += first
            groupSelectors.append(selector)
        }
    }

    // MARK: Declarations

    private mutating func declaration(_ range: Range<Int>, prefix: String?) -> DeclarationSyntax? {
        guard prefix == nil else { return readDeclaration(range, prefix: prefix) }
        let text = Int(reader[range.lowerBound].start)..<Int(reader[range.upperBound - 1].end)
        let (number, isNew) = declarationTexts.number(of: text, inserting: nil)
        if !isNew, var repeated = declarationTexts[number] {
            // A repeat shares the first reading's meaning without its parsed value, made
            // at the first repeat: a text written once (most of a small file) makes no copy.
            if repeated.meaning.value != nil {
                repeated.meaning = repeated.meaning.with(value: nil)
                declarationTexts[number] = repeated
            }
            // Its meaning's `text` is `number` already.
            return DeclarationSyntax(
                meaning: repeated.meaning, valueTokens: (range.lowerBound + repeated.valueOffset)..<range.upperBound,
                tokens: range)
        }
        let reports = log.reportCount
        let declaration = readDeclaration(range, prefix: nil, text: Int32(number))
        guard isNew else { return declaration }
        if let declaration, log.reportCount == reports {
            declarationTexts[number] = RepeatedDeclaration(
                meaning: declaration.meaning, valueOffset: declaration.valueTokens.lowerBound - range.lowerBound)
        }
        return declaration
    }

    private mutating func readDeclaration(_ range: Range<Int>, prefix: String?, text: Int32 = -1) -> DeclarationSyntax? {
        let first = range.lowerBound
        guard reader[first].kind == .word else {
            let looksLikeSelector: Set<TokenKind> = [.dotWord, .hash, .ampersand, .greater, .caret, .star, .leftBracket]
            log.report(
                .error, .casSyntax, "expected a property name, found \(reader.quoted(first))", at: reader[first],
                hint: looksLikeSelector.contains(reader[first].kind)
                    ? "a nested rule needs a block: add '{ … }' or indent its properties under it" : nil)
            return nil
        }
        let spec = prefix == nil ? propertySpec(nameAt: first) : PropertyCatalog.spec(named: propertyName(first, prefix))
        guard let spec else {
            let name = propertyName(first, prefix)
            let candidates = prefix.map { p in PropertyCatalog.allNames.filter { $0.hasPrefix(p + "-") } }
                ?? PropertyCatalog.allNames
            let habit = CSSHabits.hint(for: name)
            let near = habit == nil ? Suggestion.closest(to: name, among: candidates) : nil
            log.report(
                .warning, .casUnknownProperty, "unknown property '\(name)'", at: reader[first],
                hint: habit ?? near.map(Suggestion.hint(offering:)), suggestion: near)
            return nil
        }
        var index = first + 1
        var states: [String] = []
        while index < range.upperBound, reader[index].kind == .leftBracket {
            guard let more = SelectorParser.parseStates(at: &index, end: range.upperBound, reader: reader, log: log)
            else { return nil }
            states += more
        }
        if index < range.upperBound, reader[index].kind == .colon { index += 1 }
        guard index < range.upperBound else {
            let name = propertyName(first, prefix)
            log.report(
                .error, .casSyntax, "'\(name)' has no value", at: reader[range.upperBound - 1],
                hint: "write a value after the property name, e.g. \(name) …")
            return nil
        }
        let valueTokens = index..<range.upperBound
        let valueText = Int(reader[index].start)..<Int(reader[range.upperBound - 1].end)
        let (textNumber, _) = evaluated.number(of: valueText, inserting: -1)
        if reusesEvaluatedValues, let known = evaluatedValue(textNumber, property: spec.name) {
            let meaning = DeclarationMeaning(
                spec: spec, states: states, value: nil, precomputed: known.values, bareWords: known.bareWords, text: text)
            return DeclarationSyntax(meaning: meaning, valueTokens: valueTokens, tokens: range)
        }
        guard let value = ExpressionParser.parse(valueTokens, reader: reader, log: log),
            let (precomputed, bareWords) = precompute(value, for: spec)
        else {
            return nil
        }
        if let precomputed {
            evaluatedValues.append(
                EvaluatedValue(property: spec.name, values: precomputed, bareWords: bareWords, next: evaluated[textNumber]))
            evaluated[textNumber] = Int32(evaluatedValues.count - 1)
        }
        let meaning = DeclarationMeaning(
            spec: spec, states: states, value: value, precomputed: precomputed, bareWords: bareWords, text: text)
        return DeclarationSyntax(meaning: meaning, valueTokens: valueTokens, tokens: range)
    }

    /// The value evaluated for text `textNumber` under `property`, if any.
    private func evaluatedValue(_ textNumber: Int, property: String) -> EvaluatedValue? {
        var entry = evaluated[textNumber]
        while entry >= 0 {
            if evaluatedValues[Int(entry)].property == property { return evaluatedValues[Int(entry)] }
            entry = evaluatedValues[Int(entry)].next
        }
        return nil
    }

    /// A property's name as written at `index`, under a property group's prefix if any.
    private func propertyName(_ index: Int, _ prefix: String?) -> String {
        prefix.map { $0 + "-" + reader.name(index) } ?? reader.name(index)
    }

    /// The property named by the word token at `index`, looked up once per distinct
    /// spelling in the file: a name read again costs neither a `String` nor a hash of one.
    private mutating func propertySpec(nameAt index: Int) -> PropertySpec? {
        let token = reader[index]
        let (number, isNew) = propertyNames.number(of: Int(token.start)..<Int(token.end), inserting: -1)
        if isNew, let spec = PropertyCatalog.spec(named: reader.name(index)) {
            propertyNames[number] = Int32(PropertyCatalog.specs.firstIndex { $0.name == spec.name }!)
        }
        let spec = propertyNames[number]
        return spec >= 0 ? PropertyCatalog.specs[Int(spec)] : nil
    }

    /// Evaluates a value that refers to no `$variable` right away: its values (nil
    /// when it needs variables or bare words may name some) and its bare words.
    /// Returns nil when the value is wrong whatever the variables (the error is then
    /// reported here, once per parse); a failure that a variable named like one of
    /// its bare words could fix is left to the linker.
    private func precompute(_ expression: Expression, for spec: PropertySpec)
        -> (values: [(property: StyleProperty, value: StyleValue)]?, bareWords: [String])?
    {
        guard !expression.mentionsVariable else { return (nil, []) }
        let bareWords = expression.bareWords
        var trial = Evaluator(reader: reader, log: scratchLog, variables: [:])
        if let value = try? trial.evaluate(expression),
            let values = try? trial.convert(value, for: spec, at: expression.token)
        {
            return (values, bareWords)
        }
        guard bareWords.isEmpty else { return (nil, bareWords) }
        var reporting = Evaluator(reader: reader, log: log, variables: [:])
        if let value = try? reporting.evaluate(expression) {
            _ = try? reporting.convert(value, for: spec, at: expression.token)
        }
        return nil
    }

    /// `border @{ style rounded; color red }`: each inner property is prefixed with
    /// the group's name, and any state arguments on the group apply to each. Groups
    /// nest as Classy's do (`embed @{ paragraphStyle @{ kern 5 } }`): the names join
    /// with `-`, kebab-cased, so that is `embed-paragraph-style-kern`.
    private mutating func propertyGroup(
        _ range: Range<Int>, body: Int, outer: (prefix: String, states: [String])? = nil
    ) {
        let first = range.lowerBound
        guard reader[first].kind == .word else {
            log.report(.error, .casSyntax, "expected a property name before '@{'", at: reader[first])
            return
        }
        var index = first + 1
        var states = outer?.states ?? []
        while index < range.upperBound - 1, reader[index].kind == .leftBracket {
            guard let more = SelectorParser.parseStates(at: &index, end: range.upperBound, reader: reader, log: log)
            else { return }
            states += more
        }
        if index < range.upperBound - 1, reader[index].kind == .colon { index += 1 }
        guard index == range.upperBound - 1 else {
            log.report(
                .error, .casSyntax, "unexpected \(reader.quoted(index)) before '@{'", at: reader[index],
                hint: "a property group looks like border @{ style rounded; color red }")
            return
        }
        let name = PropertyCatalog.kebabCase(reader.name(first))
        let prefix = outer.map { $0.prefix + "-" + name } ?? name
        for statement in structure.statements(of: body) {
            guard !statement.tokens.isEmpty else { continue }
            if let inner = statement.body {
                guard reader[statement.tokens.upperBound - 1].kind == .at else {
                    log.report(
                        .error, .casSyntax, "a property group holds only properties and groups",
                        at: reader[statement.tokens.lowerBound],
                        hint: "a nested group needs '@' before its block, e.g. \(prefix) @{ … }")
                    continue
                }
                propertyGroup(statement.tokens, body: inner, outer: (prefix, states))
                continue
            }
            if var declaration = declaration(statement.tokens, prefix: prefix) {
                if !states.isEmpty {
                    let meaning = declaration.meaning
                    declaration.meaning = meaning.with(states: states + meaning.states, value: meaning.value)
                }
                declarations.append(declaration)
            }
        }
    }

    // MARK: Variables and at-rules

    private mutating func variable(_ statement: Statement, in context: Context) {
        let range = statement.tokens
        let first = range.lowerBound
        guard context.selectors == nil, context.media.isEmpty else {
            log.report(
                .error, .casVariable, "variables are defined at the top level only", at: reader[first],
                hint: "move '\(reader.text(of: range))' above the rule, outside any block")
            return
        }
        if statement.body != nil {
            log.report(.error, .casVariable, "a variable definition cannot own a block", at: reader[first])
        }
        let name = reader.name(first)
        guard range.count > 2 else {
            log.report(.error, .casVariable, "'\(name)' has no value after '='", at: reader[first + 1])
            items.append(.variable(name: name, value: nil, token: first))
            return
        }
        let value = ExpressionParser.parse((first + 2)..<range.upperBound, reader: reader, log: log)
        items.append(.variable(name: name, value: value, token: first))
    }

    private static let atRules = ["import", "media", "device"]

    private mutating func atRule(_ statement: Statement, in context: Context) -> Frame? {
        let range = statement.tokens
        let keyword = range.lowerBound
        let name = reader.name(keyword).lowercased()
        switch name {
        case "import":
            guard context.selectors == nil, context.media.isEmpty else {
                log.report(
                    .error, .casImport, "@import must be at the top level", at: reader[keyword],
                    hint: "move it out of the block; an imported file's rules sit where it is imported")
                return nil
            }
            if statement.body != nil {
                log.report(.error, .casImport, "@import takes a file name, not a block", at: reader[keyword])
            }
            importStatement(range)
            return nil
        case "media", "device":
            let query = MediaQueryParser.parse(
                keyword: keyword, range: (keyword + 1)..<range.upperBound, reader: reader, log: log)
            guard let body = statement.body else {
                log.report(
                    .error, .casSyntax, "@\(name) needs a block of rules or properties", at: reader[keyword],
                    hint: "e.g. @media (min-width: 100) { box { size 40 } }")
                return nil
            }
            media.append(query)
            var inner = context
            inner.media.append(media.count - 1)
            return Frame(block: body, cursor: structure.blocks[body].first, context: inner)
        default:
            let near = Suggestion.closest(to: name, among: Self.atRules).map { "@" + $0 }
            log.report(
                .error, .casSyntax, "unknown at-rule '@\(name)'", at: reader[keyword],
                hint: near.map(Suggestion.hint(offering:)) ?? "at-rules: @import, @media, @device", suggestion: near)
            return nil
        }
    }

    private mutating func importStatement(_ range: Range<Int>) {
        let keyword = range.lowerBound
        let target = (keyword + 1)..<range.upperBound
        guard !target.isEmpty else {
            log.report(.error, .casImport, "@import needs a file name", at: reader[keyword], hint: "e.g. @import \"theme.cas\"")
            return
        }
        if target.count == 1, reader[target.lowerBound].kind == .string {
            items.append(.importFile(.path(reader.string(target.lowerBound)), token: keyword))
        } else if target.count == 1, reader[target.lowerBound].kind == .variable {
            items.append(.importFile(.variable(reader.name(target.lowerBound)), token: keyword))
        } else {
            // A bare path: `@import themes/dark.cas`, taken as written.
            items.append(.importFile(.path(reader.text(of: target)), token: keyword))
        }
    }
}
