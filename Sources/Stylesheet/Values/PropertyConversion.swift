import Cells
import Diagnostics

/// Reading an evaluated value as a property's type. Type errors are errors; unknown
/// enum words and colour names are warnings with suggestions. Either way the
/// declaration is dropped and the rest of the sheet applies.
extension Evaluator {
    static let booleanWords: [String: Bool] = ["true": true, "yes": true, "false": false, "no": false]
    static let unsetWords: Set<String> = ["none", "auto"]

    mutating func convert(_ value: Value, for spec: PropertySpec, at token: Int) throws
        -> [(property: StyleProperty, value: StyleValue)]
    {
        switch spec.shape {
        case .color(let property):
            return [(property, .color(try color(value, for: spec.name, at: token)))]
        case .text(let property):
            return [(property, .text(try text(value, for: spec.name, at: token)))]
        case .alignment(let property):
            let word = try enumWord(value, for: spec.name, among: HorizontalAlignment.allCases.map(\.rawValue), at: token)
            return [(property, .alignment(HorizontalAlignment(rawValue: word)!))]
        case .borderStyle:
            let word = try enumWord(value, for: spec.name, among: BorderStyle.allCases.map(\.rawValue), at: token)
            return [(.borderStyle, .border(BorderStyle(rawValue: word)!))]
        case .flag(let property):
            return [(property, .flag(try flag(value, for: spec.name, at: token)))]
        case .integer(let property):
            let number = try single(value, for: spec.name, at: token)
            guard case .number(let x, false) = number, x == x.rounded(), abs(x) < 1e9 else {
                throw report("'\(spec.name)' takes a whole number, found \(number.kindName)", at: token)
            }
            return [(property, .number(x))]
        case .count(let property):
            let item = try single(value, for: spec.name, at: token)
            if case .word(let word) = item, Self.unsetWords.contains(word) { return [(property, .number(nil))] }
            guard case .number(let x, false) = item, x == x.rounded(), x >= 1, x <= 10_000 else {
                throw report(
                    "'\(spec.name)' takes a whole number of at least 1, found \(item.kindName)", at: token,
                    hint: "e.g. \(spec.name) 2, or none to let the spec decide")
            }
            return [(property, .number(x))]
        case .length(let property, let negativeAllowed, let optional):
            let item = try single(value, for: spec.name, at: token)
            let length = try self.length(
                item, for: spec.name, negativeAllowed: negativeAllowed, optional: optional, at: token)
            return [(property, .number(length))]
        case .insets(let sides, let negativeAllowed):
            let items = value.flattened
            guard items.count == 1 || items.count == 2 || items.count == 4 else {
                throw report(
                    "'\(spec.name)' takes 1, 2 or 4 values, found \(items.count)", at: token,
                    hint: "write all four (top left bottom right), two (vertical horizontal) or one for every side")
            }
            var result: [(property: StyleProperty, value: StyleValue)] = []
            result.reserveCapacity(4)
            for side in 0..<4 {
                // 1 value: every side; 2: vertical horizontal; 4: top left bottom right.
                let item = items[items.count == 4 ? side : side % items.count]
                let length = try length(item, for: spec.name, negativeAllowed: negativeAllowed, optional: false, at: token)
                result.append((sides[side], .number(length)))
            }
            return result
        case .size:
            let items = value.flattened
            guard items.count == 1 || items.count == 2 else {
                throw report(
                    "'size' takes 1 or 2 values (width height), found \(items.count)", at: token,
                    hint: "one value sets both width and height")
            }
            let lengths = try items.map {
                try length($0, for: spec.name, negativeAllowed: false, optional: true, at: token)
            }
            return [(.sizeWidth, .number(lengths[0])), (.sizeHeight, .number(lengths.last!))]
        case .border:
            return try border(value, at: token)
        case .priority(let property):
            return [(property, .number(try priority(try single(value, for: spec.name, at: token), for: spec.name, at: token)))]
        case .priorityPair(let width, let height):
            let items = value.flattened
            guard items.count == 1 || items.count == 2 else {
                throw report(
                    "'\(spec.name)' takes 1 or 2 priorities (width height), found \(items.count)", at: token,
                    hint: "one value sets both axes")
            }
            let values = try items.map { try priority($0, for: spec.name, at: token) }
            return [(width, .number(values[0])), (height, .number(values.last!))]
        }
    }

