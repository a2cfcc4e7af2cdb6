import Diagnostics
import LayoutEngine
import LayoutSpec
import Stylesheet

extension LanguageServer {
    // MARK: Definition

    /// `textDocument/definition`: a view id's declaration, a `let` name's line, a
    /// variable's definition, the file a `use` or `@import` names.
    func definition(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        if let target = includedFile(at: position.line, in: document) {
            return .encoding(LSPLocation(uri: Paths.uri(ofPath: target), range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))))
        }
        guard let word = WordAtPosition.find(in: document, at: position) else { return .null }
        if Workspace.isSpec(document.path) {
            if word.sigil == nil, let view = workspace.document(ofSpec: document.path)?.view(word.name) {
                return .encoding(location(of: view.location, length: 0))
            }
            if word.sigil == "$", let source = styleSource(of: word, in: document) {
                return .encoding(location(of: source.location, length: 0))
            }
            if word.sigil == nil, let definition = LetDefinitions.find(word.name, in: document) {
                let range = LSPRange(
                    start: Position(line: definition.line, character: definition.start),
                    end: Position(line: definition.line, character: definition.start + word.name.utf16.count))
                return .encoding(LSPLocation(uri: document.uri, range: range))
            }
            return .null
        }
        if word.sigil == "#" {
            // An id selector: the view's declaration in the first open spec that has it.
            for spec in workspace.specs(using: document.path) {
                if let view = workspace.document(ofSpec: spec)?.view(word.name) {
                    return .encoding(location(of: view.location, length: 0))
                }
            }
            return .null
        }
        guard let sheet = workspace.stylesheet(containing: document.path),
            let binding = Self.variable(word.name, in: sheet)
        else { return .null }
        return .encoding(location(of: binding.location, length: Self.bare(binding.name).count + 1))
    }

    /// For `$name` in a rule: the declaration that gave the rule's view that value.
    private func styleSource(of word: WordAtPosition, in document: TextDocument) -> AppliedDeclaration? {
        guard let spec = workspace.document(ofSpec: document.path) else { return nil }
        for constraint in spec.constraints where constraint.location.file == document.path && constraint.location.line == word.line + 1 {
            for style in constraint.right.styles where style.name == word.name {
                if let source = workspace.styleSource(ofView: style.view, property: style.name, inSpec: document.path) {
                    return source
                }
            }
        }
        return nil
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

    // MARK: References and rename

    /// `textDocument/references`: every mention of a view id (in the spec, and as
    /// `#id` in its stylesheets) or of a variable (in every file of the stylesheets).
    func references(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        return .encoding(mentions(at: position, in: document).map { LSPLocation(uri: $0.uri, range: $0.range) })
    }

    /// `textDocument/rename`: the mentions of `references`, each replaced.
    func rename(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let newName = params["newName"]?.stringValue else { throw ResponseError.invalidParams("missing newName") }
        let bare = Self.bare(newName)
        guard !bare.isEmpty, bare.allSatisfy(WordAtPosition.isNameCharacter) else {
            throw ResponseError.invalidParams("'\(newName)' is not a valid name")
        }
        let found = mentions(at: position, in: document)
        guard !found.isEmpty else { throw ResponseError(code: ResponseError.requestFailed, message: "nothing to rename here") }
        var changes: [String: [TextEdit]] = [:]
        for mention in found { changes[mention.uri, default: []].append(TextEdit(range: mention.range, newText: bare)) }
        return .encoding(WorkspaceEdit(changes: changes))
    }

    private func mentions(at position: Position, in document: TextDocument) -> [(uri: String, range: LSPRange)] {
        guard let word = WordAtPosition.find(in: document, at: position) else { return [] }
        if Workspace.isSpec(document.path) {
            guard word.sigil == nil || word.sigil == "#",
                workspace.document(ofSpec: document.path)?.view(word.name) != nil
            else { return [] }
            return viewMentions(word.name, spec: document.path)
        }
        if let sheet = workspace.stylesheet(containing: document.path), let binding = Self.variable(word.name, in: sheet),
            word.sigil == "$" || Self.startsDefinition(word, document)
        {
            return variableMentions(Self.bare(binding.name), files: sheet.files.map(\.path))
        }
        if word.sigil == "#" {
            let specs = workspace.specs(using: document.path)
            return specs.flatMap { viewMentions(word.name, spec: $0) }
        }
        return []
    }

    private func viewMentions(_ id: String, spec: String) -> [(uri: String, range: LSPRange)] {
        var result: [(uri: String, range: LSPRange)] = []
        let specText = text(of: spec)
        for hit in WordAtPosition.occurrences(of: id, in: specText) where hit.sigil == nil {
            result.append((specText.uri, Self.span(hit.line, hit.start, hit.end)))
        }
        let sheets = (workspace.sessions[spec]?.watchedFiles ?? []).filter(Workspace.isStylesheet)
        for sheet in sheets {
            let sheetText = text(of: sheet)
            for hit in WordAtPosition.occurrences(of: id, in: sheetText) where hit.sigil == "#" {
                result.append((sheetText.uri, Self.span(hit.line, hit.start, hit.end)))
            }
        }
        return result
    }

    private func variableMentions(_ name: String, files: [String]) -> [(uri: String, range: LSPRange)] {
        var result: [(uri: String, range: LSPRange)] = []
        for file in files {
            let fileText = text(of: file)
            for hit in WordAtPosition.occurrences(of: name, in: fileText) {
                let word = WordAtPosition(name: name, sigil: hit.sigil, qualifier: nil, start: hit.start, end: hit.end, line: hit.line)
                guard hit.sigil == "$" || Self.startsDefinition(word, fileText) else { continue }
                result.append((fileText.uri, Self.span(hit.line, hit.start, hit.end)))
            }
        }
        return result
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
