// Expression errors are reported here but not recovered from: the caller
// knows whether to skip a statement, a parameter list or a VFL item.
extension ParserState {
    /// `term (('+'|'-') term)*`. Returns nil after reporting an error.
    mutating func parseExpression(depth: Int = 0) -> ExpressionSyntax? {
        guard let first = parseTerm(depth: depth) else { return nil }
        guard peek.kind == .plus || peek.kind == .minus else { return first }
        var parts = [ExpressionSyntax.SumPart(isSubtracted: false, operand: first)]
        while peek.kind == .plus || peek.kind == .minus {
            let isSubtracted = advance().kind == .minus
            guard let operand = parseTerm(depth: depth) else { return nil }
            parts.append(ExpressionSyntax.SumPart(isSubtracted: isSubtracted, operand: operand))
        }
        return .sum(parts)
    }

    /// `factor (('*'|'/') factor)*`.
    private mutating func parseTerm(depth: Int) -> ExpressionSyntax? {
        guard let first = parseFactor(depth: depth) else { return nil }
        guard peek.kind == .star || peek.kind == .slash else { return first }
        var parts: [ExpressionSyntax.ProductPart] = []
        while peek.kind == .star || peek.kind == .slash {
            let operatorToken = advance()
            guard let operand = parseFactor(depth: depth) else { return nil }
            parts.append(
                ExpressionSyntax.ProductPart(
                    isDivision: operatorToken.kind == .slash, operand: operand, operatorSpan: operatorToken.span))
        }
        return .product(first, parts)
    }

    /// Signs then a primary. Signs are counted, not nested: `- - 1` is `1`.
    mutating func parseFactor(depth: Int = 0) -> ExpressionSyntax? {
        var negative = false
        var signStart: Int?
        while peek.kind == .minus || peek.kind == .plus {
            let sign = advance()
            if signStart == nil { signStart = sign.start }
            if sign.kind == .minus { negative.toggle() }
        }
        guard let primary = parsePrimary(depth: depth) else { return nil }
        guard negative, let signStart else { return primary }
        if case .number(let value, let span) = primary {
            return .number(-value, SourceSpan(start: signStart, end: span.end))
        }
        return .negate(primary, SourceSpan(start: signStart, end: primary.span.end))
    }

    /// Whether the current token can start a factor: used where values are a
    /// space-separated list (`inset 1 2`).
    @inline(__always)  // per token, like the helpers in SpecParser.swift (measured there)
    var startsFactor: Bool {
        switch peek.kind {
        case .number, .style, .leftParen, .minus, .plus: return true
        case .identifier:
            return !isWord(peek, "as") && !isWord(peek, "inset") && !isWord(peek, "offset")
                && !isWord(peek, "cells") && !isWord(peek, "spacing") && !isWord(peek, "length")
                && !isWord(peek, "lead") && !isWord(peek, "tail")
        default: return false
        }
    }

    private mutating func parsePrimary(depth: Int) -> ExpressionSyntax? {
        let token = peek
        switch token.kind {
        case .number:
            advance()
            return .number(number(token), token.span)
        case .style:
            advance()
            return .style(String(decoding: bytes[(token.start + 1)..<token.end], as: UTF8.self), token.span)
        case .identifier:
            advance()
            if peek.kind == .dot, peek(1).kind == .identifier {
                advance()
                return .member(view: name(token), attribute: takeName())
            }
            return .name(name(token))
        case .leftParen:
            guard depth < SpecParser.maximumExpressionDepth else {
                diagnostics.error(.layoutTooDeep,
                    "parentheses nest more than \(SpecParser.maximumExpressionDepth) levels deep", at: token.span)
                return nil
            }
            advance()
            guard let inner = parseExpression(depth: depth + 1) else { return nil }
            guard peek.kind == .rightParen else {
                diagnostics.error(.layoutSyntax,
                    "expected ')' to close the '(' at column \(columnText(token.start)), found \(describe(peek))",
                    at: peek.span)
                return nil
            }
            advance()
            return inner
        default:
            diagnostics.error(.layoutSyntax,
                "expected a number, a view, a let name or a $style value, found \(describe(token))",
                at: token.span)
            return nil
        }
    }

    func columnText(_ offset: Int) -> String { String(source.location(atOffset: offset).column) }
}
