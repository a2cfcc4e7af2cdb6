import Diagnostics
import LayoutSpec
import Stylesheet

/// Proof that a formatted file means what the original meant: both are parsed
/// and compared by what they do, with every source position left out.
enum MeaningCheck {
    static func verify(
        before: String, after: String, path: String, language: SourceFormatter.Language
    ) throws(FormattingError) {
        let (old, new) = language == .spec
            ? (specMeaning(before, path: path), specMeaning(after, path: path))
            : (stylesheetMeaning(before, path: path), stylesheetMeaning(after, path: path))
        guard old != new else { return }
        let index = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let difference = index < old.count ? "'\(old[index])'" : "'\(new[index])' is new"
        throw .meaningWouldChange(path: path, difference: difference)
    }

    /// Uses, views with their headers and parents, and every lowered constraint with its identity.
    static func specMeaning(_ text: String, path: String) -> [String] {
        let document = LayoutDocument(source: SourceText(path: path, text: text))
        var facts = document.uses.map { "use \($0.path)" }
        for view in document.views {
            let params = view.params.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            facts.append(
                "\(view.kind.rawValue) \(view.id) \(view.classes) \(view.title ?? "-") [\(params)] in \(view.parent ?? "-")")
        }
        facts += document.constraints.map { "\($0) \($0.identity)" }
        facts += document.diagnostics.map { "\($0.severity) \($0.code.rawValue) \($0.message)" }
        return facts
    }

    /// Rules with their selectors, media and declarations' values, variables, media queries.
    static func stylesheetMeaning(_ text: String, path: String) -> [String] {
        let sheet = Stylesheet.parse(text, path: path)
        var facts: [String] = []
        for rule in sheet.rules {
            let declarations = sheet.declarations[rule.declarations].map { declaration in
                "\(declaration.property)\(declaration.states) " + declaration.values.map { "\($0.property)=\($0.value)" }.joined(separator: ",")
            }
            facts.append("\(rule.selector) \(rule.specificity) media\(rule.media): " + declarations.joined(separator: "; "))
        }
        facts += sheet.variables.map { "\($0.name) = \($0.value?.description ?? "-")" }
        facts += sheet.media.map { query in
            query.alternatives.map { $0.map(\.description).joined(separator: " and ") }.joined(separator: ", ")
        }
        facts += sheet.diagnostics.map { "\($0.severity) \($0.code.rawValue) \($0.message)" }
        return facts
    }
}
