/// A value as written, before variables are known. Each node keeps the index of
/// the token that best locates it, so evaluation errors point at the right place.
enum Expression: Sendable {
    case number(NumberLiteral, token: Int)
    case string(String, token: Int)
    case word(String, token: Int)
    case hexColor(String, token: Int)
    case variable(String, token: Int)
    /// A tuple: `4 3 2 1`, `4, 2`, `(4, 2)`.
    case list([Expression], token: Int)
    indirect case negate(Expression, token: Int)
    indirect case binary(BinaryOperator, Expression, Expression, token: Int)
    case call(String, [Expression], token: Int)

    var token: Int {
        switch self {
        case .number(_, let token), .string(_, let token), .word(_, let token),
            .hexColor(_, let token), .variable(_, let token), .list(_, let token),
            .negate(_, let token), .binary(_, _, _, let token), .call(_, _, let token):
            token
        }
    }
}

extension Expression {
    /// Whether the value refers to a `$variable`.
    var mentionsVariable: Bool { contains(where: { if case .variable = $0 { true } else { false } }) }

    /// The bare words of the value, in order.
    var bareWords: [String] {
        var words: [String] = []
        _ = contains(where: { node in
            if case .word(let word, _) = node { words.append(word) }
            return false
        })
        return words
    }

    /// Whether any node satisfies `test` (depth is bounded by the parser's limit).
    func contains(where test: (Expression) -> Bool) -> Bool {
        if test(self) { return true }
        switch self {
        case .number, .string, .hexColor, .variable, .word: return false
        case .list(let items, _), .call(_, let items, _): return items.contains { $0.contains(where: test) }
        case .negate(let operand, _): return operand.contains(where: test)
        case .binary(_, let left, let right, _): return left.contains(where: test) || right.contains(where: test)
        }
    }
}

enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

/// Recursive descent over a token range, with a depth limit so no input can
/// exhaust the stack. Grammar, loosest first:
///
///     list    := sum ((',' | juxtaposition) sum)*
///     sum     := product (('+' | '-') product)*      `10 -5` is two items, `10 - 5` one
///     product := unary (('*' | '/') unary)*
///     unary   := '-' unary | '+' unary | primary
///     primary := number | string | word | $var | #hex | '(' list ')' | word '(' list? ')'
struct ExpressionParser {
    static let maxDepth = 32
    /// Operator chains nest as deep as they are long; a cap on terms keeps every
    /// walk over the tree (evaluation, teardown) shallow.
    static let maxTerms = 256

    private let reader: TokenReader
    private var position: Int
    private let end: Int
    private var depth = 0
    private var terms = 0
    private var log: DiagnosticLog

    private init(reader: TokenReader, range: Range<Int>, log: DiagnosticLog) {
        self.reader = reader
        self.position = range.lowerBound
        self.end = range.upperBound
        self.log = log
    }

    /// Parses the whole range as one value; nil (with an error reported) when it is
    /// not a value.
    static func parse(_ range: Range<Int>, reader: TokenReader, log: DiagnosticLog) -> Expression? {
        var parser = ExpressionParser(reader: reader, range: range, log: log)
        let result = parser.parseList(closer: nil)
        return result
    }

    private mutating func fail(_ message: String, at index: Int, hint: String? = nil) -> Expression? {
        if index < end {
            log.report(.error, .casSyntax, message, at: reader[index], hint: hint)
        } else {
            // Past the range: point just after its last token.
            let last = reader[max(position, end) - 1]
            log.report(.error, .casSyntax, message, offset: Int(last.end), hint: hint)
        }
        return nil
    }