    static let priorityWords: [String: Double] = ["required": 1000, "high": 750, "medium": 500, "low": 250, "weak": 1]

    /// A layout priority: a whole number from 1 to 1000 or a priority's name; `none` unsets it.
    private mutating func priority(_ value: Value, for name: String, at token: Int) throws -> Double? {
        switch value {
        case .number(let x, false) where x == x.rounded() && x >= 1 && x <= 1000:
            return x
        case .word(let word) where Self.unsetWords.contains(word):
            return nil
        case .word(let word) where Self.priorityWords[word] != nil:
            return Self.priorityWords[word]
        case .word(let word):
            let nearest = Suggestion.closest(to: word, among: Self.priorityWords.keys.sorted())
            log.report(
                .warning, .casUnknownValue, "'\(word)' is not a priority of '\(name)'",
                at: reader[reader.wordToken(word, inValueAt: token) ?? token],
                hint: (nearest.map { "did you mean '\($0)'? " } ?? "")
                    + "a priority is a whole number from 1 to 1000, or required, high, medium, low, weak")
            throw EvaluationFailed()
        case .number(let x, _):
            throw report(
                "'\(name)' takes a priority, a whole number from 1 to 1000, found \(StyleValue.format(x))", at: token,
                hint: "or one of required, high, medium, low, weak")
        default:
            throw report(
                "'\(name)' takes a priority (a whole number from 1 to 1000, or required, high, medium, low, weak), found \(value.kindName)",
                at: token)
        }
    }

    private mutating func single(_ value: Value, for name: String, at token: Int) throws -> Value {
        if case .list(let items) = value {
            throw report("'\(name)' takes one value, found a tuple of \(items.count) values", at: token)
        }
        return value
    }

    private mutating func length(
        _ value: Value, for name: String, negativeAllowed: Bool, optional: Bool, at token: Int
    ) throws -> Double? {
        switch value {
        case .number(let x, false):
            guard negativeAllowed || x >= 0 else {
                throw report("'\(name)' cannot be negative, found \(StyleValue.format(x))", at: token)
            }
            return x
        case .number(_, true):
            throw report(
                "'%' is not meaningful for '\(name)': lengths are counted in cells", at: token,
                hint: "write a number of cells; relative sizes belong in the layout spec's constraints")
        case .word(let word) where optional && (Self.unsetWords.contains(word) || Self.unsetWords.contains(word.lowercased())):
            return nil
        default:
            throw report(
                "'\(name)' takes a number of cells, found \(value.kindName)", at: token,
                hint: optional ? "or 'none' to leave it unset" : nil)
        }
    }

    private mutating func color(_ value: Value, for name: String, at token: Int) throws -> Color? {
        switch try single(value, for: name, at: token) {
        case .color(let color):
            return color
        case .word(let word):
            if ColorNames.isNoColor(word) { return nil }
            if let color = ColorNames.color(named: word) { return color }
            let near = Suggestion.closest(to: word, among: ColorNames.allNames)
            log.report(
                .warning, .casUnknownColor, "unknown colour '\(word)'", at: reader[reader.wordToken(word, inValueAt: token) ?? token],
                hint: near.map(Suggestion.hint(offering:)) ?? "use a colour name, #rrggbb, rgb(), hsl(), color(N) or none",
                suggestion: near)
            throw EvaluationFailed()
        case let other:
            throw report(
                "'\(name)' takes a colour, found \(other.kindName)", at: token,
                hint: "a colour name, #rrggbb, rgb(), hsl(), color(N) or none")
        }
    }

