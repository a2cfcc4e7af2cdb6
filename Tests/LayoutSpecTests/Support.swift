import Diagnostics
import Testing

@testable import LayoutSpec

/// Parses and lowers a spec written inline (file name `t.layout`).
func compile(_ text: String, path: String = "t.layout") -> LayoutDocument {
    LayoutDocument(source: SourceText(path: path, text: text))
}

/// The lowered constraints, one readable line each.
func lowered(_ text: String) -> String {
    compile(text).loweredText
}

/// Every diagnostic as `line:col: severity: message`.
func messages(_ document: LayoutDocument) -> [String] {
    document.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
}

/// The lowered constraints of a spec that must compile without any diagnostic.
func cleanLowered(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let document = compile(text)
    #expect(document.diagnostics.isEmpty, "\(messages(document))", sourceLocation: sourceLocation)
    return document.loweredText
}

/// Joins golden lines.
func lines(_ lines: String...) -> String { lines.joined(separator: "\n") }
