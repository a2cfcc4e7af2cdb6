@_spi(Invariants) import Cassowary

extension LayoutSession {
    /// Every internal rule of the session's solver that does not hold (empty when
    /// its tableau is consistent), for the fuzz targets and tests: a walk over the
    /// whole tableau, too slow for anything else.
    @_spi(Invariants) public var solverInvariantViolations: [String] {
        binding.solver.brokenInvariants
    }
}
