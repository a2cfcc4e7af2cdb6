import Cells
import Diagnostics

/// Raised after an evaluation error has been reported (or silently, when the value
/// depends on a variable whose own definition already failed).
struct EvaluationFailed: Error {}

/// Evaluates expressions against the variables defined so far, reporting errors at
/// the token that caused them.
struct Evaluator {
    let reader: TokenReader
    var log: DiagnosticLog
    /// The variables defined so far; a nil value marks a definition that failed.
    let variables: [String: Value?]
    /// Variables defined without `$` (`accent = …`): only these may be used as bare words.
    var bareNames: Set<String> = []
    /// Undefined `$name` uses reported here: (name, index of the diagnostic in `log`).
    var undefinedUses: [(name: String, diagnostic: Int)] = []

    static let functions = [
        "floor", "ceil", "round", "abs", "min", "max", "rgb", "rgba", "hsl", "hsla", "color",
    ]

    mutating func report(
        _ message: String, at token: Int, hint: String? = nil, suggestion: String? = nil,
        code: DiagnosticCode = .casInvalidValue
    ) -> EvaluationFailed {
        log.report(.error, code, message, at: reader[token], hint: hint, suggestion: suggestion)
        return EvaluationFailed()
    }

    mutating func evaluate(_ expression: Expression) throws -> Value {
        switch expression {
        case .number(let literal, let token):
            return try finite(try number(literal, at: token), at: token, what: "the number")
        case .string(let text, _):
            return .string(text)
        case .word(let word, _):
            // A bare word names a variable defined without `$` (Classy's `$` is
            // optional); otherwise it is a word.
            if bareNames.contains(word), let defined = variables[word], let value = defined { return value }
            return .word(word)
        case .hexColor(let digits, let token):
            guard let color = Self.hexColor(digits) else {
                throw report(
                    "'#\(digits)' is not a colour", at: token,
                    hint: "write #rgb, #rgba, #rrggbb or #rrggbbaa with hex digits")
            }
            return .color(color)
        case .variable(let name, let token):
            guard let defined = variables[name] else {
                let suggestion = Suggestion.closest(to: name, among: variables.keys.sorted())
                throw undefined(name, at: token, suggestion: suggestion)
            }
            // A failed definition was reported where it is; its uses stay quiet.
            guard let value = defined else { throw EvaluationFailed() }
            return value
        case .list(let items, let token):
            return try bounded(.list(try items.map { try evaluate($0) }), at: token)
        case .negate(let operand, let token):
            return try arithmetic(.multiply, .number(-1), try evaluate(operand), at: token)
        case .binary(let op, let left, let right, let token):
            let result = try arithmetic(op, try evaluate(left), try evaluate(right), at: token)
            return try finite(result, at: token, what: "the result of '\(op.rawValue)'")
        case .call(let name, let arguments, let token):
            return try bounded(try call(name, arguments, at: token), at: token)
        }
    }

    /// Holds a tuple to the parser's term limit once its variables are expanded.
    /// Each variable is checked where it is defined, so every item here is within
    /// the limit and measuring costs no more than it: `$v2 = $v1 $v1` doubling
    /// line after line is stopped at the line that crosses it, not after 2^N terms.
    private mutating func bounded(_ value: Value, at token: Int) throws -> Value {
        let limit = ExpressionParser.maxTerms
        guard value.termCount(upTo: limit) > limit else { return value }
        throw report(
            "value is too long: more than \(limit) terms once its variables are expanded", at: token,
            hint: "a tuple of variables that are tuples themselves multiplies their lengths")
    }

    /// Rejects infinities and NaN (a 400-digit literal, `$big * $big`): every later
    /// conversion to a colour channel, a count or a cell may then assume finite numbers.
    private mutating func finite(_ value: Value, at token: Int, what: String) throws -> Value {
        let isFinite: Bool
        switch value {
        case .number(let x, _): isFinite = x.isFinite  // the common case, without an array
        case .list: isFinite = value.flattened.allSatisfy { if case .number(let x, _) = $0 { x.isFinite } else { true } }
        default: isFinite = true
        }
        guard isFinite else {
            throw report(
                "\(what) is too large to be a number", at: token,
                hint: "numbers must stay within ±1.8e308; cells, channels and counts are far smaller")
        }
        return value
    }

    private mutating func undefined(_ name: String, at token: Int, suggestion: String?) -> EvaluationFailed {
        log.report(
            .error, .casUndefinedVariable, "undefined variable '$\(name)'", at: reader[token],
            hint: suggestion.map { Suggestion.hint(offering: "$" + $0) }, suggestion: suggestion.map { "$" + $0 })
        undefinedUses.append((name, log.items.count - 1))
        return EvaluationFailed()
    }

