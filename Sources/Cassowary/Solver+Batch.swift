// Settling the solver between batches of constraints. A caller that adds a
// large system in parts (say the upper levels of a view tree before the
// leaves) can have the preferences optimised after each part, so that the
// shared symbols of one part are settled before thousands of rows are built
// on top of them. The solution is the same as without the calls.

extension Solver {
    /// Optimises now what the last changes left to optimise (the same work the
    /// next value read would do), so that constraints added afterwards are
    /// built on the settled tableau. Changes no value a read would return.
    public mutating func settle() {
        if !tableau.isSettled { tableau.settleForReading() }
    }
}

extension Constraint {
    /// The constraint's identity as a number, unique among the constraints of
    /// a process: a small key for callers' tables (a dictionary keyed by the
    /// constraint itself stores its whole expression with every key).
    public var identity: Int { id }
}