    private mutating func text(_ value: Value, for name: String, at token: Int) throws -> String? {
        if case .word(let word) = value, word == "none" { return nil }
        var parts: [String] = []
        for item in value.flattened {
            switch item {
            case .string(let text), .word(let text): parts.append(text)
            case .number(let x, let percent): parts.append(StyleValue.format(x) + (percent ? "%" : ""))
            case .color, .list:
                throw report("'\(name)' takes text, found \(item.kindName)", at: token, hint: "quote the text")
            }
        }
        return parts.joined(separator: " ")
    }

    private mutating func flag(_ value: Value, for name: String, at token: Int) throws -> Bool {
        let item = try single(value, for: name, at: token)
        guard case .word(let word) = item else {
            throw report("'\(name)' takes true or false, found \(item.kindName)", at: token)
        }
        guard let flag = Self.booleanWords[word] ?? Self.booleanWords[word.lowercased()] else {
            log.report(
                .warning, .casUnknownValue, "'\(name)' takes true or false, not '\(word)'", at: reader[reader.wordToken(word, inValueAt: token) ?? token],
                hint: "valid values: true, false, YES, NO")
            throw EvaluationFailed()
        }
        return flag
    }

    private mutating func enumWord(_ value: Value, for name: String, among words: [String], at token: Int) throws
        -> String
    {
        let item = try single(value, for: name, at: token)
        guard case .word(let word) = item else {
            throw report(
                "'\(name)' takes one of \(words.joined(separator: ", ")), found \(item.kindName)", at: token)
        }
        if let match = words.first(where: { $0 == word }) { return match }
        let lowered = word.lowercased()
        if let match = words.first(where: { $0 == lowered }) { return match }
        let nearest = Suggestion.closest(to: word, among: words)
        log.report(
            .warning, .casUnknownValue, "'\(word)' is not a value of '\(name)'", at: reader[reader.wordToken(word, inValueAt: token) ?? token],
            hint: (nearest.map { Suggestion.hint(offering: $0) + " " } ?? "") + "valid values: " + words.joined(separator: ", "),
            suggestion: nearest)
        throw EvaluationFailed()
    }

    /// `border rounded`, `border rounded yellow`, `border red double`.
    private mutating func border(_ value: Value, at token: Int) throws -> [(property: StyleProperty, value: StyleValue)] {
        let styles = BorderStyle.allCases.map(\.rawValue)
        var result: [(property: StyleProperty, value: StyleValue)] = []
        for item in value.flattened {
            if case .word(let word) = item, let style = BorderStyle(rawValue: word) ?? BorderStyle(rawValue: word.lowercased()) {
                guard !result.contains(where: { $0.property == .borderStyle }) else {
                    throw report("'border' has two styles", at: token, hint: "write one style and at most one colour")
                }
                result.append((.borderStyle, .border(style)))
                continue
            }
            if case .word(let word) = item, ColorNames.color(named: word) == nil,
                !ColorNames.isNoColor(word)
            {
                // Point at the word itself: `border rounded blu` is about `blu`.
                let at = reader.wordToken(word, inValueAt: token) ?? token
                let near = Suggestion.closest(to: word, among: styles + ColorNames.allNames)
                log.report(
                    .warning, .casUnknownValue, "'\(word)' is neither a border style nor a colour", at: reader[at],
                    hint: near.map(Suggestion.hint(offering:)) ?? "styles: " + styles.joined(separator: ", "),
                    suggestion: near)
                throw EvaluationFailed()
            }
            guard !result.contains(where: { $0.property == .borderColor }) else {
                throw report("'border' has two colours", at: token, hint: "write one style and at most one colour")
            }
            result.append((.borderColor, .color(try color(item, for: "border", at: token))))
        }
        return result
    }
}
