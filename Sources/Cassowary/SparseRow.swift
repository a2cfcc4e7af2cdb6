/// One coefficient of a row.
struct Entry: Sendable {
    var symbol: Int32
    /// Index of this entry's cell in the symbol's column (-1 when not indexed).
    var cell: Int32
    var coefficient: Double

    init(symbol: Int32, coefficient: Double) {
        self.symbol = symbol
        self.cell = -1
        self.coefficient = coefficient
    }
}

/// Where a symbol sits in a row: the column index stores one per occurrence,
/// so finding, updating or removing a coefficient never scans the row.
struct Cell: Sendable {
    var row: Int32
    var position: Int32

    /// Gives a column that has shrunk to a quarter of its storage a fitting
    /// one. Columns never shrink otherwise: a symbol that thousands of rows
    /// mentioned for a while (a pivot through a shared unit) kept storage for
    /// all of them, and a layout's tableau has a column per symbol.
    /// Positions are indexes, so moving the cells changes nothing else.
    /// Callers on hot paths test first and refit only when needed: an
    /// `inout` access to a column inside the tableau's array of columns
    /// costs a uniqueness check, and almost no removal needs a refit. (Rows
    /// are not trimmed: it saved 0.5 MB on the 10,000-view render and cost
    /// 4 % of the `grow` load in checks.)
    @inline(__always) static func needsTrim(_ column: [Cell]) -> Bool {
        column.capacity >= 32 && column.count * 4 <= column.capacity
    }

    @inline(__always) static func trim(_ column: inout [Cell]) {
        if needsTrim(column) { refit(&column) }
    }

    @inline(never) static func refit(_ column: inout [Cell]) {
        var fitted: [Cell] = []
        fitted.reserveCapacity(column.count * 2)
        fitted.append(contentsOf: column)
        column = fitted
    }
}

/// `basic = constant + Σ coefficient × symbol` over distinct symbols, in no
/// particular (but deterministic) order.
///
/// A *core* row belongs to the simplex tableau and mentions only nonbasic
/// symbols. A *definition* row is one original constraint solved for an
/// external variable; it may mention any symbol (see `Tableau+Definitions`).
struct Row: Sendable {
    var basic: Int32
    var isDefinition: Bool
    var constant: Double
    var entries: [Entry]

    static let free = Row(basic: -1, isDefinition: false, constant: 0, entries: [])

    var isAllocated: Bool { basic >= 0 }

    /// Linear scan; 0 when absent. Rows in the tableau use the column index instead.
    func coefficient(of symbol: Int32) -> Double {
        for e in entries where e.symbol == symbol { return e.coefficient }
        return 0
    }

    func contains(_ symbol: Int32) -> Bool { coefficient(of: symbol) != 0 }

    /// The row's equation solved for `symbol` (which must be in it). With
    /// `keepingBasic` the old basic symbol becomes a parameter in its place.
    func solved(for symbol: Int32, keepingBasic: Bool) -> Row {
        let a = coefficient(of: symbol)
        let scale = -1 / a
        var result: [Entry] = []
        // Exactly: `Tableau.insertRow` keeps this buffer as the row's storage.
        result.reserveCapacity(keepingBasic ? entries.count : max(0, entries.count - 1))
        for e in entries {
            if e.symbol == symbol {
                if keepingBasic { result.append(Entry(symbol: basic, coefficient: 1 / a)) }
            } else {
                result.append(Entry(symbol: e.symbol, coefficient: e.coefficient * scale))
            }
        }
        return Row(basic: symbol, isDefinition: false, constant: constant * scale, entries: result)
    }
}
