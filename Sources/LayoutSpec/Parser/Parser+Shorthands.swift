extension ParserState {
    /// `equal …`, `align …`, `distribute …` or `aspect …`.
    mutating func parseShorthand() -> ShorthandSyntax? {
        let keyword = advance()
        let shorthand: ShorthandSyntax?
        if isWord(keyword, "equal") || isWord(keyword, "align") {
            shorthand = parseEqualOrAlign(keyword)
        } else if isWord(keyword, "distribute") {
            shorthand = parseDistribute(keyword)
        } else {
            shorthand = parseAspect(keyword)
        }
        guard let shorthand, finishStatement() else { return nil }
        return shorthand
    }

    /// `equal width (a b c)` / `align top (a b c)`.
    private mutating func parseEqualOrAlign(_ keyword: Token) -> ShorthandSyntax? {
        let isEqual = isWord(keyword, "equal")
        guard peek.kind == .identifier else {
            return failStatement(
                "expected an attribute after '\(text(keyword))', found \(describe(peek))",
                hint: isEqual ? "for example: equal width (a b c)" : "for example: align top (a b c)")
        }
        let attribute = takeName()
        guard let views = parseViewList() else { return nil }
        guard let tail = parseTail() else { return nil }
        let span = keyword.span.through(previous.span)
        return isEqual
            ? .equal(attribute: attribute, views: views, tail: tail, span: span)
            : .align(attribute: attribute, views: views, tail: tail, span: span)
    }

    /// `distribute horizontal (a b c) spacing 2 [lead N] [tail N]` or `… length 10 …`.
    private mutating func parseDistribute(_ keyword: Token) -> ShorthandSyntax? {
        let axisToken = peek
        let axis: Axis
        switch peek.kind == .identifier ? text(axisToken) : "" {
        case "horizontal", "horizontally", "H": axis = .horizontal
        case "vertical", "vertically", "V": axis = .vertical
        default:
            return failStatement(
                "expected 'horizontal' or 'vertical' after 'distribute', found \(describe(axisToken))",
                hint: "for example: distribute horizontal (a b c) spacing 1")
        }
        advance()
        guard let views = parseViewList() else { return nil }
        var mode: DistributeSyntax.Mode?
        var lead: ExpressionSyntax?
        var trail: ExpressionSyntax?
        while peek.kind == .identifier, !isWord(peek, "as") {
            let word = advance()
            let option = text(word)
            guard ["spacing", "length", "lead", "tail"].contains(option) else {
                return failStatement(
                    "unknown distribute option '\(option)'", at: word.span,
                    hint: "options are spacing, length, lead and tail")
            }
            let isRepeat: Bool
            switch option {
            case "spacing", "length": isRepeat = mode != nil
            case "lead": isRepeat = lead != nil
            default: isRepeat = trail != nil
            }
            if isRepeat {
                return failStatement(
                    option == "spacing" || option == "length"
                        ? "give either 'spacing' or 'length', once" : "'\(option)' appears twice",
                    at: word.span)
            }
            guard let value = parseFactor() else { return failStatement(nil) }
            switch option {
            case "spacing": mode = .spacing(value)
            case "length": mode = .length(value)
            case "lead": lead = value
            default: trail = value
            }
        }
        guard let mode else {
            return failStatement(
                "'distribute' needs 'spacing N' (fixed gaps) or 'length N' (fixed lengths)",
                at: keyword.span.through(previous.span))
        }
        guard let tail = parseTail() else { return nil }
        return .distribute(
            DistributeSyntax(
                axis: axis, views: views, mode: mode, lead: lead, trail: trail, tail: tail,
                span: keyword.span.through(previous.span)))
    }

    /// `aspect W:H [cells]`, or `aspect R` for R:1.
    private mutating func parseAspect(_ keyword: Token) -> ShorthandSyntax? {
        guard let width = parseFactor() else {
            return failStatement(nil, hint: "for example: aspect 16:9")
        }
        var height = ExpressionSyntax.number(1, width.span)
        if peek.kind == .colon {
            advance()
            guard let value = parseFactor() else { return failStatement(nil) }
            height = value
        }
        var inCells = false
        if isWord(peek, "cells") {
            advance()
            inCells = true
        }
        guard let tail = parseTail() else { return nil }
        return .aspect(
            width: width, height: height, inCells: inCells, tail: tail, span: keyword.span.through(previous.span))
    }

    /// `(a b c)` or `(a, b, c)`: view ids, `parent` allowed.
    private mutating func parseViewList() -> [NameSyntax]? {
        guard peek.kind == .leftParen else {
            return failStatement("expected a view list such as (a b c), found \(describe(peek))")
        }
        advance()
        var views: [NameSyntax] = []
        while true {
            while peek.kind == .comma { advance() }
            if peek.kind == .rightParen {
                advance()
                return views
            }
            guard peek.kind == .identifier else {
                return failStatement("expected a view id or ')', found \(describe(peek))")
            }
            views.append(takeName())
        }
    }
}
