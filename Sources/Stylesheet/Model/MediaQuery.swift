import Diagnostics

/// A terminal-size query of an `@media` (or `@device`) block: any alternative may
/// hold, and within one alternative every condition must.
public struct MediaQuery: Sendable, CustomStringConvertible {
    /// The terminal dimension a condition tests, in cells.
    public enum Feature: String, Hashable, Sendable { case width, height }

    /// How a condition compares the terminal's dimension with its value.
    public enum Relation: String, Hashable, Sendable {
        case atLeast = ">=", atMost = "<=", greater = ">", less = "<", equal = "=="
    }

    /// One comparison, such as `(width >= 100)`.
    public struct Condition: Hashable, Sendable, CustomStringConvertible {
        /// Width or height.
        public var feature: Feature
        /// The comparison: `>=`, `<=`, `>`, `<` or `==`.
        public var relation: Relation
        /// The value compared with, in cells (evaluated from the written expression).
        public var value: Double

        /// Whether the condition holds on a terminal of `width` × `height` cells.
        public func holds(width: Int, height: Int) -> Bool {
            let size = Double(feature == .width ? width : height)
            switch relation {
            case .atLeast: return size >= value
            case .atMost: return size <= value
            case .greater: return size > value
            case .less: return size < value
            case .equal: return size == value
            }
        }

        /// `(feature relation value)`, as the inspector shows it.
        public var description: String {
            "(\(feature.rawValue) \(relation.rawValue) \(StyleValue.format(value)))"
        }
    }

    /// OR of ANDs. Empty: the query had an error and never holds.
    public var alternatives: [[Condition]]
    /// The query as written, for the inspector.
    public var text: String
    /// Where the `@media` keyword is.
    public var location: SourceLocation

    /// Whether any alternative holds on a terminal of `width` × `height` cells.
    public func matches(width: Int, height: Int) -> Bool {
        alternatives.contains { $0.allSatisfy { $0.holds(width: width, height: height) } }
    }

    /// `@media` followed by the query as written.
    public var description: String { "@media " + text }
}

/// A query as written: its values are expressions, evaluated when variables are known.
struct MediaQuerySyntax: Sendable {
    struct Term: Sendable {
        var feature: MediaQuery.Feature
        var relation: MediaQuery.Relation
        var value: Expression
    }

    /// nil alternatives: a parse error was reported and the block never applies.
    var alternatives: [[Term]]?
    var keyword: Int
    var text: String
}

/// Parses `(min-width: 100) and (max-height: 30), (screen-width: >= 120)`.
struct MediaQueryParser {
    static let features = [
        "min-width", "max-width", "min-height", "max-height", "width", "height", "screen-width", "screen-height",
    ]

    private let reader: TokenReader
    private var log: DiagnosticLog
    private var position: Int
    private let end: Int

    static func parse(keyword: Int, range: Range<Int>, reader: TokenReader, log: DiagnosticLog)
        -> MediaQuerySyntax
    {
        var parser = MediaQueryParser(reader: reader, log: log, position: range.lowerBound, end: range.upperBound)
        let alternatives = parser.parseAlternatives(keyword: keyword)
        return MediaQuerySyntax(alternatives: alternatives, keyword: keyword, text: reader.text(of: range))
    }

    private mutating func error(
        _ message: String, at index: Int, hint: String? = nil, suggestion: String? = nil
    ) -> [[MediaQuerySyntax.Term]]? {
        log.report(.error, .casMediaQuery, message, at: reader[min(index, end - 1)], hint: hint, suggestion: suggestion)
        return nil
    }

