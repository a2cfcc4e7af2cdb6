import Diagnostics

/// A selector used to find views, not to style them (an app pilot's
/// `query("box .row")`): parsed and matched by the stylesheet's own parser and
/// matcher, so it means exactly what it means in a `.cas` rule.
public struct SelectorQuery: Sendable {
    /// The selector as given.
    public let text: String
    /// Problems with the selector (an error: it matches nothing).
    public let diagnostics: [Diagnostic]
    private let sheet: Stylesheet

    /// A query for `selector` (a selector group: `a, b` finds either).
    public init(_ selector: String) {
        text = selector
        sheet = Stylesheet.parse("\(selector) { visible true }", path: "<query>")
        diagnostics = sheet.diagnostics
    }

    /// The indices of the views the selector matches, in the views' order.
    public func matches(in views: [StyledView]) -> [Int] {
        guard !sheet.hasErrors else { return [] }
        let result = sheet.cascade(views, width: 1_000, height: 1_000)
        return views.indices.filter { !result.matcher.records(of: $0).isEmpty }
    }
}
