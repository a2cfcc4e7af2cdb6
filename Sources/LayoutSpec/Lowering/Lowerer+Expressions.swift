import Diagnostics

/// Where an expression is evaluated.
struct EvaluationContext {
    /// The view the expression belongs to: its own attributes, its `$style`
    /// values and its `parent`.
    var view: Int
    /// The attribute being constrained: what a bare view id, `parent`, a
    /// composite member or a tuple style value stands for. Nil where a plain
    /// value is expected (parameters, VFL metrics).
    var attribute: Attribute?
    /// Where `let` lookup starts (a view index; nil: top-level lets only).
    var scope: Int?
}

extension LinearExpression {
    /// Only a number: no variables, no style values.
    var isNumber: Bool { terms.isEmpty && styles.isEmpty }
}

extension Lowerer {
    /// Evaluates to a linear expression, or reports why not and returns nil.
    mutating func evaluate(_ expression: ExpressionSyntax, _ context: EvaluationContext) -> LinearExpression? {
        switch expression {
        case .number(let value, _):
            return .constant(value)
        case .style(let name, let span):
            return styleValue(name, span, context)
        case .name(let name):
            return resolveName(name, context)
        case .member(let view, let attribute):
            return member(view, attribute, context)
        case .negate(let inner, _):
            return evaluate(inner, context)?.scaled(by: -1)
        case .sum(let parts):
            var result = LinearExpression()
            for part in parts {
                guard let value = evaluate(part.operand, context) else { return nil }
                result.add(value, times: part.isSubtracted ? -1 : 1)
            }
            return result
        case .product(let first, let parts):
            guard var result = evaluate(first, context) else { return nil }
            var leftSpan = first.span
            for part in parts {
                guard let value = evaluate(part.operand, context) else { return nil }
                let step = leftSpan.through(part.operand.span)
                if part.isDivision {
                    guard let quotient = divide(result, by: value, part, step) else { return nil }
                    result = quotient
                } else {
                    guard let product = multiply(result, value, leftSpan, part, step) else { return nil }
                    result = product
                }
                leftSpan = step
            }
            return result
        }
    }

    private mutating func multiply(
        _ a: LinearExpression, _ b: LinearExpression, _ aSpan: SourceSpan,
        _ part: ExpressionSyntax.ProductPart, _ span: SourceSpan
    ) -> LinearExpression? {
        if a.isNumber { return b.scaled(by: a.constant) }
        if b.isNumber { return a.scaled(by: b.constant) }
        let left = written(aSpan), right = written(part.operand.span)
        if !a.terms.isEmpty, !b.terms.isEmpty {
            diagnostics.error(.layoutExpression,
                "'\(left) * \(right)' is not linear: it multiplies two view attributes, and constraints must be linear",
                at: span, hint: "scale an attribute by a number instead, such as blue.width * 2")
        } else if !a.terms.isEmpty || !b.terms.isEmpty {
            diagnostics.error(.layoutExpression,
                "'\(left) * \(right)' scales a view attribute by a style value; a coefficient must be a plain number",
                at: span, hint: "style values may be added, or scaled by a number, but not multiply attributes")
        } else {
            diagnostics.error(.layoutExpression,
                "'\(left) * \(right)' multiplies two style values; the constant part must be a sum of style values and numbers",
                at: span)
        }
        return nil
    }

    private mutating func divide(
        _ a: LinearExpression, by b: LinearExpression, _ part: ExpressionSyntax.ProductPart, _ span: SourceSpan
    ) -> LinearExpression? {
        let divisor = written(part.operand.span)
        if !b.terms.isEmpty {
            diagnostics.error(.layoutExpression,
                "dividing by '\(divisor)' is not linear: the divisor is a view attribute", at: span,
                hint: "divide only by numbers; to relate two sizes, write a.width == b.width * 2")
            return nil
        }
        if !b.styles.isEmpty {
            diagnostics.error(.layoutExpression,
                "dividing by the style value '\(divisor)' is not supported: a divisor must be a plain number", at: span)
            return nil
        }
        if b.constant == 0 {
            diagnostics.error(.layoutExpression, "division by zero", at: span)
            return nil
        }
        return a.scaled(by: 1 / b.constant)
    }