    private mutating func parseList(closer: TokenKind?) -> Expression? {
        let first = position
        // Most values are one item: hold it aside and make a list only for a second.
        var single: Expression?
        var items: [Expression] = []
        var sawComma = false
        var afterComma = false
        while position < end {
            let token = reader[position]
            if let closer, token.kind == closer { break }
            if token.kind == .comma {
                if single == nil || afterComma { return fail("expected a value before ','", at: position) }
                sawComma = true
                afterComma = true
                position += 1
                continue
            }
            guard let item = parseSum() else { return nil }
            if single == nil {
                single = item
            } else {
                if items.isEmpty {
                    items.reserveCapacity(4)
                    items.append(single!)
                }
                items.append(item)
            }
            afterComma = false
        }
        if afterComma { return fail("expected a value after ','", at: position) }
        guard let single else { return fail("expected a value", at: position) }
        if items.isEmpty { return sawComma ? .list([single], token: first) : single }
        return .list(items, token: first)
    }

    private mutating func parseSum() -> Expression? {
        guard var left = parseProduct() else { return nil }
        while position < end {
            let token = reader[position]
            let op: BinaryOperator
            switch token.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            // A sign after a space and touching its operand starts a new item: `10 -5`.
            if token.spaceBefore, position + 1 < end, !reader[position + 1].spaceBefore { return left }
            let operatorToken = position
            position += 1
            guard let right = parseProduct() else { return nil }
            left = .binary(op, left, right, token: operatorToken)
        }
        return left
    }

    private mutating func parseProduct() -> Expression? {
        guard var left = parseUnary() else { return nil }
        while position < end {
            let op: BinaryOperator
            switch reader[position].kind {
            case .star: op = .multiply
            case .slash: op = .divide
            default: return left
            }
            let operatorToken = position
            position += 1
            guard let right = parseUnary() else { return nil }
            left = .binary(op, left, right, token: operatorToken)
        }
        return left
    }

    private mutating func parseUnary() -> Expression? {
        guard position < end else { return fail("expected a value", at: position) }
        let kind = reader[position].kind
        guard kind == .minus || kind == .plus else { return parsePrimary() }
        let signToken = position
        guard enter(at: signToken) else { return nil }
        defer { depth -= 1 }
        position += 1
        guard let operand = parseUnary() else { return nil }
        return kind == .minus ? .negate(operand, token: signToken) : operand
    }

    private mutating func enter(at index: Int) -> Bool {
        depth += 1
        if depth > Self.maxDepth {
            _ = fail("value is nested more than \(Self.maxDepth) levels deep", at: index)
            return false
        }
        return true
    }

    private mutating func parsePrimary() -> Expression? {
        let index = position
        let token = reader[index]
        terms += 1
        if terms > Self.maxTerms {
            return fail("value is too long: more than \(Self.maxTerms) terms", at: index)
        }
        switch token.kind {
        case .number:
            position += 1
            return .number(reader.number(index), token: index)
        case .string:
            position += 1
            return .string(reader.string(index), token: index)
        case .hash:
            position += 1
            return .hexColor(reader.name(index), token: index)
        case .variable:
            position += 1
            return .variable(reader.name(index), token: index)
        case .word:
            position += 1
            guard position < end, reader[position].kind == .leftParen, !reader[position].spaceBefore else {
                return .word(reader.name(index), token: index)
            }
            guard enter(at: index) else { return nil }
            defer { depth -= 1 }
            position += 1
            var arguments: [Expression] = []
            if position < end, reader[position].kind != .rightParen {
                guard let inner = parseList(closer: .rightParen) else { return nil }
                if case .list(let items, _) = inner { arguments = items } else { arguments = [inner] }
            }
            guard closeParen(openedAt: index + 1) else { return nil }
            return .call(reader.name(index).lowercased(), arguments, token: index)
        case .leftParen:
            guard enter(at: index) else { return nil }
            defer { depth -= 1 }
            position += 1
            guard let inner = parseList(closer: .rightParen), closeParen(openedAt: index) else { return nil }
            return inner
        default:
            return fail("expected a value, found \(reader.quoted(index))", at: index)
        }
    }

    private mutating func closeParen(openedAt open: Int) -> Bool {
        if position < end, reader[position].kind == .rightParen {
            position += 1
            return true
        }
        log.report(.error, .casSyntax, "'(' is never closed", at: reader[open], hint: "add ')' to end the group")
        return false
    }
}
