/// The LSP structures the server reads and writes (the subset it uses).

/// A position in a document: 0-based line and UTF-16 code unit offset, as LSP requires.
public struct Position: Codable, Hashable, Sendable, Comparable {
    /// 0-based line number.
    public var line: Int
    /// 0-based offset within the line, in UTF-16 code units.
    public var character: Int

    /// The position at 0-based `line` and `character` (UTF-16 code units).
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Document order: by line, then by UTF-16 offset within the line.
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A span of a document between two positions (LSP's `Range`).
public struct LSPRange: Codable, Hashable, Sendable {
    /// The first position in the span.
    public var start: Position
    /// Where the span ends: exclusive in LSP, though `contains` and `overlaps` include it.
    public var end: Position

    /// The span from `start` up to `end`.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// True when `position` lies in the range, ends included.
    public func contains(_ position: Position) -> Bool { start <= position && position <= end }

    /// True when the two ranges share a position, ends included (touching ranges overlap).
    public func overlaps(_ other: LSPRange) -> Bool { start <= other.end && other.start <= end }
}

/// A span in a particular document, as go-to-definition and related information give it.
public struct LSPLocation: Codable, Hashable, Sendable {
    /// The document, as a `file://` URI.
    public var uri: String
    /// The span within that document.
    public var range: LSPRange
}

/// A replacement of one span of a document with new text.
public struct TextEdit: Codable, Hashable, Sendable {
    /// The span replaced; an empty range inserts at its start.
    public var range: LSPRange
    /// The text put in place of `range`.
    public var newText: String
}

/// Edits to one or more documents, applied together (a quick fix's change).
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    /// The edits for each document, keyed by its URI.
    public var changes: [String: [TextEdit]]
}

/// A second place a diagnostic points at, such as the earlier declaration in a conflict.
public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    /// Where the related place is.
    public var location: LSPLocation
    /// What the related place has to do with the diagnostic.
    public var message: String
}

/// A diagnostic as the editor shows it.
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    /// The span the editor underlines.
    public var range: LSPRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// The stable diagnostic code, such as `cas.unknown-property`.
    public var code: String
    /// The tool that produced the diagnostic, shown next to it in the editor.
    public var source: String = "casement"
    /// The human-readable explanation.
    public var message: String
    /// Other places involved, such as the rules in a conflict; nil: none.
    public var relatedInformation: [DiagnosticRelatedInformation]?
}

/// Formatted text for the editor to show, such as a hover's body.
public struct MarkupContent: Codable, Hashable, Sendable {
    /// `markdown` (the only kind the server sends) or `plaintext`.
    public var kind: String = "markdown"
    /// The text itself, in the format `kind` names.
    public var value: String
}

/// The answer to a hover request: what is under the cursor.
public struct Hover: Codable, Hashable, Sendable {
    /// The text shown in the hover popup.
    public var contents: MarkupContent
    /// The span the hover is about, highlighted by the editor; nil: the editor decides.
    public var range: LSPRange?
}

/// One suggestion in a completion list.
public struct CompletionItem: Codable, Hashable, Sendable {
    /// The text shown in the list, and inserted when chosen.
    public var label: String
    /// LSP CompletionItemKind: 5 field, 6 variable, 7 class, 10 property, 12 value,
    /// 14 keyword, 17 file, 20 enum member.
    public var kind: Int
    /// A short note shown beside the label, such as `kind` or `attribute`; nil: none.
    public var detail: String?
    /// What choosing the item does: replace the name typed around the cursor with
    /// the label; nil: the client inserts the label at its own guess of the word.
    public var textEdit: TextEdit?

    /// An item; the server sets `textEdit` once it knows what is typed.
    public init(label: String, kind: Int, detail: String?, textEdit: TextEdit? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.textEdit = textEdit
    }
}

/// An entry in the document's outline: a view, a stylesheet variable or rule, or a rule's declaration.
public struct DocumentSymbol: Codable, Hashable, Sendable {
    /// The name shown in the outline, such as a view's id or a rule's selector.
    public var name: String
    /// A short note shown beside the name; nil: none.
    public var detail: String?
    /// LSP SymbolKind: 5 class, 13 variable, 7 property, 23 struct, 12 function.
    public var kind: Int
    /// The span the symbol covers in the document.
    public var range: LSPRange
    /// The span selected when the symbol is chosen; within `range`.
    public var selectionRange: LSPRange
    /// The symbols nested inside, such as a rule's declarations; nil or empty: none.
    public var children: [DocumentSymbol]?
}

extension DocumentSymbol {
    /// The symbol as JSON, built directly: an outline nests two levels a view,
    /// deeper than Foundation's coders go for a spec whose views nest 256 deep.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(name), "kind": .number(Double(kind)), "range": range.json, "selectionRange": selectionRange.json,
        ]
        if let detail { members["detail"] = .string(detail) }
        if let children { members["children"] = .array(children.map(\.json)) }
        return .object(members)
    }
}

extension LSPRange {
    /// The range as JSON.
    var json: JSONValue {
        ["start": ["line": .number(Double(start.line)), "character": .number(Double(start.character))],
         "end": ["line": .number(Double(end.line)), "character": .number(Double(end.character))]]
    }
}

/// A fix the editor offers for diagnostics, applied as a workspace edit.
public struct CodeAction: Codable, Hashable, Sendable {
    /// The fix's name, shown in the editor's light-bulb menu.
    public var title: String
    /// The LSP code action kind; `quickfix` for every fix this server offers.
    public var kind: String = "quickfix"
    /// The diagnostics the fix resolves; nil: not tied to any.
    public var diagnostics: [LSPDiagnostic]?
    /// True for the fix an editor's auto-fix command picks; nil: not preferred.
    public var isPreferred: Bool?
    /// The change the fix makes.
    public var edit: WorkspaceEdit
}

struct TextDocumentIdentifier: Codable {
    var uri: String
}

struct TextDocumentItem: Codable {
    var uri: String
    var languageId: String?
    var version: Int
    var text: String
}

struct VersionedTextDocumentIdentifier: Codable {
    var uri: String
    var version: Int?
}

struct TextDocumentContentChangeEvent: Codable {
    var range: LSPRange?
    var text: String
}

struct DidOpenParams: Codable { var textDocument: TextDocumentItem }
struct DidChangeParams: Codable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [TextDocumentContentChangeEvent]
}
struct DidCloseParams: Codable { var textDocument: TextDocumentIdentifier }
struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}
struct RenameParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String
}
struct CodeActionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
}
struct DocumentParams: Codable { var textDocument: TextDocumentIdentifier }
