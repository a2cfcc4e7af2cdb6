import Cells

/// The nodes to paint, in painting order, each with the rectangle it is clipped to.
///
/// Order: a parent before (beneath) its children; siblings by ascending z-index,
/// ties in tree order. A subtree is painted whole before its next sibling, so a
/// child's z-index orders it among its siblings only. Roots are siblings too.
///
/// Clipping: a root is clipped to `bounds`; every child to its parent's clip
/// intersected with the parent's inner box (inside the border ring, padding
/// not included). Invisible views, views of zero or negative size and views
/// entirely clipped away are left out with their whole subtree.
func paintOrder(of nodes: [PaintNode], within bounds: CellRect) -> [(node: Int, clip: CellRect)] {
    paintOrder(count: nodes.count, within: bounds) { nodes[$0] }
}

/// `paintOrder(of:within:)` of the nodes `node(0..<count)` makes, each made
/// at most twice (no array of them is kept).
func paintOrder(count: Int, within bounds: CellRect, node: (Int) -> PaintNode) -> [(node: Int, clip: CellRect)] {
    var children = Array(repeating: [Int](), count: count)
    var zIndex = [Int](repeating: 0, count: count)
    var roots: [Int] = []
    for index in 0..<count {
        let made = node(index)
        zIndex[index] = made.style.zIndex
        if let parent = made.parent, parent >= 0, parent < index {
            children[parent].append(index)
        } else {
            roots.append(index)
        }
    }
    func byZIndex(_ siblings: [Int]) -> [Int] {
        siblings.sorted { (zIndex[$0], $0) < (zIndex[$1], $1) }
    }

    var order: [(node: Int, clip: CellRect)] = []
    // Depth-first with an explicit stack: trees may be deeper than the call stack.
    var pending: [(node: Int, clip: CellRect)] = byZIndex(roots).reversed().map { ($0, bounds) }
    while let (index, clip) = pending.popLast() {
        let made = node(index)
        let frame = made.frame.clampedForPainting
        guard made.style.visible, !frame.isEmpty, !frame.intersection(clip).isEmpty else { continue }
        order.append((index, clip))
        let childClip = clip.intersection(frame.innerBox(for: made.style))
        guard !childClip.isEmpty else { continue }
        for child in byZIndex(children[index]).reversed() {
            pending.append((child, childClip))
        }
    }
    return order
}
