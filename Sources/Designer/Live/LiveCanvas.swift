import Canvas
import Cells

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
///
/// Highlights: a view with a border, or a bare container, is outlined by the
/// painter (its ring redrawn in the highlight colour). A view whose ring would
/// hide what it shows — no border and a text or title, or thinner than three
/// cells — is tinted instead: its cells (and its children's) are drawn in
/// reverse video when selected, underlined when related.
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
        let outlined = next.map { Self.isTinted($0) ? Self.withoutHighlight($0) : $0 }
        guard width == painting.grid.width, height == painting.grid.height, Self.sameTree(nodes, next) else {
            painting = painter.paint(outlined, width: width, height: height)
            tint(next, within: painting.grid.bounds)
            return .full
        }
        let regions = Self.damage(from: nodes, to: next, bounds: painting.grid.bounds)
        guard !regions.isEmpty else { return .none }
        // Past half the screen, one paint of everything is cheaper than many pieces.
        if regions.reduce(0, { $0 + $1.width * $1.height }) * 2 > width * height {
            painting = painter.paint(outlined, width: width, height: height)
            tint(next, within: painting.grid.bounds)
            return .full
        }
        for region in regions {
            painting = painter.repaint(outlined, in: region, over: painting)
            tint(next, within: region)
        }
        return .regions(regions)
    }

    /// Whether a highlighted view is tinted rather than outlined.
    static func isTinted(_ node: PaintNode) -> Bool {
        guard node.highlight != .none, node.style.border == .none else { return false }
        return node.style.text != nil || node.style.title != nil || node.frame.width < 3 || node.frame.height < 3
    }

    private static func withoutHighlight(_ node: PaintNode) -> PaintNode {
        var copy = node
        copy.highlight = .none
        return copy
    }

    /// Tints the cells of tinted views (and of their descendants) inside `area`.
    private mutating func tint(_ nodes: [PaintNode], within area: CellRect) {
        for (index, node) in nodes.enumerated() where Self.isTinted(node) {
            let attribute: CellAttributes = node.highlight == .selected ? .reverse : .underline
            let rect = node.frame.clampedToGrid(painting.grid).intersection(area)
            guard !rect.isEmpty else { continue }
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    guard let owner = painting.node(atX: x, y: y), Self.isWithin(owner, index, nodes) else { continue }
                    painting.grid[x, y].attributes.insert(attribute)
                }
            }
        }
    }

    /// Whether node `index` is `ancestor` or lies inside it.
    private static func isWithin(_ index: Int, _ ancestor: Int, _ nodes: [PaintNode]) -> Bool {
        var current: Int? = index
        while let position = current {
            if position == ancestor { return true }
            guard let parent = nodes[position].parent, parent < position else { return false }
            current = parent
        }
        return false
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
    /// The part of the rectangle on `grid` (sizes clamped so sums cannot overflow).
    func clampedToGrid(_ grid: Grid) -> CellRect {
        let x = min(max(self.x, -1 << 40), 1 << 40), y = min(max(self.y, -1 << 40), 1 << 40)
        let width = min(max(self.width, 0), 1 << 40), height = min(max(self.height, 0), 1 << 40)
        return CellRect(x: x, y: y, width: width, height: height).intersection(grid.bounds)
    }

    /// The smallest rectangle holding both.
    func union(_ other: CellRect) -> CellRect {
        let left = min(x, other.x), top = min(y, other.y)
        return CellRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
