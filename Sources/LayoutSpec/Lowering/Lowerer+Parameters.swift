import Diagnostics

/// Which `[name=value]` parameters mean something, by the view's own kind and
/// by its parent's kind.
enum KnownParameters {
    static func own(_ kind: ViewKind) -> [String] {
        let mine: [String] = switch kind {
        case .row, .column: stack
        case .grid: grid
        case .overlay: overlay
        case .screen, .box, .text: []
        }
        return mine + ContentPriorityParameters.names + [ViewDeclaration.overflowParameter]
    }

    static func child(of kind: ViewKind) -> [String] {
        switch kind {
        case .row, .column: stackChild
        case .grid: gridChild
        case .overlay: overlayChild
        case .screen, .box, .text: []
        }
    }

    private static let stack = ["gap", "padding", "justify", "align"]
    private static let grid = ["columns", "rows", "gap", "column-gap", "row-gap", "padding"]
    private static let overlay = ["gravity", "padding"]
    private static let stackChild = ["grow", "min", "max", "align", "align-self"]
    private static let gridChild = ["span", "row-span"]
    private static let overlayChild = ["gravity"]
}

extension Lowerer {
    /// Warns about parameters nothing reads (they stay in the document).
    mutating func checkParameters(of view: Int) {
        let params = params[view]
        guard !params.isEmpty else { return }
        let own = KnownParameters.own(kinds[view])
        let fromParent = parent(of: view).map { KnownParameters.child(of: kinds[$0]) } ?? []
        for (position, param) in params.enumerated() {
            let name = param.name.text
            if params[..<position].contains(where: { $0.name.text == name }) {
                diagnostics.warning(.layoutParameter, "'\(name)' is given twice; the last value counts", at: param.name.span)
            }
            if ContentPriorityParameters.names.contains(name) {
                checkContentPriority(param)
                continue
            }
            if name == ViewDeclaration.overflowParameter {
                checkOverflow(param)
                continue
            }
            guard !own.contains(name), !fromParent.contains(name) else { continue }
            let known = own + fromParent
            let owners = [ViewKind.row, .grid, .overlay].filter { KnownParameters.child(of: $0).contains(name) }
            let message = "parameter '\(name)' means nothing on this \(kinds[view].rawValue); it is ignored"
            if !owners.isEmpty {
                diagnostics.warning(.layoutParameter, message, at: param.name.span, hint:
                    "'\(name)' applies to children of " + owners.map { $0 == .row ? "a row or column" : "a \($0.rawValue)" }.joined(separator: " or "))
            } else {
                diagnostics.unknown(.layoutParameter, message, at: param.name.span, name: name, among: known,
                    otherwise: known.isEmpty ? nil : "parameters here are " + known.joined(separator: ", "), severity: .warning)
            }
        }
    }

    /// `hug`, `resist` and their `-width`/`-height` forms take a priority (for
    /// the shorthands, also two: width height).
    private mutating func checkContentPriority(_ param: ParameterSyntax) {
        guard ContentPriorityParameters.priorities(param.name.text, param.value) == nil else { return }
        let pair = param.name.text == "hug" || param.name.text == "resist"
        var hint = "a priority is a whole number from 1 to 1000, or " + LayoutPriority.names.joined(separator: ", ")
        if case .word(let word) = param.value, let near = Suggestion.hint(for: word, among: LayoutPriority.names) {
            hint = near
        }
        diagnostics.error(.layoutParameter,
            "'\(param.name.text)' takes \(pair ? "one priority, or two (width height)" : "a priority"), not \(param.value)",
            at: param.valueSpan, hint: hint)
    }

    /// `overflow` takes one word, `scroll`.
    private mutating func checkOverflow(_ param: ParameterSyntax) {
        if case .word(ViewDeclaration.scrollOverflow) = param.value { return }
        diagnostics.error(.layoutParameter, "'overflow' takes `scroll`, not \(param.value)", at: param.valueSpan,
                          hint: "overflow=scroll: the children may reach past this view (and the screen), scrolled into view")
    }

    /// The last `name=value` of a view.
    func parameter(_ name: String, of view: Int) -> ParameterSyntax? {
        let list = params[view]
        guard !list.isEmpty else { return nil }
        return list.last { $0.name.text == name }
    }

    /// The expression a parameter value stands for, or nil (reported) for strings and lists.
    private mutating func expression(of param: ParameterSyntax) -> ExpressionSyntax? {
        switch param.value {
        case .number(let value): return .number(value, param.valueSpan)
        case .word(let word): return .name(NameSyntax(word, param.valueSpan))
        case .style(let name): return .style(name, param.valueSpan)
        case .expression(let expression): return expression
        case .string, .list:
            diagnostics.error(.layoutParameter, "'\(param.name.text)' takes one number, not \(param.value)", at: param.valueSpan)
            return nil
        }
    }

    /// A length in cells: a number, a let, a `$style` of `view`, or an expression.
    mutating func lengthParameter(_ param: ParameterSyntax, of view: Int, side: Attribute? = nil) -> LinearExpression? {
        if case .number(let value) = param.value { return .constant(value) }
        guard let expression = expression(of: param) else { return nil }
        return evaluate(expression, EvaluationContext(view: view, attribute: side, scope: view))
    }

    /// A plain number (a grow factor).
    mutating func numberParameter(_ param: ParameterSyntax, of view: Int) -> Double? {
        if case .number(let value) = param.value { return value }
        guard let expression = expression(of: param) else { return nil }
        return plainNumber(expression, in: view, what: "'\(param.name.text)'")
    }

    /// A whole number of at least 1 (columns, spans).
    mutating func countParameter(_ param: ParameterSyntax, of view: Int) -> Int? {
        guard let value = numberParameter(param, of: view) else { return nil }
        guard value == value.rounded(), value >= 1, value <= 100_000 else {
            diagnostics.error(.layoutParameter, "'\(param.name.text)' must be a whole number of at least 1", at: param.valueSpan)
            return nil
        }
        return Int(value)
    }

    /// One of a fixed set of words; reported with a did-you-mean otherwise.
    mutating func wordParameter(_ param: ParameterSyntax, among words: [String]) -> String? {
        if case .word(let word) = param.value, words.contains(word) { return word }
        let written = param.value.description
        diagnostics.unknown(.layoutParameter,
            "'\(written)' is not a valid \(param.name.text)", at: param.valueSpan,
            name: written, among: words, otherwise: "choose one of " + words.joined(separator: ", "))
        return nil
    }

    /// `padding=N`, `padding=(V H)`, `padding=(T L B R)` or `padding=$padding`.
    mutating func sidesParameter(_ param: ParameterSyntax, of view: Int) -> Sides? {
        var values: [ExpressionSyntax]
        if case .list(let items) = param.value {
            guard items.count == 2 || items.count == 4 else {
                diagnostics.error(.layoutParameter,
                    "'\(param.name.text)' takes 1, 2 (vertical horizontal) or 4 (top left bottom right) values",
                    at: param.valueSpan)
                return nil
            }
            values = []
            for item in items {
                guard let expression = expression(of: ParameterSyntax(name: param.name, value: item, valueSpan: param.valueSpan))
                else { return nil }
                values.append(expression)
            }
        } else {
            guard let expression = expression(of: param) else { return nil }
            values = [expression]
        }
        return insetSides(values, in: view)
    }
}
