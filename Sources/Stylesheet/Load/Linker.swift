import Cells
import Diagnostics

/// Links parsed files into one stylesheet: walks items in document order (an
/// imported file's items sit at its `@import`), evaluates variables, media queries
/// and values, and numbers declarations so later ones win ties. The import walk
/// keeps its own stack, so a long import chain costs no call stack.
struct Linker {
    let hierarchy: KindHierarchy
    private(set) var linkedPaths: Set<String> = []

    private var files: [StylesheetFile] = []
    private var parsed: [ParsedFile?] = []
    /// Link-time diagnostics, per file; read errors of entry files apart.
    private var logs: [DiagnosticLog?] = []
    private var readErrors: [Int: Diagnostic] = [:]

    private var variables: [String: Value?] = [:]
    /// Variables defined without `$` somewhere, usable as bare words.
    private var bareNames: Set<String> = []
    private var variableSites: [String: SourceLocation] = [:]
    private var variableOrder: [String] = []
    private var undefinedUses: [(file: Int, diagnostic: Int, name: String)] = []
    /// Bumped whenever a variable is defined: an evaluation made in the same
    /// generation saw the same variables and bare names.
    private var generation = 0
    /// Evaluations of declarations that need variables, by file and declaration text,
    /// with their generation: `fg $accent` written a thousand times is evaluated once
    /// while `$accent` stays the same.
    private var evaluatedTexts: [Int: (generation: Int, values: [(property: StyleProperty, value: StyleValue)])] = [:]
    /// Media conditions by query text, with their generation: sheets repeat
    /// `@media (min-width: 100)` far more often than they redefine variables.
    private var evaluatedMedia: [String: (generation: Int, alternatives: [[MediaQuery.Condition]])] = [:]

    /// Where each linked rule and declaration is written, in link order.
    private var ruleOrigins: [WrittenItem] = []
    private var declarationOrigins: [WrittenItem] = []
    /// The media blocks of the rule being linked (kept from rule to rule).
    private var ruleMedia: [Int] = []
    private var media: [MediaQuery] = []
    private var index = RuleIndex()
    /// Paths of the files on the import stack (the chain being walked), for the cycle
    /// check: a set, so a chain of N imports costs O(N) and not O(N²).
    private var chainPaths: Set<String> = []

    private struct Frame {
        var file: Int
        var item = 0
        /// File-local media index → index in `media`, once linked.
        var mediaMap: [Int?]
        /// The file's symbols interned in the index, once the first rule needs them.
        var symbols: [Int32]?
    }

    init(hierarchy: KindHierarchy) {
        self.hierarchy = hierarchy
    }

    mutating func link(entry path: String, read: (String) -> FileRead) {
        guard !linkedPaths.contains(path) else { return }
        guard let first = open(path, read: read) else {
            let status = files[files.count - 1].status
            readErrors[files.count - 1] = Diagnostic(
                .error, .unreadableFile, "cannot read stylesheet '\(path)': \(Self.reason(status))",
                at: SourceLocation(file: path, line: 1, column: 1))
            return
        }
        var stack = [first]
        chainPaths = [path]
        while !stack.isEmpty {
            let top = stack.count - 1
            let file = parsed[stack[top].file]!
            guard stack[top].item < file.items.count else {
                chainPaths.remove(files[stack[top].file].path)
                stack.removeLast()
                continue
            }
            let item = file.items[stack[top].item]
            stack[top].item += 1
            switch item {
            case .variable(let name, let value, let token):
                define(name, value, at: token, in: stack[top].file)
            case .importFile(let target, let token):
                if let frame = importFile(target, at: token, stack: stack, read: read) {
                    chainPaths.insert(files[frame.file].path)
                    stack.append(frame)
                }
            case .rule(let rule):
                link(rule: rule, frame: &stack[top])
            }
        }
    }

    /// Reads and registers a file; a frame to walk it, or nil when it could not be read.
    private mutating func open(_ path: String, read: (String) -> FileRead) -> Frame? {
        linkedPaths.insert(path)
        switch read(path) {
        case .failed(let status):
            files.append(StylesheetFile(path: path, status: status))
            parsed.append(nil)
            logs.append(nil)
            return nil
        case .parsed(let file):
            files.append(StylesheetFile(path: path, status: .loaded))
            parsed.append(file)
            declarationOrigins.reserveGrowing(file.declarationCount)
            ruleOrigins.reserveGrowing(file.ruleCount)
            index.reserve(rules: file.ruleCount, declarations: file.declarationCount)
            logs.append(DiagnosticLog(source: file.reader.source))
            return Frame(file: files.count - 1, mediaMap: Array(repeating: nil, count: file.media.count))
        }
    }

    private static func reason(_ status: StylesheetFile.Status) -> String {
        switch status {
        case .loaded: "loaded"
        case .missing: "file not found"
        case .unreadable(let reason): reason
        }
    }

