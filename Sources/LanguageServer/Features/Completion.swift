#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutSpec
import Stylesheet

extension LanguageServer {
    /// `textDocument/completion`: what may be written at the cursor, from the
    /// line's context (after `$`, `.`, `#`, inside a quoted path, after a property).
    func completion(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        let line = document.line(position.line)
        let cursor = document.index(of: position)
        let before = cursor >= line.startIndex && cursor <= line.endIndex ? line[line.startIndex..<cursor] : line
        let items = Workspace.isSpec(document.path)
            ? specCompletions(before: before, document: document)
            : stylesheetCompletions(before: before, document: document)
        // Each item replaces what is typed of the name around the cursor (after a
        // `$`, `.` or `#`, or after the last `/` of a path), so completing inside
        // `$margin-` gives `$margin-left`, not `$margin-margin-left`.
        let range = Self.replacedRange(line: line, cursor: cursor, position: position, inPath: Self.quotedPathStart(before) != nil)
        var seen = Set<String>()
        let unique = items.filter { seen.insert($0.label).inserted }.map { item in
            var item = item
            item.textEdit = TextEdit(range: range, newText: item.label)
            return item
        }
        return .encoding(unique)
    }

    /// The span of the name being completed: the name characters on both sides of
    /// the cursor (in a path, those after the last `/` up to the cursor).
    static func replacedRange(line: Substring, cursor: String.Index, position: Position, inPath: Bool) -> LSPRange {
        let clamped = min(max(cursor, line.startIndex), line.endIndex)
        let before = line[line.startIndex..<clamped]
        func isPart(_ character: Character) -> Bool {
            inPath ? character != "/" && character != "\"" : WordAtPosition.isNameCharacter(character)
        }
        var typed = 0
        for character in before.reversed() {
            guard isPart(character) else { break }
            typed += character.utf16.count
        }
        var after = 0
        if !inPath {
            for character in line[clamped...] {
                guard WordAtPosition.isNameCharacter(character) else { break }
                after += character.utf16.count
            }
        }
        let column = before.utf16.count
        let start = column - typed
        let end = column + after
        return LSPRange(start: Position(line: position.line, character: start), end: Position(line: position.line, character: end))
    }

    private func specCompletions(before: Substring, document: TextDocument) -> [CompletionItem] {
        let context = Self.context(of: before)
        if let directory = Self.quotedPathStart(before) { return fileCompletions(directory, relativeTo: document.path) }
        switch context.sigil {
        case "$": return StyleProperty.allCases.map { CompletionItem(label: $0.name, kind: 10, detail: "style value") }
        case ".": return Attribute.spellings.map { CompletionItem(label: $0, kind: 5, detail: "attribute") }
        default: break
        }
        let spec = workspace.document(ofSpec: document.path)
        var items = (spec?.views ?? []).filter { !$0.isGeneratedID }.map {
            CompletionItem(label: $0.id, kind: 6, detail: "\($0.kind.rawValue) view")
        }
        items += ["parent"].map { CompletionItem(label: $0, kind: 14, detail: nil) }
        items += ViewKind.allCases.map { CompletionItem(label: $0.rawValue, kind: 7, detail: "kind") }
        items += Attribute.spellings.map { CompletionItem(label: $0, kind: 5, detail: "attribute") }
        items += Self.specKeywords.map { CompletionItem(label: $0, kind: 14, detail: nil) }
        return items
    }

