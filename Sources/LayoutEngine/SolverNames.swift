import Cassowary

// Cassowary and LayoutSpec both name a `Variable` and a `Relation`; inside the
// engine the solver's types go by these names, so every file reads unambiguously.
typealias SolverVariable = Cassowary.Variable
typealias SolverConstraint = Cassowary.Constraint
typealias SolverRelation = Cassowary.Relation
typealias SolverExpression = Cassowary.Expression
typealias SolverTerm = Cassowary.Term
typealias SolverPriority = Cassowary.Priority
