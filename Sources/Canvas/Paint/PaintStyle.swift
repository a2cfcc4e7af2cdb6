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
}
