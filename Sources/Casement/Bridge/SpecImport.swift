import Diagnostics
import LayoutEngine
import LayoutSpec

/// Reads a `.layout` spec into views code can change: each view keeps its
/// header and body as parsed (`SpecOrigin`), so the engine is given exactly
/// the syntax it would have parsed from the file, errors included, at the
/// spec's own lines.
enum SpecImport {
    struct Imported {
        var roots: [View]
        var header: SpecHeader
    }

    /// The spec's text, or why it cannot be read.
    static func read(_ path: String) throws(CasementError) -> String {
        do {
            return try FileReader.fileSystem.contents(of: path)
        } catch {
            throw .unreadableSpec(path: path, reason: "\((error as? FileReader.Failure)?.description ?? "\(error)")")
        }
    }

    /// The views of a parsed spec, top-level ones as roots.
    static func views(of syntax: SpecSyntax) -> Imported {
        var views: [View] = []
        var roots: [View] = []
        var counts: [String: Int] = [:]
        views.reserveCapacity(syntax.views.count)
        for declared in syntax.views {
            let view = View(
                declared.resolvedKind ?? .box, id: declared.id?.text, classes: declared.classes.map(\.text),
                title: declared.title, params: [:], location: syntax.source.location(atOffset: declared.span.start))
            view.spec = SpecOrigin(
                syntax: declared,
                statementLocations: declared.statements.map { syntax.source.location(atOffset: span(of: $0).start) })
            view.specKey = Layout.key(of: declared, parentKey: declared.parent.map { views[$0].specKey } ?? "", counts: &counts)
            if let parent = declared.parent { views[parent].addSubview(view) } else { roots.append(view) }
            views.append(view)
        }
        let header = SpecHeader(path: syntax.source.path, uses: syntax.uses, lets: syntax.lets, parsed: syntax)
        return Imported(roots: roots, header: header)
    }

    static func span(of statement: StatementSyntax) -> SourceSpan {
        switch statement {
        case .rule(let rule): rule.span
        case .shorthand(let shorthand): shorthand.span
        case .visualFormat(let line): line.span
        }
    }
}
