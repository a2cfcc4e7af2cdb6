// Moving syntax by a number of bytes: an incremental re-parse (see
// `IncrementalParse.swift`) takes the syntax after an edit over from the last
// parse, and every span in it moves by the edit's change in length. Each
// `shift(by:)` moves every span the value holds, so the result is what a parse
// of the new text gives.

extension SourceSpan {
    mutating func shift(by delta: Int) {
        start += delta
        end += delta
    }
}

extension NameSyntax {
    mutating func shift(by delta: Int) { span.shift(by: delta) }
}

extension Array where Element == NameSyntax {
    mutating func shift(by delta: Int) {
        for index in indices { self[index].shift(by: delta) }
    }
}

extension Array where Element == ExpressionSyntax {
    mutating func shift(by delta: Int) {
        for index in indices { self[index].shift(by: delta) }
    }
}

extension ExpressionSyntax {
    mutating func shift(by delta: Int) {
        switch self {
        case .number(let value, var span):
            span.shift(by: delta)
            self = .number(value, span)
        case .style(let name, var span):
            span.shift(by: delta)
            self = .style(name, span)
        case .name(var name):
            name.shift(by: delta)
            self = .name(name)
        case .member(var view, var attribute):
            view.shift(by: delta)
            attribute.shift(by: delta)
            self = .member(view: view, attribute: attribute)
        case .negate(var operand, var span):
            operand.shift(by: delta)
            span.shift(by: delta)
            self = .negate(operand, span)
        case .sum(var parts):
            for index in parts.indices { parts[index].operand.shift(by: delta) }
            self = .sum(parts)
        case .product(var first, var rest):
            first.shift(by: delta)
            for index in rest.indices {
                rest[index].operand.shift(by: delta)
                rest[index].operatorSpan.shift(by: delta)
            }
            self = .product(first, rest)
        }
    }
}

extension PrioritySyntax {
    mutating func shift(by delta: Int) {
        switch self {
        case .number(let value, var span):
            span.shift(by: delta)
            self = .number(value, span)
        case .name(var name):
            name.shift(by: delta)
            self = .name(name)
        }
    }
}

extension StatementTail {
    mutating func shift(by delta: Int) {
        priority?.shift(by: delta)
        label?.shift(by: delta)
    }
}

extension ParameterValue {
    mutating func shift(by delta: Int) {
        switch self {
        case .number, .word, .string, .style: return
        case .list(var items):
            for index in items.indices { items[index].shift(by: delta) }
            self = .list(items)
        case .expression(var expression):
            expression.shift(by: delta)
            self = .expression(expression)
        }
    }
}

extension ParameterSyntax {
    mutating func shift(by delta: Int) {
        name.shift(by: delta)
        value.shift(by: delta)
        valueSpan.shift(by: delta)
    }
}

extension LetSyntax {
    mutating func shift(by delta: Int) {
        name.shift(by: delta)
        value.shift(by: delta)
        span.shift(by: delta)
    }
}

extension UseSyntax {
    mutating func shift(by delta: Int) { span.shift(by: delta) }
}

extension RuleSyntax {
    mutating func shift(by delta: Int) {
        attributes.shift(by: delta)
        relationSpan.shift(by: delta)
        expression.shift(by: delta)
        inset.shift(by: delta)
        offset.shift(by: delta)
        tail.shift(by: delta)
        span.shift(by: delta)
    }
}

extension DistributeSyntax {
    mutating func shift(by delta: Int) {
        views.shift(by: delta)
        switch mode {
        case .spacing(var expression):
            expression.shift(by: delta)
            mode = .spacing(expression)
        case .length(var expression):
            expression.shift(by: delta)
            mode = .length(expression)
        }
        lead?.shift(by: delta)
        trail?.shift(by: delta)
        tail.shift(by: delta)
        span.shift(by: delta)
    }
}

extension ShorthandSyntax {
    mutating func shift(by delta: Int) {
        switch self {
        case .equal(var attribute, var views, var tail, var span):
            attribute.shift(by: delta)
            views.shift(by: delta)
            tail.shift(by: delta)
            span.shift(by: delta)
            self = .equal(attribute: attribute, views: views, tail: tail, span: span)
        case .align(var attribute, var views, var tail, var span):
            attribute.shift(by: delta)
            views.shift(by: delta)
            tail.shift(by: delta)
            span.shift(by: delta)
            self = .align(attribute: attribute, views: views, tail: tail, span: span)
        case .distribute(var distribute):
            distribute.shift(by: delta)
            self = .distribute(distribute)
        case .aspect(var width, var height, let inCells, var tail, var span):
            width.shift(by: delta)
            height.shift(by: delta)
            tail.shift(by: delta)
            span.shift(by: delta)
            self = .aspect(width: width, height: height, inCells: inCells, tail: tail, span: span)
        }
    }
}

extension VisualFormatSyntax.Predicate {
    mutating func shift(by delta: Int) {
        switch object {
        case .number(let value, var span):
            span.shift(by: delta)
            object = .number(value, span)
        case .name(var name):
            name.shift(by: delta)
            object = .name(name)
        case .style(let name, var span):
            span.shift(by: delta)
            object = .style(name, span)
        }
        priority?.shift(by: delta)
        span.shift(by: delta)
    }
}

extension Array where Element == VisualFormatSyntax.Predicate {
    mutating func shift(by delta: Int) {
        for index in indices { self[index].shift(by: delta) }
    }
}

extension VisualFormatSyntax {
    mutating func shift(by delta: Int) {
        for index in items.indices {
            switch items[index] {
            case .superview(var span):
                span.shift(by: delta)
                items[index] = .superview(span)
            case .view(var name, var predicates, var span):
                name.shift(by: delta)
                predicates.shift(by: delta)
                span.shift(by: delta)
                items[index] = .view(name, predicates, span)
            case .connection(let connection):
                switch connection {
                case .flush(var span):
                    span.shift(by: delta)
                    items[index] = .connection(.flush(span))
                case .standard(var span):
                    span.shift(by: delta)
                    items[index] = .connection(.standard(span))
                case .predicates(var predicates, var span):
                    predicates.shift(by: delta)
                    span.shift(by: delta)
                    items[index] = .connection(.predicates(predicates, span))
                }
            }
        }
        label?.shift(by: delta)
        span.shift(by: delta)
    }
}

extension StatementSyntax {
    /// Where the statement starts: its first token.
    var start: Int {
        switch self {
        case .rule(let rule): rule.span.start
        case .shorthand(let shorthand): shorthand.span.start
        case .visualFormat(let line): line.span.start
        }
    }

    mutating func shift(by delta: Int) {
        switch self {
        case .rule(var rule):
            rule.shift(by: delta)
            self = .rule(rule)
        case .shorthand(var shorthand):
            shorthand.shift(by: delta)
            self = .shorthand(shorthand)
        case .visualFormat(var line):
            line.shift(by: delta)
            self = .visualFormat(line)
        }
    }
}

extension ViewSyntax {
    /// Every span of the header and the body moved by `delta` bytes.
    mutating func shift(by delta: Int) {
        kind.shift(by: delta)
        id?.shift(by: delta)
        if !classes.isEmpty { classes.shift(by: delta) }
        titleSpan?.shift(by: delta)
        for index in params.indices { params[index].shift(by: delta) }
        span.shift(by: delta)
        for index in statements.indices { statements[index].shift(by: delta) }
        for index in lets.indices { lets[index].shift(by: delta) }
    }
}