    // MARK: Names

    private mutating func resolveName(_ name: NameSyntax, _ context: EvaluationContext) -> LinearExpression? {
        if name.text == "parent" {
            guard let parentID = parentID(of: context.view, at: name.span) else { return nil }
            guard let attribute = context.attribute else {
                diagnostics.error(.layoutExpression,
                    "'parent' stands for a view here; name one of its attributes", at: name.span,
                    hint: "for example parent.width")
                return nil
            }
            return .variable(.attribute(view: parentID, attribute))
        }
        if hasLets, let found = lookupLet(name.text, from: context.scope) {
            return evaluateLet(found.definition, scope: found.scope, context, usedAt: name.span)
        }
        if viewIndex[name.text] != nil {
            viewNames.append(name.text)
            guard let attribute = context.attribute else {
                diagnostics.error(.layoutExpression,
                    "'\(name.text)' is a view; here a number is expected", at: name.span,
                    hint: "name one of its attributes, such as \(name.text).width")
                return nil
            }
            return .variable(.attribute(view: name.text, attribute))
        }
        if let attribute = Attribute(spelling: name.text) {
            return .variable(.attribute(view: ids[context.view], attribute))
        }
        var candidates = visibleLetNames(from: context.scope) + ["parent"] + Attribute.allCases.map(\.rawValue)
        candidates += ids
        diagnostics.unknown(.layoutUnknownName,
            "unknown name '\(name.text)': not a view, a let or an attribute", at: name.span,
            name: name.text, among: candidates)
        return nil
    }

    /// `view.attribute`: the view may be `parent`; a composite stands for the
    /// attribute being constrained when it is one of its members.
    private mutating func member(_ view: NameSyntax, _ attributeName: NameSyntax, _ context: EvaluationContext)
        -> LinearExpression?
    {
        guard let viewID = resolveView(view, from: context.view) else { return nil }
        guard let expanded = attributes(named: attributeName) else { return nil }
        if expanded.count == 1 { return .variable(.attribute(view: viewID, expanded[0])) }
        guard let attribute = context.attribute, expanded.contains(attribute) else {
            diagnostics.error(.layoutExpression,
                "'\(view.text).\(attributeName.text)' stands for several attributes; here name one", at: attributeName.span,
                hint: "such as \(view.text).\(expanded[0].rawValue)")
            return nil
        }
        return .variable(.attribute(view: viewID, attribute))
    }

    /// The attributes a word stands for, or nil after reporting it with a did-you-mean.
    mutating func attributes(named word: NameSyntax) -> [Attribute]? {
        if let expanded = Attribute.expanding(word.text) { return expanded }
        diagnostics.unknown(.layoutUnknownAttribute,
            "unknown attribute '\(word.text)'", at: word.span,
            name: word.text, among: Attribute.spellings, otherwise: "attributes are " + Attribute.spellings.joined(separator: ", "))
        return nil
    }

    /// A view id or `parent`, reported with a did-you-mean when unknown.
    mutating func resolveView(_ name: NameSyntax, from view: Int) -> String? {
        if name.text == "parent" { return parentID(of: view, at: name.span) }
        if viewIndex[name.text] != nil {
            viewNames.append(name.text)
            return name.text
        }
        diagnostics.unknown(.layoutUnknownView,
            "unknown view '\(name.text)'; the rule is skipped", at: name.span, name: name.text, among: ids)
        return nil
    }

    private mutating func parentID(of view: Int, at span: SourceSpan) -> String? {
        guard let parent = parent(of: view) else {
            diagnostics.error(.layoutExpression, "'\(ids[view])' is a top-level view: it has no parent", at: span)
            return nil
        }
        return ids[parent]
    }

    // MARK: Style values

