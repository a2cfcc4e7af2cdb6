import Diagnostics
import LayoutEngine
import LayoutSpec
import Stylesheet

extension LanguageServer {
    // MARK: Definition

    /// `textDocument/definition`: a view id's declaration, a `let` name's line, a
    /// variable's definition, a class's selectors (from a spec) or the views that
    /// carry it (from a stylesheet), the declaration that gave a rule its `$value`,
    /// the file a `use` or `@import` names.
    func definition(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        if let target = includedFile(at: position.line, in: document) {
            return .encoding(LSPLocation(uri: Paths.uri(ofPath: target), range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))))
        }
        if let (symbol, _) = symbol(at: position, in: document) {
            let found = mentions(of: symbol, from: document.path)
            let targets: [Mention]
            switch symbol {
            case .view, .letName:
                targets = found.filter(\.isDeclaration)
            case .styleClass:
                // The other language's side: a spec's class leads to the selectors, a selector to the views.
                targets = found.filter { Workspace.isSpec($0.path) != Workspace.isSpec(document.path) }
            case .variable(let name):
                if let sheet = workspace.stylesheet(containing: document.path), let binding = Self.variable(name, in: sheet) {
                    return .encoding(location(of: binding.location, length: Self.bare(binding.name).count + 1))
                }
                targets = found.filter(\.isDeclaration)
            }
            let locations = targets.map { LSPLocation(uri: $0.uri, range: $0.range) }
            if locations.count == 1 { return .encoding(locations[0]) }
            return locations.isEmpty ? .null : .encoding(locations)
        }
        guard Workspace.isSpec(document.path), let word = WordAtPosition.find(in: document, at: position), word.sigil == "$"
        else { return .null }
        let sources = styleSources(of: word, in: document)
        if sources.count == 1 { return .encoding(location(of: sources[0].location, length: 0)) }
        return sources.isEmpty ? .null : .encoding(sources.map { location(of: $0.location, length: 0) })
    }

    /// For `$name` in a rule: the declarations that gave the rule's view that value.
    /// `$size`, `$margin` and `$padding` stand for their components (`$size-width`, …).
    private func styleSources(of word: WordAtPosition, in document: TextDocument) -> [AppliedDeclaration] {
        guard let spec = workspace.document(ofSpec: document.path) else { return [] }
        var found: [AppliedDeclaration] = []
        for constraint in spec.constraints where constraint.location.file == document.path && constraint.location.line == word.line + 1 {
            for style in constraint.right.styles where style.name == word.name || style.name.hasPrefix(word.name + "-") {
                if let source = workspace.styleSource(ofView: style.view, property: style.name, inSpec: document.path),
                    !found.contains(where: { $0.location == source.location })
                {
                    found.append(source)
                }
            }
        }
        return found
    }

    /// The resolved path of the `use "…"` or `@import "…"` on a line.
    func includedFile(at line: Int, in document: TextDocument) -> String? {
        let text = document.line(line).drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("use ") || text.hasPrefix("@import ") || text.hasPrefix("@import\""),
            let open = text.prefix(Self.includeScanLimit).firstIndex(of: "\"")
        else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.prefix(Self.includeScanLimit).firstIndex(of: "\"") else { return nil }
        let name = String(rest[..<close])
        guard !name.isEmpty else { return nil }
        if name.hasPrefix("/") { return name }
        let directory = document.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return Self.normalized(directory + "/" + name)
    }

    /// How far into a `use`/`@import` line its quotes are looked for: a path is
    /// never longer, and a request on a line of megabytes stays cheap.
    static let includeScanLimit = 4096

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else if part != ".." { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// An LSP location for a pipeline location (UTF-16 columns from the file's text).
    func location(of location: SourceLocation, length: Int) -> LSPLocation {
        let document = text(of: location.file)
        return LSPLocation(
            uri: document.uri, range: document.range(line: location.line, column: location.column, length: length))
    }

    /// The open buffer of a file, or its text on disk.
    func text(of path: String) -> TextDocument {
        if let open = store.document(path: path) { return open }
        return TextDocument(uri: Paths.uri(ofPath: path), path: path, version: 0, text: workspace.files.text(path) ?? "")
    }

    // MARK: References, highlights and rename

    /// `textDocument/references`: every mention of a view id (in the spec, and as
    /// `#id` in its stylesheets), a `let` name, a class (in the specs and stylesheets
    /// that share it) or a variable (in every stylesheet of the workspace).
    func references(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let (symbol, _) = symbol(at: position, in: document) else { return .array([]) }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        let found = mentions(of: symbol, from: document.path).filter { includeDeclaration || !$0.isDeclaration }
        return .encoding(found.map { LSPLocation(uri: $0.uri, range: $0.range) })
    }

    /// `textDocument/documentHighlight`: the symbol's mentions in this document;
    /// its declaration as a write (3), the rest as reads (2).
    func documentHighlight(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let (symbol, _) = symbol(at: position, in: document) else { return .array([]) }
        let here = mentions(of: symbol, from: document.path).filter { $0.path == document.path }
        return .array(here.map { .object(["range": .encoding($0.range), "kind": .number($0.isDeclaration ? 3 : 2)]) })
    }

    /// `textDocument/prepareRename`: the name's range and text, or an error that
    /// says why there is nothing to rename (a keyword, `parent`, a kind, …).
    func prepareRename(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let (symbol, range) = symbol(at: position, in: document) else { throw notRenamable(at: position, in: document) }
        return .object(["range": .encoding(range), "placeholder": .string(symbol.name)])
    }

    /// Why there is nothing to rename at a position (a reserved word, or no name at all).
    private func notRenamable(at position: Position, in document: TextDocument) -> ResponseError {
        let word = WordAtPosition.find(in: document, at: position)?.name
        if let word, SpecParser.reservedWords.contains(word) || SpecHighlight.keywords.contains(word) {
            return ResponseError(code: ResponseError.requestFailed, message: "'\(word)' is a reserved word; it cannot be renamed")
        }
        return ResponseError(
            code: ResponseError.requestFailed,
            message: "nothing to rename here: put the cursor on a view id, a let name, a class or a variable")
    }

    /// `textDocument/rename`: every mention of `references`, replaced; refused
    /// for a name that is not valid for its kind, reserved, or already taken.
    func rename(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let requested = params["newName"]?.stringValue else { throw ResponseError.invalidParams("missing newName") }
        guard let (symbol, _) = symbol(at: position, in: document) else { throw notRenamable(at: position, in: document) }
        let found = mentions(of: symbol, from: document.path)
        let newName = try validatedName(requested, for: symbol, mentions: found)
        var changes: [String: [TextEdit]] = [:]
        for mention in found where !(changes[mention.uri]?.contains { $0.range == mention.range } ?? false) {
            changes[mention.uri, default: []].append(TextEdit(range: mention.range, newText: newName))
        }
        return .encoding(WorkspaceEdit(changes: changes))
    }

    /// The new name without a sigil, once it is a valid, free name for the symbol's kind.
    private func validatedName(_ requested: String, for symbol: Symbol, mentions found: [Mention]) throws -> String {
        func refuse(_ message: String) -> ResponseError { ResponseError(code: ResponseError.requestFailed, message: message) }
        var name = requested
        switch symbol {
        case .variable: if name.hasPrefix("$") { name.removeFirst() }
        case .styleClass: if name.hasPrefix(".") { name.removeFirst() }
        case .view: if name.hasPrefix("#") { name.removeFirst() }
        case .letName: break
        }
        guard Self.isIdentifier(name) else { throw refuse("'\(requested)' is not a valid name") }
        guard name != symbol.name else { return name }
        switch symbol {
        case .view(_, let spec), .letName(_, _, let spec):
            if SpecParser.reservedWords.contains(name) { throw refuse("'\(name)' is a reserved word") }
            if case .letName = symbol, Attribute.expanding(name) != nil { throw refuse("'\(name)' is an attribute") }
            let file = indexed(spec)
            let taken = file.highlights.contains { ($0.role == .viewID || $0.role == .letName) && $0.isDeclaration && file.text($0.span.start..<$0.span.end) == name }
            if taken { throw refuse("'\(name)' is already a view or a let in this spec") }
        case .styleClass:
            if !mentions(of: Symbol.styleClass(name), from: found.first?.path ?? "").isEmpty {
                throw refuse("the class '.\(name)' is already used; renaming would merge the two")
            }
        case .variable:
            if mentions(of: Symbol.variable(name), from: "").contains(where: { $0.isDeclaration }) {
                throw refuse("the variable '$\(name)' is already defined")
            }
        }
        return name
    }

    /// A name both languages accept: a letter or `_`, then letters, digits, `_`, and
    /// `-` followed by a letter or `_`.
    static func isIdentifier(_ name: String) -> Bool {
        let characters = Array(name)
        guard let first = characters.first, first.isLetter || first == "_" else { return false }
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber || character == "_" { continue }
            guard character == "-", index + 1 < characters.count, characters[index + 1].isLetter || characters[index + 1] == "_" else {
                return false
            }
        }
        return true
    }

    static func span(_ line: Int, _ start: Int, _ end: Int) -> LSPRange {
        LSPRange(start: Position(line: line, character: start), end: Position(line: line, character: end))
    }

    // MARK: Symbols

    /// `textDocument/documentSymbol`: a spec's view tree, a stylesheet's variables and rules.
    func documentSymbols(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        if Workspace.isSpec(document.path) {
            guard let spec = workspace.document(ofSpec: document.path) else { return .array([]) }
            return .array(viewSymbols(spec, in: document).map(\.json))
        }
        guard let sheet = workspace.stylesheet(containing: document.path) else { return .array([]) }
        return .array(ruleSymbols(sheet, in: document).map(\.json))
    }

    private func viewSymbols(_ spec: LayoutDocument, in document: TextDocument) -> [DocumentSymbol] {
        let symbols: [DocumentSymbol?] = spec.views.map { view in
            guard view.location.file == document.path else { return nil }
            let range = lineRange(view.location.line, in: document)
            let detail = ([view.kind.rawValue] + view.classes.map { "." + $0 }).joined(separator: " ")
            return DocumentSymbol(name: view.id, detail: detail, kind: 5, range: range, selectionRange: range, children: [])
        }
        // Each view's children in tree order, then every symbol made after its
        // children (they come later in tree order): linear in the views, however
        // deep or wide the tree (inserting each at the front of its parent's list
        // was quadratic in a wide one).
        var children = [[Int]](repeating: [], count: spec.views.count)
        var roots: [Int] = []
        for index in spec.views.indices where symbols[index] != nil {
            if let parent = spec.parentIndex(ofView: index), symbols[parent] != nil {
                children[parent].append(index)
            } else {
                roots.append(index)
            }
        }
        var made = [DocumentSymbol?](repeating: nil, count: spec.views.count)
        for index in spec.views.indices.reversed() {
            guard var symbol = symbols[index] else { continue }
            symbol.children = children[index].map { made[$0]! }
            children[index] = []
            made[index] = symbol
        }
        return roots.map { made[$0]! }
    }

    private func ruleSymbols(_ sheet: Stylesheet, in document: TextDocument) -> [DocumentSymbol] {
        var result: [DocumentSymbol] = []
        for binding in sheet.variables where binding.location.file == document.path {
            let range = lineRange(binding.location.line, in: document)
            result.append(DocumentSymbol(
                name: "$" + Self.bare(binding.name), detail: binding.value?.description, kind: 13, range: range,
                selectionRange: range, children: nil))
        }
        for rule in sheet.rules where rule.location.file == document.path {
            let range = lineRange(rule.location.line, in: document)
            let children = sheet.declarations[rule.declarations].map { declaration in
                let line = lineRange(declaration.location.line, in: document)
                return DocumentSymbol(
                    name: declaration.property, detail: sheet.sourceText(of: declaration), kind: 7, range: line,
                    selectionRange: line, children: nil)
            }
            result.append(DocumentSymbol(
                name: rule.selector.description, detail: nil, kind: 5, range: range, selectionRange: range, children: children))
        }
        return result
    }

    private func lineRange(_ line: Int, in document: TextDocument) -> LSPRange {
        let number = max(0, min(line - 1, document.lineCount - 1))
        return Self.span(number, 0, document.line(number).utf16.count)
    }
}
