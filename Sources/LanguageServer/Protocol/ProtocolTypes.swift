/// The LSP structures the server reads and writes (the subset it uses).

/// A position in a document: 0-based line and UTF-16 code unit offset, as LSP requires.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

public struct LSPRange: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// True when `position` lies in the range, ends included.
    public func contains(_ position: Position) -> Bool { start <= position && position <= end }

    public func overlaps(_ other: LSPRange) -> Bool { start <= other.end && other.start <= end }
}

public struct LSPLocation: Codable, Hashable, Sendable {
    public var uri: String
    public var range: LSPRange
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var newText: String
}

public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    public var location: LSPLocation
    public var message: String
}

/// A diagnostic as the editor shows it.
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public var range: LSPRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// The stable diagnostic code, such as `cas.unknown-property`.
    public var code: String
    public var source: String = "casement"
    public var message: String
    public var relatedInformation: [DiagnosticRelatedInformation]?
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: String = "markdown"
    public var value: String
}

public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: LSPRange?
}

public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    /// LSP CompletionItemKind: 5 field, 6 variable, 7 class, 10 property, 12 value,
    /// 14 keyword, 17 file, 20 enum member.
    public var kind: Int
    public var detail: String?
}

public struct DocumentSymbol: Codable, Hashable, Sendable {
    public var name: String
    public var detail: String?
    /// LSP SymbolKind: 5 class, 13 variable, 7 property, 23 struct, 12 function.
    public var kind: Int
    public var range: LSPRange
    public var selectionRange: LSPRange
    public var children: [DocumentSymbol]?
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: String = "quickfix"
    public var diagnostics: [LSPDiagnostic]?
    public var isPreferred: Bool?
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