    private mutating func number(_ literal: NumberLiteral, at token: Int) throws -> Value {
        guard let unit = literal.unit else { return .number(literal.value) }
        let plain = StyleValue.format(literal.value)
        switch unit.lowercased() {
        case "%":
            return .number(literal.value, percent: true)
        case "px", "pt":
            throw report(
                "'\(unit)' has no meaning in a terminal: lengths are counted in cells", at: token,
                hint: "write \(plain) instead of \(plain)\(unit)", code: .casUnit)
        default:
            throw report(
                "unknown unit '\(unit)'", at: token,
                hint: "numbers are cells; write \(plain) (only '%' is meaningful, inside rgb() and hsl())", code: .casUnit)
        }
    }

    // MARK: Arithmetic

    private mutating func arithmetic(_ op: BinaryOperator, _ a: Value, _ b: Value, at token: Int) throws -> Value {
        switch (a, b) {
        case (.number(let x, let xp), .number(let y, let yp)):
            let percent = xp || yp
            switch op {
            case .add: return .number(x + y, percent: percent)
            case .subtract: return .number(x - y, percent: percent)
            case .multiply: return .number(x * y, percent: percent)
            case .divide:
                guard y != 0 else { throw report("division by zero", at: token, code: .casArithmetic) }
                return .number(x / y, percent: percent)
            }
        case (.list(let items), .number):
            return .list(try items.map { try arithmetic(op, $0, b, at: token) })
        case (.number, .list(let items)):
            return .list(try items.map { try arithmetic(op, a, $0, at: token) })
        case (.list(let left), .list(let right)):
            guard left.count == right.count else {
                throw report(
                    "'\(op.rawValue)' needs tuples of the same length, found \(left.count) and \(right.count) values",
                    at: token, code: .casArithmetic)
            }
            return .list(try zip(left, right).map { try arithmetic(op, $0, $1, at: token) })
        case (.string(let x), .string(let y)) where op == .add:
            return .string(x + y)
        default:
            throw report(
                "'\(op.rawValue)' cannot combine \(a.kindName) and \(b.kindName)", at: token,
                hint: "arithmetic works on numbers and tuples of numbers; '+' also joins strings", code: .casArithmetic)
        }
    }

    // MARK: Functions

    private mutating func call(_ name: String, _ arguments: [Expression], at token: Int) throws -> Value {
        var values: [Value] = []
        for argument in arguments { values += try evaluate(argument).flattened }
        switch name {
        case "floor", "ceil", "round", "abs":
            guard !values.isEmpty else { throw report("\(name)() needs a number", at: token) }
            let results = try values.map { value -> Value in
                guard case .number(let x, let percent) = value else {
                    throw report("\(name)() needs numbers, found \(value.kindName)", at: token)
                }
                let result: Double
                switch name {
                case "floor": result = x.rounded(.down)
                case "ceil": result = x.rounded(.up)
                case "round": result = x.rounded(.toNearestOrAwayFromZero)
                default: result = abs(x)
                }
                return .number(result, percent: percent)
            }
            return results.count == 1 ? results[0] : .list(results)
        case "min", "max":
            let numbers = try values.map { try plainNumber($0, in: name, at: token) }
            guard let first = numbers.first else { throw report("\(name)() needs at least one number", at: token) }
            let result = numbers.dropFirst().reduce(first) { name == "min" ? Swift.min($0, $1) : Swift.max($0, $1) }
            return .number(result)
        case "rgb", "rgba":
            return .color(try rgb(name, values, at: token))
        case "hsl", "hsla":
            return .color(try hsl(name, values, at: token))
        case "color":
            guard values.count == 1, case .number(let index, false) = values[0], index == index.rounded(),
                index >= 0, index <= 255
            else {
                throw report("color() takes one palette index from 0 to 255", at: token, hint: "e.g. color(208)")
            }
            return .color(.indexed(UInt8(index)))
        default:
            let near = Suggestion.closest(to: name, among: Self.functions)
            throw report(
                "unknown function '\(name)'", at: token,
                hint: near.map(Suggestion.hint(offering:)) ?? "functions: " + Self.functions.joined(separator: ", "),
                suggestion: near, code: .casUnknownFunction)
        }
    }

    private mutating func plainNumber(_ value: Value, in function: String, at token: Int) throws -> Double {
        guard case .number(let x, _) = value else {
            throw report("\(function)() needs numbers, found \(value.kindName)", at: token)
        }
        return x
    }