    private mutating func styleValue(_ name: String, _ span: SourceSpan, _ context: EvaluationContext)
        -> LinearExpression?
    {
        if StyleNames.components.contains(name) {
            return .style(StyleTerm(view: ids[context.view], name: name))
        }
        if StyleNames.tuples.contains(name) {
            guard let attribute = context.attribute, let component = StyleNames.component(of: name, for: attribute)
            else {
                diagnostics.error(.layoutStyleValue,
                    "'$\(name)' has several values; here name one", at: span,
                    hint: "use " + StyleNames.examples(of: name))
                return nil
            }
            return .style(StyleTerm(view: ids[context.view], name: component))
        }
        diagnostics.unknown(.layoutStyleValue,
            "unknown style value '$\(name)'", at: span, name: name, among: StyleNames.all, sigil: "$",
            otherwise: "layout style values are " + StyleNames.all.map { "$" + $0 }.joined(separator: ", "))
        return nil
    }

    // MARK: Lets

    func lookupLet(_ name: String, from scope: Int?) -> (definition: LetSyntax, scope: Int?)? {
        var current = scope
        while let view = current {
            if let definition = letScopes[view]?[name] { return (definition, view) }
            current = parent(of: view)
        }
        return topLets[name].map { ($0, nil) }
    }

    private func visibleLetNames(from scope: Int?) -> [String] {
        var names = Array(topLets.keys)
        var current = scope
        while let view = current {
            names += letScopes[view].map { Array($0.keys) } ?? []
            current = parent(of: view)
        }
        return names.sorted()
    }

    /// A let is substituted where it is used: its bare names and style values
    /// read in the using rule's context, its own let names in its defining scope.
    private mutating func evaluateLet(
        _ definition: LetSyntax, scope: Int?, _ context: EvaluationContext, usedAt span: SourceSpan
    ) -> LinearExpression? {
        let key = "\(scope ?? -1):\(definition.name.text)"
        if let start = letStack.firstIndex(of: key) {
            let cycle = letStack[start...].map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? $0 }
            diagnostics.error(.layoutLet,
                "let '\(definition.name.text)' refers to itself: " + (cycle + [definition.name.text]).joined(separator: " → "),
                at: span)
            return nil
        }
        guard letStack.count < SpecParser.maximumExpressionDepth else {
            diagnostics.error(.layoutLet,
                "lets refer to lets more than \(SpecParser.maximumExpressionDepth) levels deep", at: span)
            return nil
        }
        letStack.append(key)
        defer { letStack.removeLast() }
        var inner = context
        inner.scope = scope
        return evaluate(definition.value, inner)
    }

    /// A value that must be a plain number (a count, a ratio, a coefficient).
    mutating func plainNumber(_ expression: ExpressionSyntax, in view: Int, what: String) -> Double? {
        guard let value = evaluate(expression, EvaluationContext(view: view, attribute: nil, scope: view)) else {
            return nil
        }
        guard value.isNumber else {
            diagnostics.error(.layoutExpression,
                "\(what) must be a plain number, not '\(written(expression.span))'", at: expression.span)
            return nil
        }
        return value.constant
    }

    /// `@750`, `@high`, or a let holding a number.
    mutating func priority(_ syntax: PrioritySyntax?, in view: Int) -> LayoutPriority? {
        guard let syntax else { return .required }
        let value: Double
        switch syntax {
        case .number(let number, _):
            value = number
        case .name(let name):
            if let named = LayoutPriority(name: name.text) { return named }
            guard hasLets, lookupLet(name.text, from: view) != nil else {
                diagnostics.unknown(.layoutPriority,
                    "unknown priority '\(name.text)'", at: name.span, name: name.text, among: LayoutPriority.names,
                    otherwise: "write a number 1–1000 or one of " + LayoutPriority.names.joined(separator: ", "))
                return nil
            }
            guard let number = plainNumber(.name(name), in: view, what: "a priority") else { return nil }
            value = number
        }
        guard value == value.rounded(), value >= 1, value <= 1000, let priority = LayoutPriority(Int(value)) else {
            diagnostics.error(.layoutPriority,
                "priority \(formatNumber(value)) is not a whole number from 1 to 1000", at: syntax.span,
                hint: "1000 is required; " + LayoutPriority.names.dropFirst().map { "\($0) is \(LayoutPriority(name: $0)!.value)" }.joined(separator: ", "))
            return nil
        }
        return priority
    }
}
