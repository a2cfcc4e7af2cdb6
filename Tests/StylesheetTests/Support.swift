import Cells
import Diagnostics
import Testing

@testable import Stylesheet

/// Parses one sheet held in memory.
func sheet(_ text: String, path: String = "test.cas") -> Stylesheet {
    Stylesheet.parse(text, path: path)
}

/// Loads `entry` from a set of in-memory files.
func load(_ files: [String: String], entry: String) -> Stylesheet {
    var loader = StylesheetLoader(reader: .inMemory(files))
    return loader.load(entry)
}

/// The computed style of a single view.
func style(
    _ kind: String, id: String? = nil, classes: [String] = [], states: [String] = [], in stylesheet: Stylesheet,
    width: Int = 80, height: Int = 24
) -> ComputedStyle {
    stylesheet.cascade(
        [StyledView(kind: kind, id: id, classes: classes, states: states)], width: width, height: height
    ).styles[0]
}

/// Messages of diagnostics, for compact expectations.
func messages(_ stylesheet: Stylesheet, _ severity: Diagnostic.Severity? = nil) -> [String] {
    stylesheet.diagnostics.filter { severity == nil || $0.severity == severity }.map(\.message)
}

/// A sheet's rules as comparable text: selector, media and declarations with values,
/// without locations. Two spellings of the same sheet give the same text.
func ruleSummary(_ stylesheet: Stylesheet) -> [String] {
    stylesheet.rules.map { rule in
        let declarations = stylesheet.declarations[rule.declarations].map { declaration in
            let states = declaration.states.map { "[state:\($0)]" }.joined()
            let values = declaration.values.map { "\($0.property.name)=\($0.value)" }.joined(separator: ",")
            return "\(declaration.property)\(states){\(values)}"
        }
        let media = rule.media.map { stylesheet.media[$0].alternatives.description }.joined(separator: "&")
        return "\(rule.selector) \(rule.specificity)\(media.isEmpty ? "" : " @" + media) :: "
            + declarations.joined(separator: "; ")
    }
}
