import Diagnostics

extension Lowerer {
    /// The spacing a lone `-` stands for, between siblings and to the superview edge.
    static let standardSpacing = 1.0

    /// A VFL line: `|` is the view whose body holds the line; view predicates
    /// constrain lengths along the line's axis; connections constrain the gap
    /// from the earlier item's trailing edge to the later item's leading edge.
    mutating func lowerVisualFormat(_ line: VisualFormatSyntax, in view: Int) {
        let axis = line.axis
        let label = line.label?.text ?? "vfl"
        // Check and resolve everything first: a line with an error adds nothing.
        var resolved: [Int?] = []
        for item in line.items {
            if case .view(let name, _, _) = item {
                guard let id = resolveView(name, from: view) else { return }
                resolved.append(viewIndex[id]!)
            } else {
                resolved.append(nil)
            }
        }
        var pending: [(LeftSide, Relation, LinearExpression, LayoutPriority, Int)] = []
        for (position, item) in line.items.enumerated() {
            switch item {
            case .superview:
                continue
            case .view(_, let predicates, _):
                let subject = resolved[position]!
                for predicate in predicates {
                    guard let right = predicateValue(predicate, of: subject, axis: axis, in: view),
                        let priority = priority(predicate.priority, in: view)
                    else { return }
                    pending.append((.attribute(subject, axis.length), predicate.relation, right, priority, predicate.span.start))
                }
            case .connection(let connection):
                let before = resolved[position - 1], after = resolved[position + 1]
                let predicates: [VisualFormatSyntax.Predicate]
                switch connection {
                case .flush(let span):
                    predicates = [.init(relation: .equal, object: .number(0, span), priority: nil, span: span)]
                case .standard(let span):
                    predicates = [.init(relation: .equal, object: .number(Self.standardSpacing, span), priority: nil, span: span)]
                case .predicates(let list, _):
                    predicates = list
                }
                for predicate in predicates {
                    guard let spacing = spacingValue(predicate, in: view),
                        let priority = priority(predicate.priority, in: view)
                    else { return }
                    let at = predicate.span.length > 0 ? predicate.span.start : connection.span.start
                    if let before, let after {
                        pending.append((.attribute(after, axis.leading), predicate.relation, edge(before, axis.trailing) + spacing, priority, at))
                    } else if let after {
                        pending.append((.attribute(after, axis.leading), predicate.relation, edge(view, axis.leading) + spacing, priority, at))
                    } else if let before {
                        pending.append((.attribute(view, axis.trailing), predicate.relation, edge(before, axis.trailing) + spacing, priority, at))
                    }
                }
            }
        }
        noteUserLabel(line.label, in: view)
        for (left, relation, right, priority, at) in pending {
            emit(view, label, left, relation, right, priority, at: at)
        }
    }

    /// A view predicate: a number, a metric (let), a `$style` of that view, or another view's length.
    private mutating func predicateValue(
        _ predicate: VisualFormatSyntax.Predicate, of subject: Int, axis: Axis, in view: Int
    ) -> LinearExpression? {
        switch predicate.object {
        case .number(let value, _):
            return .constant(value)
        case .style(let name, let span):
            return evaluate(.style(name, span), EvaluationContext(view: subject, attribute: axis.length, scope: view))
        case .name(let name):
            if hasLets, lookupLet(name.text, from: view) != nil {
                return metric(name, in: view)
            }
            guard let id = resolveView(name, from: view) else { return nil }
            return .variable(.attribute(view: id, axis.length))
        }
    }

    /// A connection predicate: a number, a metric, or a `$style` of the enclosing view.
    private mutating func spacingValue(_ predicate: VisualFormatSyntax.Predicate, in view: Int) -> LinearExpression? {
        switch predicate.object {
        case .number(let value, _):
            return .constant(value)
        case .style(let name, let span):
            return evaluate(.style(name, span), EvaluationContext(view: view, attribute: nil, scope: view))
        case .name(let name):
            guard hasLets, lookupLet(name.text, from: view) != nil else {
                diagnostics.error(.layoutShorthand,
                    viewIndex[name.text] != nil
                        ? "a spacing cannot be a view ('\(name.text)'); it must be a number or a metric"
                        : "unknown metric '\(name.text)'",
                    at: name.span, hint: "define it with: let \(name.text) = 2")
                return nil
            }
            return metric(name, in: view)
        }
    }

    /// A `let` used as a VFL metric: it must not depend on any view.
    private mutating func metric(_ name: NameSyntax, in view: Int) -> LinearExpression? {
        guard let value = evaluate(.name(name), EvaluationContext(view: view, attribute: nil, scope: view)) else {
            return nil
        }
        guard value.isConstant else {
            diagnostics.error(.layoutShorthand, "the metric '\(name.text)' depends on a view; VFL metrics are constants", at: name.span)
            return nil
        }
        return value
    }
}
