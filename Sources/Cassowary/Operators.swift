// The expression DSL: `solver.add(a.left == b.right + 2)`, `x >= 1`,
// `(2 * w <= parent).priority(.high)`. Arithmetic builds `Expression`s,
// relations build required `Constraint`s.

// MARK: Arithmetic

/// The expression `-v`: the variable with coefficient -1.
public prefix func - (v: Variable) -> Expression { Expression(terms: [Term(v, -1)]) }
/// The expression `-e`: every coefficient and the constant negated.
public prefix func - (e: Expression) -> Expression { e * -1 }

/// The expression `a + b`.
public func + (a: Expression, b: Expression) -> Expression {
    Expression(terms: a.terms + b.terms, constant: a.constant + b.constant)
}
/// The expression `a + b`.
public func + (a: Expression, b: Variable) -> Expression { a + Expression(b) }
/// The expression `a + b`.
public func + (a: Variable, b: Expression) -> Expression { Expression(a) + b }
/// The expression `a + b`.
public func + (a: Variable, b: Variable) -> Expression { Expression(a) + Expression(b) }
/// The expression `a + b`.
public func + (a: Expression, b: Double) -> Expression { Expression(terms: a.terms, constant: a.constant + b) }
/// The expression `a + b`.
public func + (a: Double, b: Expression) -> Expression { b + a }
/// The expression `a + b`.
public func + (a: Variable, b: Double) -> Expression { Expression(a) + b }
/// The expression `a + b`.
public func + (a: Double, b: Variable) -> Expression { Expression(b) + a }

/// The expression `a - b`.
public func - (a: Expression, b: Expression) -> Expression { a + -b }
/// The expression `a - b`.
public func - (a: Expression, b: Variable) -> Expression { a + -b }
/// The expression `a - b`.
public func - (a: Variable, b: Expression) -> Expression { Expression(a) + -b }
/// The expression `a - b`.
public func - (a: Variable, b: Variable) -> Expression { Expression(a) + -b }
/// The expression `a - b`.
public func - (a: Expression, b: Double) -> Expression { a + -b }
/// The expression `a - b`.
public func - (a: Double, b: Expression) -> Expression { -b + a }
/// The expression `a - b`.
public func - (a: Variable, b: Double) -> Expression { Expression(a) + -b }
/// The expression `a - b`.
public func - (a: Double, b: Variable) -> Expression { -b + a }

/// The expression `a * k`, every coefficient and the constant scaled by `k`.
public func * (a: Expression, k: Double) -> Expression {
    Expression(terms: a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}
/// The expression `k * a`, every coefficient and the constant scaled by `k`.
public func * (k: Double, a: Expression) -> Expression { a * k }
/// The single term `v * k` as an expression.
public func * (v: Variable, k: Double) -> Expression { Expression(terms: [Term(v, k)]) }
/// The single term `v * k` as an expression.
public func * (k: Double, v: Variable) -> Expression { v * k }
/// The expression `a / k`, as multiplication by `1 / k`.
public func / (a: Expression, k: Double) -> Expression { a * (1 / k) }
/// The expression `v / k`, as multiplication by `1 / k`.
public func / (v: Variable, k: Double) -> Expression { v * (1 / k) }

// MARK: Relations

/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Expression, b: Double) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Double, b: Expression) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Variable, b: Double) -> Constraint { Constraint(a - b, .equal) }
/// The required constraint `a == b`, stored as `a - b == 0`.
public func == (a: Double, b: Variable) -> Constraint { Constraint(a - b, .equal) }

/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Expression, b: Double) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Double, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Variable, b: Double) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
/// The required constraint `a <= b`, stored as `a - b <= 0`.
public func <= (a: Double, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }

/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Expression, b: Double) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Double, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Variable, b: Double) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
/// The required constraint `a >= b`, stored as `a - b >= 0`.
public func >= (a: Double, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