    private func stylesheetCompletions(before: Substring, document: TextDocument) -> [CompletionItem] {
        if let directory = Self.quotedPathStart(before) { return fileCompletions(directory, relativeTo: document.path) }
        let context = Self.context(of: before)
        let sheet = workspace.stylesheet(containing: document.path)
        let specs = workspace.specs(using: document.path).compactMap { workspace.document(ofSpec: $0) }
        switch context.sigil {
        case "$":
            return (sheet?.variables ?? []).map { CompletionItem(label: Self.bare($0.name), kind: 6, detail: $0.value?.description) }
        case ".":
            let classes = Set(specs.flatMap { $0.views.flatMap(\.classes) })
            return classes.sorted().map { CompletionItem(label: $0, kind: 7, detail: "class in use") }
        case "#":
            let ids = specs.flatMap { $0.views.filter { !$0.isGeneratedID }.map(\.id) }
            return Array(Set(ids)).sorted().map { CompletionItem(label: $0, kind: 6, detail: "view id") }
        default: break
        }
        if let property = context.property {
            let words = Self.enumWords[property] ?? Self.colorWords
            return words.map { CompletionItem(label: $0, kind: 20, detail: property) }
                + (sheet?.variables ?? []).map { CompletionItem(label: "$" + Self.bare($0.name), kind: 6, detail: $0.value?.description) }
        }
        return (StyleProperty.allCases.map(\.name) + Self.shorthandProperties).map { CompletionItem(label: $0, kind: 10, detail: "property") }
            + ViewKind.allCases.map { CompletionItem(label: $0.rawValue, kind: 7, detail: "kind") }
    }

    /// The sigil just before the word being typed, and the property name when the
    /// line starts with one and the cursor is past it.
    static func context(of before: Substring) -> (sigil: Character?, property: String?) {
        let typed = before.reversed().prefix(while: WordAtPosition.isNameCharacter).count
        let head = before.dropLast(typed)
        let sigil = head.last.flatMap { "$#.".contains($0) ? $0 : nil }
        let trimmed = head.drop(while: { $0 == " " || $0 == "\t" })
        let first = trimmed.prefix(while: WordAtPosition.isNameCharacter)
        let property = !first.isEmpty && trimmed.count > first.count && head.first.map { $0 == " " || $0 == "\t" } == true
            ? String(first) : nil
        return (sigil, property)
    }

    /// The directory part typed so far inside `use "` or `@import "`, or nil elsewhere.
    static func quotedPathStart(_ before: Substring) -> String? {
        let trimmed = before.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("use ") || trimmed.hasPrefix("@import"),
            let quote = trimmed.firstIndex(of: "\""), trimmed[trimmed.index(after: quote)...].firstIndex(of: "\"") == nil
        else { return nil }
        let typed = trimmed[trimmed.index(after: quote)...]
        guard let slash = typed.lastIndex(of: "/") else { return "" }
        return String(typed[...slash])
    }

    private func fileCompletions(_ typed: String, relativeTo path: String) -> [CompletionItem] {
        let base = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let directory = typed.hasPrefix("/") ? typed : base + "/" + typed
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return entries.sorted().compactMap { name in
            var isDirectory = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            if isDirectory { return name.hasPrefix(".") ? nil : CompletionItem(label: name + "/", kind: 19, detail: nil) }
            return name.hasSuffix(".cas") ? CompletionItem(label: name, kind: 17, detail: "stylesheet") : nil
        }
    }

    /// Keywords of a spec; the composites `edges`, `size` and `center` are
    /// attributes (`Attribute.spellings`), offered once, as attributes.
    static let specKeywords = [
        "use", "let", "as", "within", "inset", "offset", "required", "high", "medium", "low", "weak",
        "distribute", "equal", "align", "aspect",
    ]

    static let shorthandProperties = ["border", "padding", "margin", "size", "bg", "fg"]

    static let borderWords = ["none", "single", "double", "rounded", "heavy", "ascii", "dashed", "block"]
    static let alignWords = ["left", "center", "right"]
    static let flagWords = ["true", "false"]
    static let colorWords = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white", "default",
    ]

    static let enumWords: [String: [String]] = [
        "border": borderWords + colorWords, "border-style": borderWords,
        "title-align": alignWords, "text-align": alignWords,
        "bold": flagWords, "dim": flagWords, "italic": flagWords, "underline": flagWords, "reverse": flagWords,
        "strikethrough": flagWords, "visible": flagWords,
    ]
}
