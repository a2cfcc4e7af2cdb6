/// A view's frame in whole terminal cells, absolute (the screen's top-left
/// corner is 0, 0). Width and height may be zero or negative: the engine keeps
/// what the constraints say and flags it, and painters draw nothing there.
public struct ViewFrame: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = ViewFrame(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// `x=2 y=1 width=20 height=5`.
    public var description: String { "x=\(x) y=\(y) width=\(width) height=\(height)" }
}

/// A view's frame as the solver found it, in real numbers.
public struct ExactFrame: Hashable, Sendable, CustomStringConvertible {
    public var left: Double
    public var top: Double
    public var width: Double
    public var height: Double

    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    public static let zero = ExactFrame(left: 0, top: 0, width: 0, height: 0)

    public var right: Double { left + width }
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

/// A terminal size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `80x24`.
    public var description: String { "\(width)x\(height)" }

    /// Parses `WxH` (also `W×H` and `W,H`); both positive, at most 10,000.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" || $0 == "," })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...10_000).contains(width), (1...10_000).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}