    private mutating func parseAlternatives(keyword: Int) -> [[MediaQuerySyntax.Term]]? {
        guard position < end else {
            log.report(
                .error, .casMediaQuery, "\(reader.quoted(keyword)) needs a query", at: reader[keyword],
                hint: "e.g. @media (min-width: 100)")
            return nil
        }
        var alternatives: [[MediaQuerySyntax.Term]] = [[]]
        var expectTerm = true
        while position < end {
            let token = reader[position]
            if !expectTerm {
                if token.kind == .comma {
                    alternatives.append([])
                } else if reader.isWord(position, "and") {
                } else {
                    return error(
                        "expected 'and' or ',' between media conditions, found \(reader.quoted(position))",
                        at: position)
                }
                position += 1
                expectTerm = true
                continue
            }
            if token.kind == .word, reader.isWord(position, "screen") || reader.isWord(position, "all") {
                // Every terminal is a screen: `screen and (…)` reads as in CSS.
                position += 1
                expectTerm = false
                continue
            }
            guard token.kind == .leftParen else {
                return error(
                    "unknown media term \(reader.quoted(position))", at: position,
                    hint: "terminal queries look like (min-width: 100), (max-height: 30) or (screen-width: >= 100)")
            }
            guard let term = parseTerm() else { return nil }
            alternatives[alternatives.count - 1].append(term)
            expectTerm = false
        }
        if expectTerm { return error("expected a media condition after \(reader.quoted(end - 1))", at: end - 1) }
        return alternatives
    }

    /// `( feature [:] [relation] value )`.
    private mutating func parseTerm() -> MediaQuerySyntax.Term? {
        let open = position
        var close = position + 1
        while close < end, reader[close].kind != .rightParen { close += 1 }
        guard close < end else {
            _ = error("'(' is never closed", at: open, hint: "end the condition with ')'")
            return nil
        }
        position = close + 1
        var index = open + 1
        guard index < close, reader[index].kind == .word else {
            _ = error("expected a media feature such as min-width", at: index)
            return nil
        }
        let name = reader.name(index)
        guard let (feature, implied) = Self.feature(named: name) else {
            let near = Suggestion.closest(to: name, among: Self.features)
            _ = error(
                "unknown media feature '\(name)'", at: index,
                hint: near.map(Suggestion.hint(offering:)) ?? "features: " + Self.features.joined(separator: ", "),
                suggestion: near)
            return nil
        }
        index += 1
        if index < close, reader[index].kind == .colon { index += 1 }
        var relation = implied
        if let (written, length) = parseRelation(at: index, before: close) {
            if implied != nil {
                _ = error("'\(name)' already means \(implied!.rawValue); drop the '\(written.rawValue)'", at: index)
                return nil
            }
            relation = written
            index += length
        }
        guard index < close else {
            _ = error("expected a number after '\(name)'", at: close)
            return nil
        }
        guard let value = ExpressionParser.parse(index..<close, reader: reader, log: log) else { return nil }
        return MediaQuerySyntax.Term(feature: feature, relation: relation ?? .equal, value: value)
    }

    private static func feature(named name: String) -> (MediaQuery.Feature, MediaQuery.Relation?)? {
        switch name.lowercased() {
        case "min-width": (.width, .atLeast)
        case "max-width": (.width, .atMost)
        case "min-height": (.height, .atLeast)
        case "max-height": (.height, .atMost)
        case "width", "screen-width": (.width, nil)
        case "height", "screen-height": (.height, nil)
        default: nil
        }
    }

    /// `>=`, `<=`, `>`, `<`, `=`, `==`, written as adjacent single characters.
    private func parseRelation(at index: Int, before close: Int) -> (MediaQuery.Relation, Int)? {
        guard index < close else { return nil }
        let first = reader[index].kind
        let followedByEquals = index + 1 < close && reader[index + 1].kind == .equals && !reader[index + 1].spaceBefore
        switch first {
        case .greater: return followedByEquals ? (.atLeast, 2) : (.greater, 1)
        case .less: return followedByEquals ? (.atMost, 2) : (.less, 1)
        case .equals: return (.equal, followedByEquals ? 2 : 1)
        default: return nil
        }
    }
}
