/// A view's frame in whole terminal cells, absolute (the screen's top-left
/// corner is 0, 0). Width and height may be zero or negative: the engine keeps
/// what the constraints say and flags it, and painters draw nothing there.
public struct ViewFrame: Hashable, Sendable, CustomStringConvertible {
    /// Column of the left edge, in cells from the screen's left (0).
    public var x: Int
    /// Row of the top edge, in cells from the screen's top (0).
    public var y: Int
    /// Width in cells; may be zero or negative (then nothing is painted).
    public var width: Int
    /// Height in cells; may be zero or negative (then nothing is painted).
    public var height: Int

    /// A frame at column `x`, row `y`, kept exactly as given (no clamping of the sizes).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty frame at the screen's top-left corner.
    public static let zero = ViewFrame(x: 0, y: 0, width: 0, height: 0)

    /// The column just right of the frame (`x + width`), exclusive.
    public var maxX: Int { x + width }
    /// The row just below the frame (`y + height`), exclusive.
    public var maxY: Int { y + height }

    /// `x=2 y=1 width=20 height=5`.
    public var description: String { "x=\(x) y=\(y) width=\(width) height=\(height)" }
}

/// The same rectangle where it is not a view's frame: a pane, a damaged region,
/// a grid's bounds. Absolute terminal coordinates, x growing right and y down.
public typealias CellRect = ViewFrame

extension ViewFrame {
    /// True when the rectangle covers no cell (a zero or negative side).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the cell at (`px`, `py`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles; empty (zero-sized) when they do not meet.
    public func intersection(_ other: ViewFrame) -> ViewFrame {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return ViewFrame(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
