/// Everything `Solver` can refuse. A thrown call leaves the solver exactly as it was.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// A required constraint cannot hold together with the required constraints
    /// already in the solver. `conflict` is a minimal set of required
    /// constraints that cannot all hold (it includes the rejected one, listed
    /// last; the others are in the order they were added): dropping any one
    /// member makes the rest satisfiable.
    case unsatisfiable(Constraint, conflict: [Constraint])
    /// A coefficient or constant is NaN or infinite.
    case nonFinite(Constraint)
    /// The variable already is an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables are preferences: their priority must be below `.required`.
    case requiredEditVariable(Variable)
    /// A suggested value is NaN or infinite.
    case nonFiniteValue(Variable, Double)

    /// What went wrong, naming the constraint or variable (and for a conflict, every member).
    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .unsatisfiable(let c, let conflict):
            "unsatisfiable constraint: \(c); conflicts with: " + conflict.map(\.description).joined(separator: "; ")
        case .nonFinite(let c): "constraint has a non-finite number: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .requiredEditVariable(let v): "edit variable \(v) cannot be required"
        case .nonFiniteValue(let v, let x): "non-finite value \(x) suggested for \(v)"
        }
    }
}