    /// Runs `body` with an evaluator over the file's log and the variables so far.
    private mutating func evaluating<T>(in file: Int, _ body: (inout Evaluator) -> T) -> T {
        var evaluator = Evaluator(reader: parsed[file]!.reader, log: logs[file]!, variables: variables)
        evaluator.bareNames = bareNames
        logs[file] = nil
        let result = body(&evaluator)
        for use in evaluator.undefinedUses { undefinedUses.append((file, use.diagnostic, use.name)) }
        logs[file] = evaluator.log
        return result
    }

    // MARK: Variables

    private static let reservedWords: Set<String> = {
        var words = Set(BorderStyle.allCases.map(\.rawValue) + HorizontalAlignment.allCases.map(\.rawValue))
        words.formUnion(Evaluator.booleanWords.keys)
        words.formUnion(Evaluator.unsetWords)
        words.formUnion(ColorNames.noColor)
        return words
    }()

    private mutating func define(_ name: String, _ expression: Expression?, at token: Int, in file: Int) {
        let value: Value? = evaluating(in: file) { evaluator in
            guard let expression else { return nil }
            return try? evaluator.evaluate(expression)
        }
        let reader = parsed[file]!.reader
        let lowered = name.lowercased()
        let bare = reader[token].kind == .word
        if bare { bareNames.insert(name) }
        if bare, Self.reservedWords.contains(lowered) || ColorNames.color(named: name) != nil {
            logs[file]!.report(
                .warning, .casVariable, "variable '\(name)' shadows the word '\(name)'", at: reader[token],
                hint: "wherever '\(name)' is written without '$' it now means this variable; rename it or define it as $\(name)")
        }
        generation += 1
        if variables[name] == nil { variableOrder.append(name) }
        variables[name] = .some(value)
        variableSites[name] = reader.location(token)
    }

    // MARK: Imports

    private mutating func importFile(_ target: ImportTarget, at token: Int, stack: [Frame], read: (String) -> FileRead)
        -> Frame?
    {
        let importer = stack[stack.count - 1].file
        let reader = parsed[importer]!.reader
        let written: String
        switch target {
        case .path(let path):
            written = path
        case .variable(let name):
            switch variables[name] {
            case .some(.some(.string(let path))), .some(.some(.word(let path))):
                written = path
            case .some(.some(let other)):
                logs[importer]!.report(
                    .error, .casImport, "'$\(name)' holds \(other.kindName), not a file name", at: reader[token + 1],
                    hint: "define it as $\(name) = \"file.cas\"")
                return nil
            case .some(.none):
                return nil
            case .none:
                let near = Suggestion.closest(to: name, among: variables.keys.sorted()).map { "$" + $0 }
                logs[importer]!.report(
                    .error, .casUndefinedVariable, "undefined variable '$\(name)'", at: reader[token + 1],
                    hint: near.map(Suggestion.hint(offering:)), suggestion: near)
                undefinedUses.append((importer, logs[importer]!.items.count - 1, name))
                return nil
            }
        }
        let path = ImportPath.resolve(written, from: files[importer].path)
        if chainPaths.contains(path) {
            // Only a cycle pays for walking the stack, to name its files.
            let onStack = stack.map { files[$0.file].path }
            let start = onStack.firstIndex(of: path)!
            let cycle = (onStack[start...] + [path]).joined(separator: " → ")
            logs[importer]!.report(
                .error, .casImport, "import cycle: \(cycle)", at: reader[token],
                hint: "remove one of these imports; shared variables can live in a file both import")
            return nil
        }
        guard !linkedPaths.contains(path) else { return nil }
        guard let frame = open(path, read: read) else {
            logs[importer]!.report(
                .error, .casImport, "cannot import '\(written)': \(Self.reason(files[files.count - 1].status))", at: reader[token],
                hint: "looked for \(path), relative to the importing file")
            return nil
        }
        return frame
    }

    // MARK: Rules

    private mutating func link(rule: Int, frame: inout Frame) {
        let file = frame.file
        let parsedFile = parsed[file]!
        // One copy of the rule's syntax for its media, declarations and selectors.
        let syntax = parsedFile.rules[rule]
        ruleMedia.removeAll(keepingCapacity: true)
        for local in syntax.media {
            if frame.mediaMap[local] == nil {
                frame.mediaMap[local] = linkMedia(parsedFile.media[local], in: file)
            }
            ruleMedia.append(frame.mediaMap[local]!)
        }
        let first = declarationOrigins.count
        // Indices into the file's flat array: a declaration is read through its shared
        // meaning instead of copied whole, and recorded as where it is written.
        let written = parsedFile.declarations
        for d in syntax.declarations {
            let meaning = written[d].meaning
            if let precomputed = meaning.precomputed,
                meaning.bareWords.isEmpty || bareNames.isEmpty || !meaning.bareWords.contains(where: bareNames.contains)
            {
                index.addDeclaration(precomputed, states: meaning.states)
            } else {
                guard let evaluated = evaluate(written[d], in: file) else { continue }
                index.addDeclaration(evaluated, states: meaning.states)
            }
            declarationOrigins.append(WrittenItem(file: Int32(file), item: Int32(d)))
        }
        guard declarationOrigins.count > first else { return }
        if frame.symbols == nil { frame.symbols = index.internSymbols(parsedFile.symbols) }
        let declarations = first..<declarationOrigins.count
        for s in syntax.selectors {
            ruleOrigins.append(WrittenItem(file: Int32(file), item: Int32(s)))
            index.addRule(
                code: parsedFile.selectorCode[parsedFile.ruleSelectors[s].code], symbols: frame.symbols!, media: ruleMedia,
                declarations: declarations)
        }
    }

