/// A painted frame: the grid and, for every cell, which node painted it last.
public struct Painting: Hashable, Sendable {
    /// The painted cells.
    public var grid: Grid
    /// Row-major like the grid: the index of the topmost node covering each cell
    /// (its frame as clipped, painted or transparent), or -1 where none does.
    public var owners: [Int]

    /// The topmost node at (x, y): what a mouse click there selects.
    public func node(atX x: Int, y: Int) -> Int? {
        guard grid.contains(x: x, y: y) else { return nil }
        let owner = owners[y * grid.width + x]
        return owner >= 0 ? owner : nil
    }
}
