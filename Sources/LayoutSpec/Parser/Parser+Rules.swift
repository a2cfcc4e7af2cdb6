import Diagnostics

extension ParserState {
    /// `ATTRS REL EXPR [inset …] [offset …] [@priority] [as label]`.
    mutating func parseRule() -> RuleSyntax? {
        let start = peek.span
        var attributes: [NameSyntax] = []
        while true {
            guard peek.kind == .identifier else {
                return failStatement("expected an attribute such as left, width or edges, found \(describe(peek))")
            }
            attributes.append(takeName())
            guard peek.kind == .comma else { break }
            advance()
        }

        let relationToken = peek
        let relation: RuleRelation
        switch relationToken.kind {
        case .equal: relation = .equal
        case .greaterOrEqual: relation = .greaterOrEqual
        case .lessOrEqual: relation = .lessOrEqual
        case .assign:
            return failStatement("'=' is not a relation", hint: "write '==' for equality")
        case .invalid where text(relationToken) == "<" || text(relationToken) == ">":
            return failStatement(
                "constraints have no strict inequalities", hint: "write '>=' or '<='")
        default:
            guard isWord(relationToken, "within") else {
                return failStatement(
                    "expected a relation (==, >=, <= or within), found \(describe(relationToken))",
                    hint: relationToken.kind == .colon ? LayoutHabits.colonHint(after: text(previous)) : nil)
            }
            relation = .within
        }
        advance()

        guard let expression = parseExpression() else { return failStatement(nil) }

        var inset: [ExpressionSyntax]?
        var offset: [ExpressionSyntax]?
        while isWord(peek, "inset") || isWord(peek, "offset") {
            let keyword = advance()
            let isInset = isWord(keyword, "inset")
            if (isInset ? inset : offset) != nil {
                return failStatement("'\(text(keyword))' appears twice in this rule", at: keyword.span)
            }
            var values: [ExpressionSyntax] = []
            while startsFactor {
                guard let value = parseFactor() else { return failStatement(nil) }
                values.append(value)
            }
            let allowed = isInset ? [1, 2, 4] : [1, 2]
            guard allowed.contains(values.count) else {
                return failStatement(
                    isInset
                        ? "'inset' takes 1, 2 (vertical horizontal) or 4 (top left bottom right) values, not \(values.count)"
                        : "'offset' takes 1 value, or 2 (horizontal vertical), not \(values.count)",
                    at: keyword.span.through(previous.span),
                    hint: "write an expression with operators in parentheses: inset (gap + 1)")
            }
            if isInset { inset = values } else { offset = values }
        }
        guard let tail = parseTail() else { return nil }
        let rule = RuleSyntax(
            attributes: attributes, relation: relation, relationSpan: relationToken.span,
            expression: expression, inset: inset ?? [], offset: offset ?? [], tail: tail,
            span: start.through(previous.span))
        return finishStatement() ? rule : nil
    }

    /// `[@priority] [as label]`, in either order. Nil after an error (already skipped).
    mutating func parseTail() -> StatementTail? {
        var tail = StatementTail()
        while true {
            if peek.kind == .at {
                let at = advance()
                if tail.priority != nil { return failStatement("a second priority", at: at.span) }
                let token = peek
                switch token.kind {
                case .number:
                    advance()
                    tail.priority = .number(number(token), at.span.through(token.span))
                case .identifier:
                    advance()
                    tail.priority = .name(name(token))
                default:
                    return failStatement(
                        "expected a priority after '@'", at: token.span,
                        hint: "a number 1–1000 or one of " + LayoutPriority.names.joined(separator: ", "))
                }
            } else if isWord(peek, "as") {
                let keyword = advance()
                if tail.label != nil { return failStatement("a second label", at: keyword.span) }
                guard peek.kind == .identifier else {
                    return failStatement("expected a label after 'as', found \(describe(peek))")
                }
                tail.label = takeName()
            } else {
                return tail
            }
        }
    }

    /// `let name = expr`: at the top level, or in a view body (then visible in
    /// that body and everything nested in it).
    mutating func parseLet() {
        let keyword = advance()
        guard peek.kind == .identifier else {
            skipStatement(reporting: "expected a name after 'let', found \(describe(peek))")
            return
        }
        let letName = takeName()
        guard peek.kind == .assign || peek.kind == .equal else {
            skipStatement(reporting: "expected '=' after 'let \(letName.text)'")
            return
        }
        advance()
        guard let value = parseExpression() else {
            skipStatement()
            return
        }
        guard finishStatement() else { return }
        if StatementKeyword.reserved.contains(letName.text) || Attribute.expanding(letName.text) != nil {
            diagnostics.error(.layoutName,
                "'\(letName.text)' cannot be a let name: the language already gives it a meaning", at: letName.span)
            return
        }
        let key = LetScopeKey(scope: currentView ?? -1, name: letName.text)
        guard letNames.insert(key).inserted else {
            diagnostics.error(.layoutName, "'\(letName.text)' is already defined in this scope", at: letName.span)
            return
        }
        let definition = LetSyntax(name: letName, value: value, span: keyword.span.through(value.span))
        if let view = currentView { views[view].lets.append(definition) } else { lets.append(definition) }
    }

    /// `use "file.cas" ["other.cas" …]`, at the top level.
    mutating func parseUse() {
        let keyword = advance()
        var paths: [UseSyntax] = []
        while peek.kind == .string {
            let token = advance()
            paths.append(UseSyntax(path: stringValue(token), span: token.span))
        }
        guard !paths.isEmpty else {
            skipStatement(reporting: "expected a quoted stylesheet path after 'use', found \(describe(peek))")
            return
        }
        guard finishStatement() else { return }
        if currentView != nil {
            diagnostics.error(.layoutPlacement,
                "'use' belongs at the top level of the spec", at: keyword.span,
                hint: "move it above the views; stylesheets apply to the whole spec")
            return
        }
        uses += paths
    }

    /// Reports an error at the current token (or `span`), skips the statement, returns nil.
    mutating func failStatement<T>(
        _ message: String?, at span: SourceSpan? = nil, hint: String? = nil, code: DiagnosticCode = .layoutSyntax
    ) -> T? {
        if let message { diagnostics.error(code, message, at: span ?? peek.span, hint: hint) }
        skipStatement()
        return nil
    }

    mutating func skipStatement(
        reporting message: String, at span: SourceSpan? = nil, hint: String? = nil, code: DiagnosticCode = .layoutSyntax
    ) {
        diagnostics.error(code, message, at: span ?? peek.span, hint: hint)
        skipStatement()
    }
}
