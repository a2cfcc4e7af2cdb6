// The expression DSL: `solver.add(a.left == b.right + 2)`, `x >= 1`,
// `(2 * w <= parent).priority(.high)`. Arithmetic builds `Expression`s,
// relations build required `Constraint`s.

// MARK: Arithmetic

public prefix func - (v: Variable) -> Expression { Expression(terms: [Term(v, -1)]) }
public prefix func - (e: Expression) -> Expression { e * -1 }

public func + (a: Expression, b: Expression) -> Expression {
    Expression(terms: a.terms + b.terms, constant: a.constant + b.constant)
}
public func + (a: Expression, b: Variable) -> Expression { a + Expression(b) }
public func + (a: Variable, b: Expression) -> Expression { Expression(a) + b }
public func + (a: Variable, b: Variable) -> Expression { Expression(a) + Expression(b) }
public func + (a: Expression, b: Double) -> Expression { Expression(terms: a.terms, constant: a.constant + b) }
public func + (a: Double, b: Expression) -> Expression { b + a }
public func + (a: Variable, b: Double) -> Expression { Expression(a) + b }
public func + (a: Double, b: Variable) -> Expression { Expression(b) + a }

public func - (a: Expression, b: Expression) -> Expression { a + -b }
public func - (a: Expression, b: Variable) -> Expression { a + -b }
public func - (a: Variable, b: Expression) -> Expression { Expression(a) + -b }
public func - (a: Variable, b: Variable) -> Expression { Expression(a) + -b }
public func - (a: Expression, b: Double) -> Expression { a + -b }
public func - (a: Double, b: Expression) -> Expression { -b + a }
public func - (a: Variable, b: Double) -> Expression { Expression(a) + -b }
public func - (a: Double, b: Variable) -> Expression { -b + a }

public func * (a: Expression, k: Double) -> Expression {
    Expression(terms: a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}
public func * (k: Double, a: Expression) -> Expression { a * k }
public func * (v: Variable, k: Double) -> Expression { Expression(terms: [Term(v, k)]) }
public func * (k: Double, v: Variable) -> Expression { v * k }
public func / (a: Expression, k: Double) -> Expression { a * (1 / k) }
public func / (v: Variable, k: Double) -> Expression { v * (1 / k) }

// MARK: Relations

public func == (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Expression, b: Double) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Double, b: Expression) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Variable, b: Double) -> Constraint { Constraint(a - b, .equal) }
public func == (a: Double, b: Variable) -> Constraint { Constraint(a - b, .equal) }

public func <= (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Expression, b: Double) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Double, b: Expression) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Variable, b: Double) -> Constraint { Constraint(a - b, .lessThanOrEqual) }
public func <= (a: Double, b: Variable) -> Constraint { Constraint(a - b, .lessThanOrEqual) }

public func >= (a: Expression, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Expression, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Variable, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Variable, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Expression, b: Double) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Double, b: Expression) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Variable, b: Double) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
public func >= (a: Double, b: Variable) -> Constraint { Constraint(a - b, .greaterThanOrEqual) }