    /// A declaration's values under the variables so far; nil when it fails (reported).
    private mutating func evaluate(_ syntax: DeclarationSyntax, in file: Int)
        -> [(property: StyleProperty, value: StyleValue)]?
    {
        let key = syntax.text >= 0 ? file << 32 | Int(syntax.text) : nil
        if let key, let known = evaluatedTexts[key], known.generation == generation { return known.values }
        let reader = parsed[file]!.reader
        // Parsed before without errors, so a second parse reports nothing new.
        guard let expression = syntax.value
            ?? ExpressionParser.parse(syntax.valueTokens, reader: reader, log: DiagnosticLog(source: reader.source))
        else { return nil }
        let reports = logs[file]!.reportCount
        let evaluated: [(property: StyleProperty, value: StyleValue)]? = evaluating(in: file) { evaluator in
            guard let value = try? evaluator.evaluate(expression) else { return nil }
            return try? evaluator.convert(value, for: syntax.spec, at: expression.token)
        }
        // Only a silent evaluation is reused: one that reports must report at every copy.
        if let key, let evaluated, logs[file]!.reportCount == reports {
            evaluatedTexts[key] = (generation, evaluated)
        }
        return evaluated
    }

    private mutating func linkMedia(_ syntax: MediaQuerySyntax, in file: Int) -> Int {
        let alternatives: [[MediaQuery.Condition]]
        if let known = evaluatedMedia[syntax.text], known.generation == generation {
            alternatives = known.alternatives
        } else {
            let reports = logs[file]!.reportCount
            alternatives = evaluateMedia(syntax, in: file)
            // Only a silent evaluation is reused: one that reports must report at every copy.
            if logs[file]!.reportCount == reports { evaluatedMedia[syntax.text] = (generation, alternatives) }
        }
        media.append(
            MediaQuery(alternatives: alternatives, text: syntax.text, location: parsed[file]!.reader.location(syntax.keyword)))
        return media.count - 1
    }

    /// A media query's conditions under the variables so far; none when it fails (reported).
    private mutating func evaluateMedia(_ syntax: MediaQuerySyntax, in file: Int) -> [[MediaQuery.Condition]] {
        evaluating(in: file) { evaluator in
            guard let written = syntax.alternatives else { return [] }
            var result: [[MediaQuery.Condition]] = []
            for terms in written {
                var conditions: [MediaQuery.Condition] = []
                for term in terms {
                    guard let value = try? evaluator.evaluate(term.value) else { return [] }
                    guard case .number(let number, false) = value else {
                        _ = evaluator.report(
                            "a media query compares with a number of cells, not \(value.kindName)",
                            at: term.value.token, code: .casMediaQuery)
                        return []
                    }
                    conditions.append(MediaQuery.Condition(feature: term.feature, relation: term.relation, value: number))
                }
                result.append(conditions)
            }
            return result
        }
    }

    // MARK: Result

    mutating func finish() -> Stylesheet {
        // Names defined after their use: say where, which helps more than a guess.
        let allNames = variableOrder
        for use in undefinedUses {
            if let site = variableSites[use.name] {
                logs[use.file]?.amendHint(
                    of: use.diagnostic, to: "'$\(use.name)' is defined later, at \(site); move that definition above this use",
                    suggestion: nil)
            } else if logs[use.file]?.items[use.diagnostic].hint == nil,
                let near = Suggestion.closest(to: use.name, among: allNames), let site = variableSites[near]
            {
                logs[use.file]?.amendHint(
                    of: use.diagnostic, to: Suggestion.hint(offering: "$" + near) + " (it is defined later, at \(site))",
                    suggestion: "$" + near)
            }
        }
        var diagnostics: [Diagnostic] = []
        for index in files.indices {
            if let error = readErrors[index] { diagnostics.append(error) }
            let parseDiagnostics = parsed[index]?.diagnostics ?? []
            let linkDiagnostics = logs[index]?.finished ?? []
            diagnostics += (parseDiagnostics + linkDiagnostics).sortedByLocation()
        }
        let bindings = variableOrder.map {
            VariableBinding(name: $0, value: variables[$0]!, location: variableSites[$0]!)
        }
        index.finish(hierarchy: hierarchy)
        let linked = LinkedRules(
            files: parsed, ruleOrigins: ruleOrigins, declarationOrigins: declarationOrigins, index: index)
        return Stylesheet(
            linked: linked, media: media, variables: bindings, diagnostics: diagnostics, files: files,
            hierarchy: hierarchy)
    }
}
