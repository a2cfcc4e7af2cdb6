import Diagnostics
import LayoutEngine
import LayoutSpec
import Stylesheet

extension LanguageServer {
    /// `textDocument/hover`: a view's solved frame and flags, a rule's status and
    /// the values it read, a `.cas` property's views, a variable's value and site.
    func hover(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let position = try position(params)
        guard let word = WordAtPosition.find(in: document, at: position) else { return .null }
        let text: String?
        if Workspace.isSpec(document.path) {
            text = specHover(word, in: document)
        } else {
            text = stylesheetHover(word, in: document)
        }
        guard let text else { return .null }
        return .encoding(Hover(contents: MarkupContent(value: text), range: word.range))
    }

    private func specHover(_ word: WordAtPosition, in document: TextDocument) -> String? {
        if word.sigil == nil || word.sigil == "#", let text = viewHover(word.name, inSpec: document.path) {
            return text
        }
        if let text = ruleHover(line: word.line + 1, in: document) { return text }
        if word.sigil == nil, let definition = LetDefinitions.find(word.name, in: document) {
            return "`let \(word.name)` = `\(definition.expression)` (line \(definition.line + 1))"
        }
        return nil
    }

    /// Kind, id, classes, the frame at the analysis size, and the view's flags.
    func viewHover(_ id: String, inSpec path: String) -> String? {
        guard let explanation = workspace.explain(view: id, inSpec: path) else { return nil }
        let view = explanation.view
        var lines = ["**\(view.kind.rawValue) \(view.id)**" + view.classes.map { " `.\($0)`" }.joined()]
        let size = workspace.size(ofSpec: path)
        lines.append(
            "frame: x=\(view.frame.x) y=\(view.frame.y) width=\(view.frame.width) height=\(view.frame.height)"
                + " (at \(size.width)x\(size.height))")
        if !explanation.flags.isEmpty {
            lines.append("flags: " + explanation.flags.map(\.rawValue).joined(separator: ", "))
        }
        if let ambiguity = explanation.ambiguity { lines.append("ambiguous: \(ambiguity.message)") }
        let troubled = explanation.constraints.filter { $0.status != .satisfied }
        for info in troubled.prefix(5) { lines.append("- `\(info.text)` — \(info.status)") }
        return lines.joined(separator: "\n\n")
    }

