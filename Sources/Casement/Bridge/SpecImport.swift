import LayoutEngine
import LayoutSpec

/// Reads a `.layout` spec into views code can change: each view keeps its
/// header and its body's statements as written (with their lines), so writing
/// the tree out again gives the engine the same constraints, reported at the
/// spec's own lines.
enum SpecImport {
    struct Imported {
        var roots: [View]
        /// `use` lines and top-level `let`s.
        var header: [SpecStatement]
    }

    static func load(_ path: String) throws -> Imported {
        let text: String
        do {
            text = try FileReader.fileSystem.contents(of: path)
        } catch {
            throw CasementError.unreadableSpec(path: path, reason: "\((error as? FileReader.Failure)?.description ?? "\(error)")")
        }
        let source = SourceText(path: path, text: text)
        let syntax = SpecParser.parse(source)
        func statement(_ span: SourceSpan) -> SpecStatement {
            let bytes = source.utf8[span.start..<min(span.end, source.utf8.count)]
            return SpecStatement(text: String(decoding: bytes, as: UTF8.self), location: source.location(atOffset: span.start))
        }
        // A `use` span covers its path; the keyword is written again in front of it.
        var header = syntax.uses.map { use in
            var line = statement(use.span)
            line.text = "use " + line.text
            line.location.column -= 4
            return line
        }
        header += syntax.lets.map { statement($0.span) }
        var views: [View] = []
        var roots: [View] = []
        for declared in syntax.views {
            let view = View(
                declared.resolvedKind ?? .box, id: declared.id?.text, classes: declared.classes.map(\.text),
                title: declared.title, params: [:], location: source.location(atOffset: declared.span.start))
            view.specParameters = declared.params.map { parameter in
                statement(parameter.name.span.through(parameter.valueSpan)).text
            }
            view.specStatements = declared.lets.map { statement($0.span) } + declared.statements.map { statement(span(of: $0)) }
            if let parent = declared.parent { views[parent].addSubview(view) } else { roots.append(view) }
            views.append(view)
        }
        guard !roots.isEmpty else { throw CasementError.unreadableSpec(path: path, reason: "it declares no view") }
        return Imported(roots: roots, header: header)
    }

    private static func span(of statement: StatementSyntax) -> SourceSpan {
        switch statement {
        case .rule(let rule): rule.span
        case .shorthand(let shorthand): shorthand.span
        case .visualFormat(let line): line.span
        }
    }
}