    /// The three leading numbers of `rgb()`/`hsl()` (with their `%` flags) and the
    /// alpha (255 when not given), after checking the count and the types.
    private mutating func colourArguments(_ name: String, _ values: [Value], example: String, at token: Int) throws
        -> (numbers: [(value: Double, percent: Bool)], alpha: UInt8)
    {
        guard values.count == 3 || values.count == 4 else {
            throw report("\(name)() takes 3 or 4 values, found \(values.count)", at: token, hint: "e.g. " + example)
        }
        var numbers: [(value: Double, percent: Bool)] = []
        for value in values.prefix(3) {
            guard case .number(let x, let percent) = value else {
                throw report("\(name)() takes numbers, found \(value.kindName)", at: token)
            }
            numbers.append((x, percent))
        }
        let alpha = values.count == 4 ? try alphaChannel(values[3], in: name, at: token) : 255
        return (numbers, alpha)
    }

    /// `rgb(r, g, b)` and `rgba(r, g, b, a)`: channels 0–255 or percentages, alpha
    /// 0–1 or a percentage. `rgb` with four values reads the fourth as alpha, as Classy did.
    private mutating func rgb(_ name: String, _ values: [Value], at token: Int) throws -> Color {
        let (numbers, alpha) = try colourArguments(
            name, values, example: "rgb(255, 128, 0) or rgba(255, 128, 0, 0.5)", at: token)
        let channels = try numbers.map { number -> UInt8 in
            let scaled = number.percent ? number.value * 255 / 100 : number.value
            guard scaled >= 0, scaled <= 255 else {
                let written = Value.number(number.value, percent: number.percent)
                throw report("\(name)() channel \(written) is outside 0–255 (or 0%–100%)", at: token)
            }
            return UInt8(scaled.rounded())
        }
        return .rgb(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    private mutating func alphaChannel(_ value: Value, in name: String, at token: Int) throws -> UInt8 {
        guard case .number(let x, let percent) = value else {
            throw report("\(name)() alpha is a number, found \(value.kindName)", at: token)
        }
        let fraction = percent ? x / 100 : x
        guard fraction >= 0, fraction <= 1 else {
            throw report("\(name)() alpha \(value) is outside 0–1 (or 0%–100%)", at: token)
        }
        return UInt8((fraction * 255).rounded())
    }

    /// True HSL (CSS): hue in degrees, saturation and lightness in 0–100 with or
    /// without `%`. Classy computed HSB under this name.
    private mutating func hsl(_ name: String, _ values: [Value], at token: Int) throws -> Color {
        let (components, alpha) = try colourArguments(
            name, values, example: "hsl(210, 60%, 40%) or hsla(210, 60%, 40%, 0.5)", at: token)
        let numbers = components.map(\.value)
        let saturation = numbers[1], lightness = numbers[2]
        guard numbers[0].isFinite else { throw report("\(name)() hue must be a finite number of degrees", at: token) }
        guard (0...100).contains(saturation), (0...100).contains(lightness) else {
            throw report("\(name)() saturation and lightness must be 0–100%", at: token)
        }
        let (r, g, b) = Self.rgbFromHSL(hue: numbers[0], saturation: saturation / 100, lightness: lightness / 100)
        return .rgb(
            red: UInt8((r * 255).rounded()), green: UInt8((g * 255).rounded()),
            blue: UInt8((b * 255).rounded()), alpha: alpha)
    }

    /// The standard HSL to RGB conversion; all components in 0…1, hue in degrees.
    static func rgbFromHSL(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        // A non-finite hue has no angle; red keeps the result a colour instead of NaN.
        var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 360) : 0
        if h < 0 { h += 360 }
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = h / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        return (r + m, g + m, b + m)
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    static func hexColor(_ digits: String) -> Color? {
        var nibbles: (UInt32, Int) = (0, 0)  // packed nibbles, count
        for byte in digits.utf8 {
            let nibble: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(byte) - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(byte) - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(byte) - 55
            default: return nil
            }
            guard nibbles.1 < 8 else { return nil }
            nibbles = (nibbles.0 << 4 | nibble, nibbles.1 + 1)
        }
        let (value, count) = nibbles
        let channel = { (index: Int, width: Int) -> UInt8 in
            let shift = UInt32((count / width - 1 - index) * width * 4)
            let raw = (value >> shift) & (width == 1 ? 0xF : 0xFF)
            return UInt8(width == 1 ? raw * 17 : raw)
        }
        switch count {
        case 3, 4:
            return .rgb(
                red: channel(0, 1), green: channel(1, 1), blue: channel(2, 1), alpha: count == 4 ? channel(3, 1) : 255)
        case 6, 8:
            return .rgb(
                red: channel(0, 2), green: channel(1, 2), blue: channel(2, 2), alpha: count == 8 ? channel(3, 2) : 255)
        default:
            return nil
        }
    }
}
