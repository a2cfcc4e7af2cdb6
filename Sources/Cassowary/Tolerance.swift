/// The one tolerance every sign and zero test in the solver uses.
///
/// Coefficients whose magnitude falls below `epsilon` are dropped from rows,
/// row constants within `epsilon` of zero count as zero, and a variable or
/// constraint is reported as changed, broken or free only beyond it.
enum Tolerance {
    static let epsilon = 1.0e-8

    @inline(__always) static func isZero(_ x: Double) -> Bool { abs(x) <= epsilon }
    @inline(__always) static func isNegative(_ x: Double) -> Bool { x < -epsilon }
    @inline(__always) static func isPositive(_ x: Double) -> Bool { x > epsilon }
}
