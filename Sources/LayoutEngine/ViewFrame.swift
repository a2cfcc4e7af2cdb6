import Cells

/// A view's frame as the solver found it, in real numbers.
public struct ExactFrame: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in cells.
    public var left: Double
    /// The top edge, in cells.
    public var top: Double
    /// The width, in cells.
    public var width: Double
    /// The height, in cells.
    public var height: Double

    /// A frame from its left and top edges and its size.
    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// The empty frame at the origin.
    public static let zero = ExactFrame(left: 0, top: 0, width: 0, height: 0)

    /// The right edge: `left + width`.
    public var right: Double { left + width }
    /// The bottom edge: `top + height`.
    public var bottom: Double { top + height }

    /// Rounds the four edges, not the sizes: two views that share an edge in the
    /// solution share it in cells too, so neighbours never gap or overlap.
    public var rounded: ViewFrame {
        let x = Self.cell(left), y = Self.cell(top)
        return ViewFrame(x: x, y: y, width: Self.cell(right) - x, height: Self.cell(bottom) - y)
    }

    /// The nearest cell edge, halves rounding up. Values are first snapped to a
    /// millionth of a cell, so solver noise (2.4999999999 for 2.5) cannot split
    /// an edge two views share; out-of-range values are clamped.
    static func cell(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let limit = 1e9
        let clamped = min(max(value, -limit), limit)
        let snapped = (clamped * 1e6).rounded() / 1e6
        return Int((snapped + 0.5).rounded(.down))
    }

    /// `left 2, top 1, width 20.5, height 5`.
    public var description: String {
        "left \(formatCells(left)), top \(formatCells(top)), width \(formatCells(width)), height \(formatCells(height))"
    }
}

/// A number of cells for people: whole numbers without a fraction, others with
/// at most three decimals.
public func formatCells(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return String(value) }
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
