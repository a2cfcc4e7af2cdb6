/// The column index of the definition rows: for every symbol, the cells of
/// the definitions that mention it.
///
/// Almost every such column holds one cell (a layout's variable is mentioned
/// by the one definition of its neighbour), and a heap array per column cost
/// a 32-byte header and a malloc block for an 8-byte cell: 80,000 arrays,
/// about 4 MB of the 10,000-view render's peak. Here a column of one cell is
/// stored inline, in an 8-byte head per symbol; only a column of two cells
/// or more takes a heap array (`spilled`, slots reused). Cells keep their
/// order and indexes exactly as an array per column would (append at the
/// end, remove by moving the last cell into the hole), so the rows' links
/// and every walk over a column come out the same.
///
/// Pivots never touch definitions, so none of this is on the simplex's hot
/// path; the core rows' columns stay an array per symbol (`coreColumn`).
struct CompactColumns: Sendable {
    /// Per symbol: its only cell (row ≥ 0), `empty`, or a spilled column
    /// (row `spilledMark`, position = its slot in `spilled`).
    private var heads: [Cell] = []
    private var spilled: [[Cell]] = []
    private var freeSpilled: [Int32] = []

    private static let empty = Cell(row: -1, position: -1)
    private static let spilledMark: Int32 = -2

    /// The number of symbols (columns).
    var symbolCount: Int { heads.count }

    /// Room for the columns of `count` symbols.
    mutating func reserveCapacity(_ count: Int) { heads.reserveCapacity(count) }

    /// Adds an empty column for a new symbol.
    mutating func appendSymbol() { heads.append(Self.empty) }

    /// Drops the columns of the last `n` symbols, which must be empty.
    mutating func removeLast(_ n: Int) {
        for s in heads.count - n..<heads.count { assert(heads[s].row == Self.empty.row, "truncated a non-empty column") }
        heads.removeLast(n)
    }

    /// The cells of the column of `s`, in order.
    subscript(s: Int) -> ColumnCells {
        let head = heads[s]
        if head.row >= 0 { return ColumnCells(single: head, spilled: []) }
        if head.row == Self.spilledMark { return ColumnCells(single: nil, spilled: spilled[Int(head.position)]) }
        return ColumnCells(single: nil, spilled: [])
    }

    /// The number of cells in the column of `s`.
    func count(of s: Int) -> Int {
        let head = heads[s]
        if head.row >= 0 { return 1 }
        return head.row == Self.spilledMark ? spilled[Int(head.position)].count : 0
    }

    /// Appends `cell` to the column of `s`; returns its index there.
    mutating func append(_ cell: Cell, to s: Int) -> Int32 {
        let head = heads[s]
        if head.row == Self.spilledMark {
            let i = Int(head.position)
            spilled[i].append(cell)
            return Int32(spilled[i].count - 1)
        }
        if head.row < 0 {
            heads[s] = cell
            return 0
        }
        heads[s] = Cell(row: Self.spilledMark, position: spill([head, cell]))
        return 1
    }

    /// Removes the cell at `index` of the column of `s` by moving the last
    /// cell into its place; returns the moved cell (now at `index`), or nil
    /// when `index` was the last one.
    mutating func swapRemove(at index: Int, of s: Int) -> Cell? {
        let head = heads[s]
        guard head.row == Self.spilledMark else {
            assert(head.row >= 0 && index == 0, "removed a cell the column does not hold")
            heads[s] = Self.empty
            return nil
        }
        let i = Int(head.position)
        let last = spilled[i].removeLast()
        let moved: Cell?
        if index != spilled[i].count {
            spilled[i][index] = last
            moved = last
        } else {
            moved = nil
        }
        if spilled[i].count == 1 {
            // Back to one cell: inline again, and the slot is reused.
            heads[s] = spilled[i][0]
            spilled[i] = []
            freeSpilled.append(Int32(i))
        } else {
            Cell.trim(&spilled[i])
        }
        return moved
    }

    /// Sets the position of the cell at `index` of the column of `s` (its
    /// entry moved within its row).
    mutating func setPosition(_ position: Int32, ofCell index: Int, of s: Int) {
        let head = heads[s]
        if head.row == Self.spilledMark {
            spilled[Int(head.position)][index].position = position
        } else {
            assert(head.row >= 0 && index == 0, "moved a cell the column does not hold")
            heads[s].position = position
        }
    }

    /// Stores a column of two cells or more; returns its slot.
    private mutating func spill(_ cells: [Cell]) -> Int32 {
        if let slot = freeSpilled.popLast() {
            spilled[Int(slot)] = cells
            return slot
        }
        spilled.append(cells)
        return Int32(spilled.count - 1)
    }

    /// Describes every broken internal rule (for `invariantViolations`): a
    /// spilled column holds two cells or more, every slot is used by one
    /// column or free, and free slots hold no storage.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var owner = [Int](repeating: -1, count: spilled.count)
        for s in heads.indices where heads[s].row < 0 && heads[s].row != Self.empty.row {
            guard heads[s].row == Self.spilledMark, heads[s].position >= 0, Int(heads[s].position) < spilled.count else {
                problems.append("definition column \(s) has a bad head \(heads[s])")
                continue
            }
            let slot = Int(heads[s].position)
            if owner[slot] >= 0 { problems.append("spilled column \(slot) shared by \(owner[slot]) and \(s)") }
            owner[slot] = s
            if spilled[slot].count < 2 { problems.append("spilled column \(slot) of \(s) holds \(spilled[slot].count) cells") }
        }
        for slot in freeSpilled {
            if owner[Int(slot)] >= 0 { problems.append("spilled column \(slot) both free and used") }
            owner[Int(slot)] = -2
            if !spilled[Int(slot)].isEmpty { problems.append("free spilled column \(slot) holds cells") }
        }
        for slot in owner.indices where owner[slot] == -1 { problems.append("spilled column \(slot) lost") }
        return problems
    }
}

/// The cells of one column of `CompactColumns`: a copy of its one cell, or of
/// its spilled array (shared storage, so taking it copies no cells).
struct ColumnCells: RandomAccessCollection {
    let single: Cell?
    let spilled: [Cell]

    var startIndex: Int { 0 }
    var endIndex: Int { single == nil ? spilled.count : 1 }
    subscript(i: Int) -> Cell { single ?? spilled[i] }
}
