import Cells
import LayoutEngine
import LayoutSpec

extension LanguageServer {
    /// `textDocument/inlayHint`: after each view's header in a spec, its solved
    /// frame at the size the spec is laid out at: `⟨x 4 y 2 · 30×9⟩`.
    func inlayHints(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard Workspace.isSpec(document.path), let layout = workspace.document(ofSpec: document.path) else { return .array([]) }
        let range = try? (params["range"] ?? .null).decoded(as: LSPRange.self)
        let file = sourceIndex.file(document)
        guard let syntax = file.syntax else { return .array([]) }
        // The compiled views by where they are declared: the syntax and the solved
        // layout name the same view by its place (a repeated id is renamed `id#1`).
        var byPlace: [SourceLocationKey: String] = [:]
        for view in layout.views where view.location.file == document.path {
            byPlace[SourceLocationKey(line: view.location.line, column: view.location.column)] = view.id
        }
        var hints: [JSONValue] = []
        for view in syntax.views {
            let place = file.source.location(atOffset: view.kind.span.start)
            guard let id = byPlace[SourceLocationKey(line: place.line, column: place.column)],
                let solved = workspace.view(id, inSpec: document.path)
            else { continue }
            let position = file.position(view.span.end)
            if let range, !range.contains(position) { continue }
            let frame = solved.frame
            hints.append(.object([
                "position": .encoding(position),
                "label": .string(Self.frameLabel(frame)),
                "kind": 1,
                "paddingLeft": true,
                "tooltip": .string("\(id): solved at \(workspace.size(ofSpec: document.path))"),
            ]))
        }
        return .array(hints)
    }

    /// `⟨x 4 y 2 · 30×9⟩`.
    static func frameLabel(_ frame: ViewFrame) -> String {
        "⟨x \(frame.x) y \(frame.y) · \(frame.width)×\(frame.height)⟩"
    }
}

/// A line and column, as a dictionary key.
struct SourceLocationKey: Hashable {
    var line: Int
    var column: Int
}
