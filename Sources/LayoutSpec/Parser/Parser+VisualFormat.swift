extension ParserState {
    /// `[H:|V:] [| connection] [view] (connection [view])* [connection |] [as label]`,
    /// Apple's Visual Format Language grammar.
    mutating func parseVisualFormat() -> VisualFormatSyntax? {
        let start = peek.span
        var axis = Axis.horizontal
        if peek.kind == .identifier, peek(1).kind == .colon {
            axis = isWord(peek, "V") ? .vertical : .horizontal
            advance()
            advance()
        }
        var items: [VisualFormatSyntax.Item] = []
        if peek.kind == .bar {
            items.append(.superview(advance().span))
            guard let connection = parseConnection() else { return nil }
            items.append(.connection(connection))
        }
        guard let first = parseFormatView() else { return nil }
        items.append(first)
        while peek.kind == .minus || peek.kind == .leftBracket || peek.kind == .bar {
            guard let connection = parseConnection() else { return nil }
            items.append(.connection(connection))
            if peek.kind == .bar {
                items.append(.superview(advance().span))
                if peek.kind == .minus || peek.kind == .leftBracket {
                    return failStatement(
                        "'|' (the superview) may only start or end a VFL line", at: previous.span)
                }
                break
            }
            guard let view = parseFormatView() else { return nil }
            items.append(view)
        }
        var label: NameSyntax?
        if isWord(peek, "as") {
            advance()
            guard peek.kind == .identifier else {
                return failStatement("expected a label after 'as', found \(describe(peek))")
            }
            label = takeName()
        }
        let line = VisualFormatSyntax(axis: axis, items: items, label: label, span: start.through(previous.span))
        return finishStatement() ? line : nil
    }

    /// Nothing (flush), `-` (standard spacing), or `-predicates-`.
    private mutating func parseConnection() -> VisualFormatSyntax.Connection? {
        guard peek.kind == .minus else {
            return .flush(SourceSpan(start: peek.start, end: peek.start))
        }
        let dash = advance()
        if peek.kind == .leftBracket || peek.kind == .bar {
            return .standard(dash.span)
        }
        if isAtStatementEnd {
            return failStatement("expected a view such as [name] or '|' after '-', found \(describe(peek))")
        }
        let predicates: [VisualFormatSyntax.Predicate]
        if peek.kind == .leftParen {
            guard let list = parsePredicateList() else { return nil }
            predicates = list
        } else {
            guard let object = parsePredicateObject() else { return nil }
            predicates = [VisualFormatSyntax.Predicate(relation: .equal, object: object, priority: nil, span: previous.span)]
        }
        guard peek.kind == .minus else {
            if reportUnit(peek) { return failStatement(nil) }
            return failStatement(
                "expected '-' after the spacing, found \(describe(peek))",
                hint: "a spacing is written -N- between two items")
        }
        return .predicates(predicates, dash.span.through(advance().span))
    }

    /// `[name]` or `[name(predicates)]`.
    private mutating func parseFormatView() -> VisualFormatSyntax.Item? {
        guard peek.kind == .leftBracket else {
            return failStatement("expected a view such as [name], found \(describe(peek))")
        }
        let open = advance()
        guard peek.kind == .identifier else {
            return failStatement("expected a view id after '[', found \(describe(peek))")
        }
        let viewName = takeName()
        var predicates: [VisualFormatSyntax.Predicate] = []
        if peek.kind == .leftParen {
            guard let list = parsePredicateList() else { return nil }
            predicates = list
        }
        guard peek.kind == .rightBracket else {
            return failStatement("expected ']' to close the view '\(viewName.text)', found \(describe(peek))")
        }
        return .view(viewName, predicates, open.span.through(advance().span))
    }

    /// `(predicate, predicate, …)`.
    private mutating func parsePredicateList() -> [VisualFormatSyntax.Predicate]? {
        advance()  // (
        var predicates: [VisualFormatSyntax.Predicate] = []
        while true {
            let start = peek.span
            var relation = Relation.equal
            switch peek.kind {
            case .equal: relation = .equal; advance()
            case .greaterOrEqual: relation = .greaterOrEqual; advance()
            case .lessOrEqual: relation = .lessOrEqual; advance()
            default: break
            }
            guard let object = parsePredicateObject() else { return nil }
            var priority: PrioritySyntax?
            if peek.kind == .at {
                let at = advance()
                switch peek.kind {
                case .number:
                    let token = advance()
                    priority = .number(number(token), at.span.through(token.span))
                case .identifier:
                    priority = .name(takeName())
                default:
                    return failStatement("expected a priority after '@', found \(describe(peek))")
                }
            }
            predicates.append(
                VisualFormatSyntax.Predicate(
                    relation: relation, object: object, priority: priority, span: start.through(previous.span)))
            if peek.kind == .comma {
                advance()
                continue
            }
            guard peek.kind == .rightParen else {
                return failStatement("expected ',' or ')' in the predicate list, found \(describe(peek))")
            }
            advance()
            return predicates
        }
    }

    /// A number (a leading `-` allowed), a metric or view name, or a `$style`.
    private mutating func parsePredicateObject() -> VisualFormatSyntax.Object? {
        let token = peek
        switch token.kind {
        case .number:
            advance()
            return .number(number(token), token.span)
        case .minus where peek(1).kind == .number:
            advance()
            let digits = advance()
            return .number(-number(digits), token.span.through(digits.span))
        case .identifier:
            advance()
            return .name(name(token))
        case .style:
            advance()
            return .style(String(decoding: bytes[(token.start + 1)..<token.end], as: UTF8.self), token.span)
        default:
            return failStatement(
                "expected a number, a metric or a view in the predicate, found \(describe(token))")
        }
    }
}
