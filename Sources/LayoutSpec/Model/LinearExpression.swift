/// The right side of a lowered constraint: variable terms, symbolic style
/// values and a number. Terms keep the order they were written in (for
/// display); `shape` is the canonical form identities use.
public struct LinearExpression: Hashable, Sendable {
    /// No two terms share a variable; no coefficient is zero.
    public var terms: [LinearTerm]
    /// No two share a (view, name); no coefficient is zero.
    public var styles: [StyleTerm]
    /// The number part, in cells.
    public var constant: Double

    /// Sums the given terms and style terms into canonical form (repeats merged, zeros dropped).
    public init(terms: [LinearTerm] = [], styles: [StyleTerm] = [], constant: Double = 0) {
        self.terms = []
        self.styles = []
        self.constant = constant
        for term in terms { add(term.variable, term.coefficient) }
        for style in styles { add(style) }
    }

    /// Already canonical: no repeated variables or style names, no zero coefficients.
    private init(canonicalTerms terms: [LinearTerm], styles: [StyleTerm], constant: Double) {
        self.terms = terms
        self.styles = styles
        self.constant = constant
    }

    /// Just a number.
    public static func constant(_ value: Double) -> LinearExpression {
        LinearExpression(canonicalTerms: [], styles: [], constant: value)
    }

    /// `coefficient * variable`; empty when the coefficient is zero.
    public static func variable(_ variable: Variable, _ coefficient: Double = 1) -> LinearExpression {
        LinearExpression(canonicalTerms: coefficient == 0 ? [] : [LinearTerm(variable, coefficient)], styles: [], constant: 0)
    }

    /// One style term; empty when its coefficient is zero.
    public static func style(_ style: StyleTerm) -> LinearExpression {
        LinearExpression(canonicalTerms: [], styles: style.coefficient == 0 ? [] : [style], constant: 0)
    }

    /// No infinity or NaN anywhere (huge literals can overflow).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } && styles.allSatisfy { $0.coefficient.isFinite }
    }

    /// True when only numbers and style values remain: nothing the solver varies.
    public var isConstant: Bool { terms.isEmpty }

    /// The variable terms sorted by variable: the right side without its
    /// constant part, independent of how the terms were ordered in the source.
    public var shape: [LinearTerm] {
        terms.count < 2 ? terms : terms.sorted { $0.variable < $1.variable }
    }

    /// Whether both have the same `shape`. Reloads compare every matched pair, and
    /// the terms are almost always in the same order, so that is checked first
    /// and nothing is sorted.
    public func hasSameShape(as other: LinearExpression) -> Bool {
        terms == other.terms || (terms.count == other.terms.count && shape == other.shape)
    }

    /// Whether both have the same number and the same style values, in any order.
    public func hasSameConstantPart(as other: LinearExpression) -> Bool {
        constant == other.constant && (styles == other.styles || Set(styles) == Set(other.styles))
    }

    /// Adds `coefficient * variable`, merging with an existing term and
    /// dropping terms that cancel.
    public mutating func add(_ variable: Variable, _ coefficient: Double) {
        if let index = terms.firstIndex(where: { $0.variable == variable }) {
            let sum = terms[index].coefficient + coefficient
            if sum == 0 { terms.remove(at: index) } else { terms[index].coefficient = sum }
        } else if coefficient != 0 {
            terms.append(LinearTerm(variable, coefficient))
        }
    }

    /// Adds a style term, merging it with one of the same view and name.
    public mutating func add(_ style: StyleTerm) {
        if let index = styles.firstIndex(where: { $0.view == style.view && $0.name == style.name }) {
            let sum = styles[index].coefficient + style.coefficient
            if sum == 0 { styles.remove(at: index) } else { styles[index].coefficient = sum }
        } else if style.coefficient != 0 {
            styles.append(style)
        }
    }

    /// Adds `factor * other`, keeping the form canonical.
    public mutating func add(_ other: LinearExpression, times factor: Double = 1) {
        if terms.isEmpty, styles.isEmpty, factor == 1 {
            let sum = constant + other.constant
            self = other
            constant = sum
            return
        }
        for term in other.terms { add(term.variable, term.coefficient * factor) }
        for style in other.styles {
            add(StyleTerm(view: style.view, name: style.name, coefficient: style.coefficient * factor))
        }
        constant += other.constant * factor
    }

    /// Every coefficient and the constant multiplied by `factor`.
    public func scaled(by factor: Double) -> LinearExpression {
        if factor == 1 { return self }
        if factor == 0 { return .constant(0) }
        var result = self
        for index in result.terms.indices { result.terms[index].coefficient *= factor }
        for index in result.styles.indices { result.styles[index].coefficient *= factor }
        result.constant *= factor
        return result
    }

    /// The sum of two expressions.
    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var result = a
        result.add(b)
        return result
    }

    /// The difference of two expressions.
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var result = a
        result.add(b, times: -1)
        return result
    }

    /// Every view the expression reads from, variables and styles alike.
    public var mentionedViews: [String] {
        terms.map(\.variable.view) + styles.map(\.view)
    }
}
