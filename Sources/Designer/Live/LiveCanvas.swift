import Canvas

/// Which part of the canvas a change repainted.
public enum CanvasDamage: Hashable, Sendable {
    case none
    /// Everything: a new size, or a new tree.
    case full
    /// Only these rectangles (old and new frames of the views that changed).
    case regions([CellRect])
}

/// The canvas as painted, kept up to date by repainting only the damage: the
/// old and new frames of every view whose frame, style or highlight changed.
/// A new size or a different tree (views added, removed, re-parented) paints
/// everything again.
struct LiveCanvas {
    private(set) var nodes: [PaintNode] = []
    private(set) var painting: Painting
    private let painter = Painter()

    init() {
        painting = painter.paint([], width: 0, height: 0)
    }

    var grid: Grid { painting.grid }

    /// Repaints for `next` on a `width` × `height` canvas.
    @discardableResult
    mutating func update(to next: [PaintNode], width: Int, height: Int) -> CanvasDamage {
        defer { nodes = next }
        guard width == painting.grid.width, height == painting.grid.height, Self.sameTree(nodes, next) else {
            painting = painter.paint(next, width: width, height: height)
            return .full
        }
        let regions = Self.damage(from: nodes, to: next, bounds: painting.grid.bounds)
        guard !regions.isEmpty else { return .none }
        // Past half the screen, one paint of everything is cheaper than many pieces.
        if regions.reduce(0, { $0 + $1.width * $1.height }) * 2 > width * height {
            painting = painter.paint(next, width: width, height: height)
            return .full
        }
        for region in regions {
            painting = painter.repaint(next, in: region, over: painting)
        }
        return .regions(regions)
    }

    /// Whether two node lists are the same views in the same tree.
    static func sameTree(_ a: [PaintNode], _ b: [PaintNode]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where a[index].id != b[index].id || a[index].parent != b[index].parent {
            return false
        }
        return true
    }

    /// Past this many rectangles, one repaint of their bounding box is cheaper:
    /// every repaint walks the whole tree once.
    static let maximumRegions = 8

    /// The old and new frames of every node that changed, clipped to `bounds`,
    /// with overlapping rectangles merged; when there are many, their bounding box.
    static func damage(from old: [PaintNode], to new: [PaintNode], bounds: CellRect) -> [CellRect] {
        var rects: [CellRect] = []
        for index in new.indices where old[index] != new[index] {
            for frame in [old[index].frame, new[index].frame] {
                let visible = frame.intersection(bounds)
                if !visible.isEmpty, rects.last != visible { rects.append(visible) }
            }
        }
        guard rects.count <= maximumRegions * 2 else { return [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] }
        let merged = merged(rects)
        guard merged.count <= maximumRegions else { return [merged.dropFirst().reduce(merged[0]) { $0.union($1) }] }
        return merged
    }

    /// Rectangles merged until none overlaps another: an overlapping pair
    /// becomes its bounding box. Order is kept (first occurrence).
    static func merged(_ input: [CellRect]) -> [CellRect] {
        var rects = input
        var changed = true
        while changed {
            changed = false
            outer: for i in rects.indices {
                for j in rects.indices where j > i && !rects[i].intersection(rects[j]).isEmpty {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return rects
    }
}

extension CellRect {
    /// The smallest rectangle holding both.
    func union(_ other: CellRect) -> CellRect {
        let left = min(x, other.x), top = min(y, other.y)
        return CellRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