    /// Every constraint written on this line of the spec: its status and, when it
    /// reads style values, the values read.
    private func ruleHover(line: Int, in document: TextDocument) -> String? {
        guard let spec = workspace.document(ofSpec: document.path) else { return nil }
        let written = spec.constraints.filter { $0.location.file == document.path && $0.location.line == line }
        guard !written.isEmpty else { return nil }
        var lines: [String] = []
        var explained: [String: ViewExplanation] = [:]
        for constraint in written.prefix(8) {
            if explained[constraint.view] == nil {
                explained[constraint.view] = workspace.explain(view: constraint.view, inSpec: document.path)
            }
            guard let info = explained[constraint.view]?.constraints.first(where: { Self.same($0, constraint) }) else {
                continue
            }
            var entry = "`\(info.text)` — **\(info.status)**"
            if let resolved = info.resolvedText { entry += "\n\n  values read: `\(resolved)`" }
            for style in constraint.right.styles {
                guard let source = workspace.styleSource(ofView: style.view, property: style.name, inSpec: document.path) else {
                    continue
                }
                entry += "\n\n  `$\(style.name)` of `\(style.view)`: `\(source.text)` (`\(source.selector)`, \(Self.short(source.location)))"
            }
            lines.append(entry)
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n\n")
    }

    private static func same(_ info: ConstraintInfo, _ constraint: LayoutConstraint) -> Bool {
        if case .spec(let identity) = info.origin { return identity == constraint.identity }
        return false
    }

    private func stylesheetHover(_ word: WordAtPosition, in document: TextDocument) -> String? {
        guard let sheet = workspace.stylesheet(containing: document.path) else { return nil }
        if let binding = Self.variable(word.name, in: sheet), word.sigil == "$" || Self.startsDefinition(word, document) {
            let value = binding.value.map { "`\($0)`" } ?? "(invalid)"
            return "**$\(Self.bare(binding.name))** = \(value)\n\ndefined at \(Self.short(binding.location))"
        }
        if word.sigil == "#" {
            // An id selector: the view it selects, as laid out by the first spec that has it.
            for spec in workspace.specs(using: document.path) {
                if let text = viewHover(word.name, inSpec: spec) { return text }
            }
        }
        let line = word.line + 1
        guard let declaration = sheet.declarations.first(where: {
            $0.location.file == document.path && $0.location.line == line
        }) else { return nil }
        return propertyHover(declaration, sheet: sheet, path: document.path)
    }

    /// Which views a declaration styles, and for which it loses (and to what).
    private func propertyHover(_ declaration: StyleDeclaration, sheet: Stylesheet, path: String) -> String {
        var applies: [String] = []
        var overridden: [String] = []
        for entry in workspace.provenance(usingStylesheet: path) {
            for item in entry.entries {
                if item.winner.location == declaration.location {
                    if !applies.contains(entry.view) { applies.append(entry.view) }
                } else if item.overridden.contains(where: { $0.location == declaration.location }) {
                    overridden.append("`\(entry.view)` by `\(item.winner.text)` at \(Self.short(item.winner.location))")
                }
            }
        }
        var lines = ["**\(declaration.property)**" + (declaration.states.isEmpty ? "" : " [\(declaration.states.joined(separator: ", "))]")]
        lines.append(
            applies.isEmpty
                ? "applies to no view of the open specs"
                : "applies to \(applies.count) view(s): " + applies.prefix(20).map { "`\($0)`" }.joined(separator: ", ")
                    + (applies.count > 20 ? ", …" : ""))
        if !overridden.isEmpty {
            lines.append("overridden for " + overridden.prefix(10).joined(separator: "; ") + (overridden.count > 10 ? "; …" : ""))
        }
        return lines.joined(separator: "\n\n")
    }

    static func variable(_ name: String, in sheet: Stylesheet) -> VariableBinding? {
        sheet.variables.last { bare($0.name) == bare(name) }
    }

    static func bare(_ name: String) -> String { name.hasPrefix("$") ? String(name.dropFirst()) : name }

    /// True for the name of `name = value` at the start of a line (a `$`-less
    /// definition). Reads the line only up to the `=`, whatever its length.
    static func startsDefinition(_ word: WordAtPosition, _ document: TextDocument) -> Bool {
        let line = document.line(word.line)
        let rest = line.drop(while: { $0 == " " || $0 == "\t" })
        let indent = line.utf16.distance(from: line.startIndex, to: rest.startIndex)
        guard indent == word.start - (word.sigil == nil ? 0 : 1), rest.hasPrefix(word.name) else { return false }
        let afterName = rest.dropFirst(word.name.count).drop(while: { $0 == " " || $0 == "\t" })
        return afterName.first == "="
    }

    static func short(_ location: SourceLocation) -> String {
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(name):\(location.line)"
    }
}

/// `let name = expression` lines of a spec, found in its text.
enum LetDefinitions {
    static func find(_ name: String, in document: TextDocument) -> (line: Int, start: Int, expression: String)? {
        for number in 0..<document.lineCount {
            let line = document.line(number)
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("let ") else { continue }
            let rest = trimmed.dropFirst(4).drop(while: { $0 == " " })
            guard rest.hasPrefix(name) else { continue }
            let after = rest.dropFirst(name.count)
            guard after.first.map({ !WordAtPosition.isNameCharacter($0) }) ?? true else { continue }
            let expression = after.drop(while: { $0 == " " || $0 == "=" }).trimmingSuffixSpaces()
            let start = line.utf16.distance(from: line.startIndex, to: rest.startIndex)
            return (number, start, expression)
        }
        return nil
    }
}

extension Substring {
    func trimmingSuffixSpaces() -> String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
