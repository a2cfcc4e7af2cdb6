/// One variable scaled by a constant, as in `2 * width`.
public struct Term: Hashable, Sendable, CustomStringConvertible {
    /// The variable scaled.
    public var variable: Variable
    /// Its factor.
    public var coefficient: Double

    /// `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `width` for a coefficient of 1, else `2*width`.
    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient))*\(variable)"
    }
}

/// A linear expression: a sum of terms plus a constant.
///
/// Built with the operators in `Operators.swift`: `a.left + 2 * gap - 1`.
/// Terms keep the order they were written in; the solver uses that order
/// to decide which variable a constraint defines (the first written one it can).
public struct Expression: Sendable, CustomStringConvertible {
    /// The variable terms, in the order written; may repeat a variable until simplified.
    public var terms: [Term]
    /// The number added to the terms.
    public var constant: Double

    /// The sum of `terms` plus `constant`, as given (not simplified).
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Just one variable, coefficient 1.
    public init(_ variable: Variable) { self.init(terms: [Term(variable)]) }
    /// Just a number.
    public init(_ constant: Double) { self.init(constant: constant) }

    /// The value of the expression given a value for each variable.
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        var sum = constant
        for term in terms { sum += term.coefficient * valueOf(term.variable) }
        return sum
    }

    /// Like terms merged (first occurrence keeps its place) and zero terms dropped.
    public func simplified() -> Expression {
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        if terms.count <= 8 {
            outer: for term in terms {
                for i in merged.indices where merged[i].variable == term.variable {
                    merged[i].coefficient += term.coefficient
                    continue outer
                }
                merged.append(term)
            }
        } else {
            var index: [Variable: Int] = [:]
            for term in terms {
                if let i = index[term.variable] {
                    merged[i].coefficient += term.coefficient
                } else {
                    index[term.variable] = merged.count
                    merged.append(term)
                }
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return Expression(terms: merged, constant: constant)
    }

    /// The terms with their signs, then the constant: `a + 2*b - 1`.
    public var description: String {
        var parts: [String] = []
        for (i, term) in terms.enumerated() {
            if i == 0 {
                parts.append(term.coefficient < 0 ? "-" + Term(term.variable, -term.coefficient).description : term.description)
            } else if term.coefficient < 0 {
                parts.append("- " + Term(term.variable, -term.coefficient).description)
            } else {
                parts.append("+ " + term.description)
            }
        }
        if constant != 0 || parts.isEmpty {
            if parts.isEmpty { parts.append(formatNumber(constant)) }
            else { parts.append(constant < 0 ? "- \(formatNumber(-constant))" : "+ \(formatNumber(constant))") }
        }
        return parts.joined(separator: " ")
    }
}

/// Shortest text for a number: integers without a fraction.
func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(x)
}
