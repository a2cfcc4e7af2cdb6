// Removing a constraint by releasing it. Cassowary's removal makes the
// constraint's marker basic and drops that row; when the marker sits in a
// long row (the sum of a chain, a container's total width) that pivot rewrites
// every long row, O(N) per removal. Instead, the marker (and a preference's
// second error) is *released*: it becomes an unrestricted symbol, so the
// equation `expression + marker = 0` no longer binds anything, and nothing
// is rewritten. The solution stays feasible; optimisation is lazy as usual.
//
// Released symbols are dropped when that is cheap:
// - a basic one's row only pins the symbol itself: the row is substituted into
//   the (few) definitions that mention the symbol and deleted;
// - one that no row mentions any more is freed;
// - a constraint added later that mentions one (the same constraint added back,
//   as live reload and churn do) takes it as its basic symbol when that keeps
//   every row feasible, which usually cancels the rest away.
// The ones left over are eliminated the classic way before values are read
// (see `settleForReading`), when there are many of them, and when the last
// constraint goes.

extension Tableau {
    /// Released symbols kept before the oldest are eliminated: a few, plus a
    /// share of the constraints so the cost is amortised over many removals.
    func releasedBudget(constraints: Int) -> Int { tuning.releasedBase + constraints / 2 }

    /// Released symbols eliminated per removal once over budget: more than a
    /// removal releases, so the count comes back down, never in a burst.
    static let collectedPerRemoval = 4

    /// Makes a removed constraint's marker or error unrestricted.
    mutating func release(_ s: Int32) {
        journal.noteSymbol(s, symbols[Int(s)])
        symbols[Int(s)].kind = .released
        symbols[Int(s)].owner = -1
        flags[Int(s)].remove(.infeasible)
        released.append(s)
        noteTidy(s)
        noteCandidate(s)
    }

    @inline(__always) mutating func noteTidy(_ s: Int32) {
        if !flags[Int(s)].contains(.tidy) {
            flags[Int(s)].insert(.tidy)
            releasedToTidy.append(s)
        }
    }

    /// Called when the last row mentioning `s` lets go of it.
    @inline(__always) mutating func noteColumnEmptied(_ s: Int32) {
        if symbols[Int(s)].kind == .released { noteTidy(s) }
    }

    /// Drops the released symbols whose rows or columns changed, where cheap.
    mutating func tidyReleased() {
        while let z = releasedToTidy.popLast() {
            guard Int(z) < symbols.count else { continue }
            flags[Int(z)].remove(.tidy)
            guard kind(z) == .released else { continue }
            let rid = symbols[Int(z)].row
            if rid >= 0 {
                let spread = rows[Int(rid)].entries.count * definitionColumn[Int(z)].count
                guard spread <= tuning.tidyLimit else { continue }
                dropRow(of: z)
            }
            freeIfUnreferenced(z)
        }
    }

    /// Forgets the tidy work list (after a rollback restored a tidy state).
    mutating func clearTidyList() {
        for z in releasedToTidy where Int(z) < flags.count { flags[Int(z)].remove(.tidy) }
        releasedToTidy.removeAll(keepingCapacity: true)
    }

    /// Deletes the row of a free basic symbol that no live constraint needs
    /// (released, or an external no constraint mentions), after substituting
    /// it into the definitions that mention the symbol. Core rows and the
    /// objective never mention a basic symbol, so nothing else refers to it.
    mutating func dropRow(of z: Int32) {
        let rid = symbols[Int(z)].row
        let source = rows[Int(rid)]
        for cell in definitionColumn[Int(z)] {
            let alpha = rows[Int(cell.row)].entries[Int(cell.position)].coefficient
            addScaled(toRow: cell.row, source, alpha, skip: z, skipPosition: cell.position)
        }
        deleteRow(rid)
    }

    private mutating func freeIfUnreferenced(_ z: Int32) {
        guard symbols[Int(z)].row < 0, coreColumn[Int(z)].isEmpty, definitionColumn[Int(z)].isEmpty else { return }
        // Its reduced cost can only be rounding noise now; freeSymbol clears it.
        freeSymbol(z)
    }

    /// A released symbol that can become the basic symbol of `reduced`: it
    /// then takes the value that satisfies the new equation, which must keep
    /// every restricted row feasible. Fewest rows first, then by `precedes`.
    func releasedSubject(of reduced: Row) -> Int32? {
        var best: Int32 = -1
        for e in reduced.entries where kind(e.symbol) == .released {
            guard canAbsorb(e.symbol, value: -reduced.constant / e.coefficient) else { continue }
            if best < 0 || coreColumn[Int(e.symbol)].count < coreColumn[Int(best)].count
                || (coreColumn[Int(e.symbol)].count == coreColumn[Int(best)].count && Self.precedes(e.symbol, best)) {
                best = e.symbol
            }
        }
        return best >= 0 ? best : nil
    }

    /// Whether nonbasic `s` can move from 0 to `value` with every row staying feasible.
    private func canAbsorb(_ s: Int32, value: Double) -> Bool {
        if Tolerance.isZero(value) { return true }
        for cell in coreColumn[Int(s)] {
            let row = rows[Int(cell.row)]
            let shifted = row.constant + row.entries[Int(cell.position)].coefficient * value
            switch kind(row.basic) {
            case .slack, .error: if Tolerance.isNegative(shifted) { return false }
            case .dummy: if !Tolerance.isZero(shifted) { return false }
            default: break
            }
        }
        return true
    }

    /// Released symbols (an upper bound: some may have been dropped since).
    var releasedPending: Int { released.count - releasedHead }

    /// Eliminates released symbols the classic way (make basic, drop the
    /// row), oldest first, until at most `budget` are pending or `limit` were
    /// eliminated; ids dropped since they were released are skipped for free.
    mutating func collectReleased(budget: Int, limit: Int = .max) {
        var eliminated = 0
        while releasedPending > budget && eliminated < limit {
            let z = released[releasedHead]
            releasedHead += 1
            guard Int(z) < symbols.count, kind(z) == .released else { continue }
            eliminate(z)
            eliminated += 1
        }
        if releasedHead > 64 && releasedHead * 2 > released.count {
            released.removeFirst(releasedHead)
            releasedHead = 0
        }
        guard eliminated > 0 else { return }
        tidyReleased()
        needsOptimization = true
    }

    /// Cassowary's removal for a released symbol: pivot it into the row that
    /// keeps every row feasible, then drop that row. A symbol that only
    /// definitions mention gets one of them turned into a core row first.
    private mutating func eliminate(_ z: Int32) {
        guard kind(z) == .released else { return }
        while symbols[Int(z)].row < 0 && coreColumn[Int(z)].isEmpty, let cell = definitionColumn[Int(z)].first {
            undefine(rows[Int(cell.row)].basic)
        }
        if symbols[Int(z)].row < 0, let leaving = markerLeavingRow(z) {
            pivot(entering: z, row: leaving)
        }
        if symbols[Int(z)].row >= 0 { dropRow(of: z) }
        freeIfUnreferenced(z)
    }

    /// Lets go of an external no constraint mentions any more: its row (if
    /// any) is dropped when cheap, and the symbol is freed once nothing refers
    /// to it. Returns whether it was freed.
    mutating func releaseExternal(_ x: Int32) -> Bool {
        let rid = symbols[Int(x)].row
        if rid >= 0 && rows[Int(rid)].entries.count * definitionColumn[Int(x)].count <= tuning.tidyLimit {
            dropRow(of: x)
        }
        guard isUnreferenced(x) else { return false }
        freeSymbol(x)
        return true
    }
}
