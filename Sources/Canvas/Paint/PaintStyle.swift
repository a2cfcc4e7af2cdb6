import Cells


extension ComputedStyle {
    /// The text attributes of the box's own text and title.
    var cellAttributes: CellAttributes {
        var attributes: CellAttributes = []
        if bold { attributes.insert(.bold) }
        if dim { attributes.insert(.dim) }
        if italic { attributes.insert(.italic) }
        if underline { attributes.insert(.underline) }
        if reverse { attributes.insert(.reverse) }
        if strikethrough { attributes.insert(.strikethrough) }
        return attributes
    }

    /// The colour the border is drawn in: its own, else the foreground.
    var effectiveBorderColor: Color? { borderColor ?? foregroundColor }

    /// Cells taken by the border ring on each side: 1 for every style but `none`.
    var ringWidth: Int { border.takesRing ? 1 : 0 }
}

extension Insets {
    /// Whole cells: rounded to the nearest cell; negative, NaN and infinite as 0.
    var cells: (top: Int, left: Int, bottom: Int, right: Int) {
        (cellCount(top), cellCount(left), cellCount(bottom), cellCount(right))
    }
}

private func cellCount(_ value: Double) -> Int {
    guard value.isFinite, value > 0 else { return 0 }
    return Int(min(value, 1_000_000_000).rounded())
}

/// Frames beyond this magnitude are clamped so edge arithmetic cannot overflow.
private let coordinateLimit = 1 << 40

extension CellRect {
    /// The rectangle with coordinates and sizes clamped to a range where sums
    /// cannot overflow; negative sizes become empty.
    var clampedForPainting: CellRect {
        CellRect(
            x: min(max(x, -coordinateLimit), coordinateLimit),
            y: min(max(y, -coordinateLimit), coordinateLimit),
            width: min(max(width, 0), coordinateLimit),
            height: min(max(height, 0), coordinateLimit)
        )
    }

    /// The rectangle shrunk by the given cells on each side (possibly to empty).
    func inset(top: Int, left: Int, bottom: Int, right: Int) -> CellRect {
        CellRect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    func inset(by cells: Int) -> CellRect {
        inset(top: cells, left: cells, bottom: cells, right: cells)
    }
}
