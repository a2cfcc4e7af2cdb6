import Diagnostics

extension ParserState {
    /// `KIND [id] [.class …] ["title"] [[param=value …]] [{ body }]`.
    mutating func parseView() {
        let kindToken = advance()
        let kind = name(kindToken)
        let resolvedKind = viewKind(kindToken)
        let knownKind = resolvedKind != nil
        if !knownKind {
            diagnostics.unknown(.layoutUnknownViewKind,
                "unknown view kind '\(kind.text)'", at: kind.span,
                name: kind.text, among: ViewKind.allCases.map(\.rawValue) + StatementKeyword.all,
                otherwise: "kinds are " + ViewKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        // After an unknown kind the line is probably not a view at all: one error is enough.
        var quiet = !knownKind

        var id: NameSyntax?
        if peek.kind == .identifier {
            let isReserved = isReservedWord(peek)
            let candidate = takeName()
            if isReserved {
                diagnostics.error(.layoutName, "'\(candidate.text)' cannot be a view id: the language reserves it", at: candidate.span)
            } else {
                id = candidate
            }
        }
        var view = ViewSyntax(
            kind: kind, resolvedKind: resolvedKind, id: id, classes: [], title: nil, titleSpan: nil, params: [],
            parent: currentView, depth: openViews.count, span: kind.span, statements: [], lets: [])

        header: while true {
            let token = peek
            switch token.kind {
            case .dot:
                advance()
                if peek.kind == .identifier, peek.start == token.end {
                    view.classes.append(takeName())
                } else {
                    if !quiet { diagnostics.error(.layoutSyntax, "expected a class name right after '.'", at: token.span) }
                    quiet = true
                }
            case .string:
                advance()
                if view.title != nil, !quiet {
                    diagnostics.error(.layoutSyntax, "a view has one title; this is a second one", at: token.span)
                    quiet = true
                } else {
                    view.title = stringValue(token)
                    view.titleSpan = token.span
                }
            case .unterminatedString:
                advance()
                diagnostics.error(.layoutSyntax, "this title has no closing quote", at: token.span)
                quiet = true
            case .leftBracket:
                parseParameters(into: &view, quiet: &quiet)
            case .newline, .semicolon, .end, .rightBrace, .leftBrace:
                break header
            default:
                if !quiet {
                    diagnostics.error(.layoutSyntax,
                        "unexpected \(describe(token)) in the header of \(kind.text) '\(id?.text ?? "")'",
                        at: token.span,
                        hint: "a view header is: KIND id .class \"title\" [param=value] {")
                }
                quiet = true
                // Keep the body if the line has one.
                while !isAtStatementEnd, peek.kind != .leftBrace { advance() }
                break header
            }
        }
        view.span = kind.span.through(previous.span)

        // The body's `{` may be on the header's line or the next one.
        let beforeBrace = index
        while peek.kind == .newline { advance() }
        let hasBody = peek.kind == .leftBrace
        if !hasBody { index = beforeBrace }

        if openViews.count >= SpecParser.maximumDepth {
            diagnostics.error(.layoutTooDeep,
                "views nest more than \(SpecParser.maximumDepth) levels deep; this view and everything inside it are skipped",
                at: kind.span, hint: "flatten the tree")
            if hasBody { skipBlock() }
            return
        }
        // An unknown kind with no body is most likely not a view at all: drop it
        // (already reported). With a body, keep it so its children are not lost.
        if !knownKind, !hasBody { return }
        views.append(view)
        if hasBody {
            openViews.append((views.count - 1, advance().span))
        } else {
            finishStatement()
        }
    }

    /// `[name=value name=value …]`, commas optional.
    private mutating func parseParameters(into view: inout ViewSyntax, quiet: inout Bool) {
        advance()  // [
        view.params.reserveCapacity(4)
        while true {
            skipCommas()
            let token = peek
            if token.kind == .rightBracket {
                advance()
                return
            }
            guard token.kind == .identifier else {
                if !quiet, !reportUnit(token) {
                    diagnostics.error(.layoutSyntax,
                        "expected a parameter name or ']', found \(describe(token))", at: token.span,
                        hint: "parameters are written [name=value name=value]")
                }
                quiet = true
                skipParameters()
                return
            }
            let parameterName = takeName()
            guard peek.kind == .assign else {
                if !quiet, !reportUnit(previous) {
                    diagnostics.error(.layoutSyntax, "expected '=' after parameter '\(parameterName.text)'", at: peek.span)
                }
                quiet = true
                skipParameters()
                return
            }
            advance()
            let valueStart = peek.span
            guard let value = parseParameterValue() else {
                quiet = true
                skipParameters()
                return
            }
            view.params.append(
                ParameterSyntax(name: parameterName, value: value, valueSpan: valueStart.through(previous.span)))
        }
    }

    private mutating func skipCommas() {
        while peek.kind == .comma { advance() }
    }

    /// After a bad parameter: up to the `]`, or the end of the header.
    private mutating func skipParameters() {
        while !isAtStatementEnd, peek.kind != .leftBrace {
            if advance().kind == .rightBracket { return }
        }
    }

    /// A number, a word, a string, a `$style`, or `( … )`: one expression or a list.
    private mutating func parseParameterValue() -> ParameterValue? {
        let token = peek
        // Plain values directly, without building an expression first.
        if peek(1).kind == .rightBracket || peek(1).kind == .identifier || peek(1).kind == .comma {
            switch token.kind {
            case .number:
                advance()
                return .number(number(token))
            case .identifier:
                advance()
                return .word(text(token))
            case .style:
                advance()
                return .style(String(decoding: bytes[(token.start + 1)..<token.end], as: UTF8.self))
            default:
                break
            }
        }
        switch token.kind {
        case .string:
            advance()
            return .string(stringValue(token))
        case .leftParen:
            advance()
            var values: [ParameterValue] = []
            while true {
                skipCommas()
                if peek.kind == .rightParen {
                    advance()
                    break
                }
                guard let expression = parseExpression() else { return nil }
                values.append(Self.simplified(expression))
                if isAtStatementEnd {
                    diagnostics.error(.layoutSyntax, "expected ')' to close the list", at: peek.span)
                    return nil
                }
            }
            if values.isEmpty {
                diagnostics.error(.layoutSyntax, "an empty list is not a value", at: token.span.through(previous.span))
                return nil
            }
            return values.count == 1 ? values[0] : .list(values)
        default:
            guard let expression = parseFactor() else { return nil }
            return Self.simplified(expression)
        }
    }

    /// Literal numbers, words and style names become plain values.
    private static func simplified(_ expression: ExpressionSyntax) -> ParameterValue {
        switch expression {
        case .number(let value, _): .number(value)
        case .negate(.number(let value, _), _): .number(-value)
        case .name(let name): .word(name.text)
        case .style(let name, _): .style(name)
        default: .expression(expression)
        }
    }
}
