// The content box — a view's frame inside its border ring and padding — worked
// out in one place for every stage that needs it: the engine (a text's intrinsic
// size, whether its text is clipped), the painter (where text goes, where
// children are clipped) and apps (where a widget draws).

/// Whole cells on each side of a box.
public struct CellInsets: Hashable, Sendable {
    /// Cells on the top side.
    public var top: Int
    /// Cells on the left side.
    public var left: Int
    /// Cells on the bottom side.
    public var bottom: Int
    /// Cells on the right side.
    public var right: Int

    /// Insets of these cells on each side; a side left out is 0.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same cells on all four sides.
    public init(all cells: Int) {
        self.init(top: cells, left: cells, bottom: cells, right: cells)
    }

    /// Left plus right.
    public var horizontal: Int { left + right }
    /// Top plus bottom.
    public var vertical: Int { top + bottom }

    /// Side by side sums.
    public static func + (a: CellInsets, b: CellInsets) -> CellInsets {
        CellInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

extension Insets {
    /// The most cells one side of `padding` takes; more is read as this much (a
    /// padding that large leaves no content box on any screen, and sums of it
    /// never overflow).
    public static let cellLimit = 1_000_000

    /// Whole cells, as everything draws and measures them: each side rounded to
    /// the nearest cell; negative, NaN and infinite as 0; at most `cellLimit`.
    public var cells: CellInsets {
        CellInsets(top: Self.cells(top), left: Self.cells(left), bottom: Self.cells(bottom), right: Self.cells(right))
    }

    private static func cells(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return Int(min(value, Double(cellLimit)).rounded())
    }
}

extension BorderStyle {
    /// Whether the style takes the frame's outer ring of cells: every style but `none`.
    public var takesRing: Bool { self != .none }
}

extension ComputedStyle {
    /// Cells taken by the border ring on each side: 1 for every style but `none`.
    public var ringWidth: Int { border.takesRing ? 1 : 0 }

    /// The cells the border ring and the padding take on each side of the content.
    public var chrome: CellInsets { CellInsets(all: ringWidth) + padding.cells }
}

extension ViewFrame {
    /// The frame shrunk by `insets` on each side; a size that would be negative is 0.
    public func inset(by insets: CellInsets) -> ViewFrame {
        ViewFrame(
            x: x + insets.left, y: y + insets.top,
            width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }

    /// The box inside the border ring (where children are clipped).
    public func innerBox(for style: ComputedStyle) -> ViewFrame {
        inset(by: CellInsets(all: style.ringWidth))
    }

    /// The box inside the border ring and the padding: where a view's text and a
    /// widget's content go.
    public func contentBox(for style: ComputedStyle) -> ViewFrame {
        inset(by: style.chrome)
    }
}
