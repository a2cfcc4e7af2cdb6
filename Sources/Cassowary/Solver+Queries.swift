/// An optional constraint the solution does not satisfy.
public struct BrokenConstraint: Sendable, Equatable, CustomStringConvertible {
    /// The optional constraint that does not hold.
    public var constraint: Constraint
    /// How far from holding it is, in the units of its expression: |lhs − rhs|
    /// for `==`, the shortfall for `>=` and `<=`.
    public var violation: Double

    /// `constraint off by violation`.
    public var description: String { "\(constraint) off by \(formatNumber(violation))" }
}

/// A direction in which the solution can move without any constraint getting
/// worse: the variables in it are not uniquely determined.
public struct Ambiguity: Sendable, Equatable, CustomStringConvertible {
    /// Why the variables can move.
    public enum Cause: Sendable, Equatable {
        /// A variable no constraint pins down.
        case unconstrained(Variable)
        /// Several solutions satisfy the preferences equally well; moving along
        /// this direction relaxes `constraint` at no cost.
        case tie(Constraint)
    }

    /// Why the variables can move: nothing pins one down, or preferences tie.
    public var cause: Cause
    /// The variables that move, in a stable order.
    public var variables: [Variable]
    /// The constraints that mention those variables, in the order they were added.
    public var constraints: [Constraint]

    /// `x is not determined: moves x, y` or `tie at constraint: moves …`.
    public var description: String {
        let what = switch cause {
        case .unconstrained(let v): "\(v) is not determined"
        case .tie(let c): "tie at \(c)"
        }
        return "\(what): moves \(variables.map(\.description).joined(separator: ", "))"
    }
}

extension Solver {
    /// Optional constraints that do not hold, with how far off each is, in the
    /// order they were added. Edit variables are not included.
    public mutating func brokenConstraints() -> [BrokenConstraint] {
        var result: [BrokenConstraint] = []
        for slot in recordSlotsInOrder(where: { !$0.isRequired && !$0.isEdit }) {
            let record = records[Int(slot)]!
            let violation = self.violation(of: record)
            if Tolerance.isPositive(violation) { result.append(BrokenConstraint(constraint: record.constraint, violation: violation)) }
        }
        return result
    }

    /// How far a constraint is from holding (0 when it holds).
    public mutating func violation(of constraint: Constraint) -> Double? {
        guard let slot = recordSlot[constraint.id] else { return nil }
        return violation(of: records[Int(slot)]!)
    }

    private mutating func violation(of record: ConstraintRecord) -> Double {
        var sum = -record.constant
        for term in record.constraint.expression.terms { sum += term.coefficient * value(of: term.variable) }
        switch record.constraint.relation {
        case .equal: return abs(sum)
        case .greaterThanOrEqual: return max(0, -sum)
        case .lessThanOrEqual: return max(0, sum)
        }
    }

    /// Every direction in which the solution can move at no cost: variables no
    /// constraint determines, and ties between equally good solutions. Found
    /// from the final tableau (a nonbasic symbol with zero reduced cost that can
    /// move without leaving the feasible region), so degenerate ties hidden
    /// behind a zero-length step are not reported.
    ///
    /// The answer holds every moved variable and involved constraint of every
    /// direction: quadratic in size for one long chain of free widths. A caller
    /// that only summarises each direction should use `forEachAmbiguity(_:)`.
    public mutating func ambiguities() -> [Ambiguity] {
        var result: [Ambiguity] = []
        forEachAmbiguity { result.append($0) }
        return result
    }

    /// Hands every free direction `ambiguities()` would list to `body`, one at a
    /// time and in the same order, without keeping any of them: the memory it
    /// needs is that of the largest direction, not of all of them together.
    public mutating func forEachAmbiguity(_ body: (Ambiguity) -> Void) {
        // A released symbol is a free direction that no constraint explains:
        // settling eliminates them all, so every free direction has a cause.
        if !tableau.isSettled { tableau.settleForReading() }
        tableau.flushPending()
        // Directions already handed over, by fingerprint of their moved symbols:
        // keeping the lists themselves would be quadratic. A fingerprint met
        // again is confirmed by recomputing the earlier direction.
        var seen: [UInt64: [Int32]] = [:]
        // Records already listed for the ambiguity being built (by stamp), so
        // collecting them is linear in the mentions, not quadratic.
        var listed = [Int](repeating: -1, count: records.count)
        let mentions = mentionIndex()
        for s in 0..<Int32(tableau.symbols.count) {
            guard let moved = tableau.freeDirection(s), isFirstDirection(moved, of: s, seen: &seen) else { continue }
            let cause: Ambiguity.Cause
            if tableau.kind(s) == .external {
                cause = .unconstrained(tableau.variable(of: s)!)
            } else {
                let owner = tableau.symbols[Int(s)].owner
                guard owner >= 0, let record = records[Int(owner)] else { continue }
                cause = .tie(record.constraint)
            }
            body(Ambiguity(cause: cause, variables: moved.compactMap { tableau.variable(of: $0) },
                           constraints: constraintsMentioning(moved, in: mentions, stamp: Int(s), listed: &listed)))
        }
    }

    /// Every variable that some free direction moves: the `variables` of all of
    /// `ambiguities()` together, each once, in a stable order.
    ///
    /// One pass over the tableau, however many directions there are and however
    /// far each reaches: for one long chain of free widths the directions move
    /// quadratically many variables in all, and listing them took seconds at a
    /// few thousand views. The directions move together, each with a weight of
    /// its own (two fixed sets of pseudo-random weights, so runs are the same),
    /// and a variable moves when its combined rate is not zero: directions that
    /// move it could cancel only if both sets of weights cancelled at once.
    public mutating func undeterminedVariables() -> [Variable] {
        if !tableau.isSettled { tableau.settleForReading() }
        tableau.flushPending()
        var free: [Int32] = []
        for s in 0..<Int32(tableau.symbols.count) where tableau.isFreeDirection(s) {
            // A tie must come from a constraint still held (as `forEachAmbiguity` lists them).
            if tableau.kind(s) != .external {
                let owner = tableau.symbols[Int(s)].owner
                guard owner >= 0, records[Int(owner)] != nil else { continue }
            }
            free.append(s)
        }
        return tableau.externalsMoved(byAnyOf: free).compactMap { tableau.variable(of: $0) }
    }

    /// Whether no earlier symbol in `seen` moves exactly `moved`; records it if so.
    private mutating func isFirstDirection(_ moved: [Int32], of s: Int32, seen: inout [UInt64: [Int32]]) -> Bool {
        let key = Self.fingerprint(moved)
        if let earlier = seen[key] {
            // Only looked up, never iterated, so no hash order reaches the result.
            for t in earlier where tableau.externalsMoved(by: t) == moved { return false }
        }
        seen[key, default: []].append(s)
        return true
    }

    /// FNV-1a over the symbols: deterministic, unlike `Hasher`.
    private static func fingerprint(_ symbols: [Int32]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for x in symbols {
            hash = (hash ^ UInt64(UInt32(bitPattern: x))) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The record slots of the constraints that mention each external symbol,
    /// as compressed rows: those of symbol `s` are `slots[start[s]..<start[s + 1]]`,
    /// by slot. Made for a query from the records' terms (the solver keeps only
    /// a count per symbol); the order does not matter, as the constraints a
    /// query lists are sorted by when they were added.
    struct MentionIndex {
        var start: [Int32]
        var slots: [Int32]
    }

    func mentionIndex() -> MentionIndex {
        // Two walks over the records, each looking every term's symbol up (a
        // hash lookup, the bulk of the cost): the first counts, the second
        // places. The list of (symbol, slot) pairs kept between them, and a
        // second copy of the starts, were 1.9 MB at the peak of the
        // 10,000-view JSON render, which this query sets.
        let count = tableau.symbols.count
        var start = [Int32](repeating: 0, count: count + 1)
        forEachMention { symbol, _ in start[Int(symbol)] += 1 }
        for s in stride(from: 1, through: count, by: 1) { start[s] += start[s - 1] }
        // `start[s]` is now where the range of `s` ends; placing each slot just
        // below it moves it down to where the range begins.
        var slots = [Int32](repeating: 0, count: Int(start[count]))
        forEachMention { symbol, slot in
            start[Int(symbol)] -= 1
            slots[Int(start[Int(symbol)])] = slot
        }
        return MentionIndex(start: start, slots: slots)
    }

    /// Every (symbol, record slot) pair of the records' terms, in slot order.
    private func forEachMention(_ body: (Int32, Int32) -> Void) {
        for slot in records.indices {
            // Only the terms are read: a copy of the whole record costs a retain per field.
            guard let terms = records[slot]?.constraint.expression.terms else { continue }
            for term in terms {
                if let s = variableSymbol[term.variable.id] { body(s, Int32(slot)) }
            }
        }
    }

    /// The constraints (edits left out) that mention a moved symbol, in the
    /// order they were added, each once.
    private func constraintsMentioning(
        _ moved: [Int32], in mentions: MentionIndex, stamp: Int, listed: inout [Int]
    ) -> [Constraint] {
        var involved: [(sequence: Int, slot: Int32)] = []
        for x in moved {
            for slot in mentions.slots[Int(mentions.start[Int(x)])..<Int(mentions.start[Int(x) + 1])]
            where listed[Int(slot)] != stamp {
                listed[Int(slot)] = stamp
                guard let record = records[Int(slot)], !record.isEdit else { continue }
                involved.append((record.sequence, slot))
            }
        }
        involved.sort { $0.sequence < $1.sequence }
        return involved.map { records[Int($0.slot)]!.constraint }
    }
}

extension Tableau {
    /// The external symbols nonbasic `s` moves at no cost, sorted; nil when `s`
    /// is not a free direction (basic, nonzero reduced cost, blocked both ways,
    /// or moving no variable).
    mutating func freeDirection(_ s: Int32) -> [Int32]? {
        guard isFreeDirection(s) else { return nil }
        let moved = externalsMoved(by: s)
        return moved.isEmpty ? nil : moved
    }

    /// Whether nonbasic `s` (an external, slack or error symbol) has zero reduced
    /// cost and can move a little without a core row leaving its bounds.
    func isFreeDirection(_ s: Int32) -> Bool {
        let k = kind(s)
        guard k == .external || k == .slack || k == .error, !isBasic(s) else { return false }
        guard reducedCostSign(s) == 0 else { return false }
        return canMove(s, direction: 1) || (k == .external && canMove(s, direction: -1))
    }

    /// Whether nonbasic `s` can move a little in `direction` without a core row
    /// leaving its bounds.
    func canMove(_ s: Int32, direction: Double) -> Bool {
        for cell in coreColumn[Int(s)] {
            let row = rows[Int(cell.row)]
            let k = kind(row.basic)
            let a = row.entries[Int(cell.position)].coefficient * direction
            if k == .dummy && !Tolerance.isZero(a) { return false }
            if (k == .slack || k == .error) && Tolerance.isNegative(a) && Tolerance.isZero(row.constant) { return false }
        }
        return true
    }

    /// External symbols whose value changes when nonbasic `s` moves, sorted.
    mutating func externalsMoved(by s: Int32) -> [Int32] {
        // Rate of change of every affected symbol, propagated through definitions
        // in rank order: rates live in the accumulator scratch array, and the
        // position stamps mark definitions already queued (both O(1), no hashing).
        let rated = nextAccumulatorStamp(), queuedMark = nextPositionGeneration()
        func setRate(_ x: Int32, _ r: Double) {
            accumulator[Int(x)] = r
            accumulatorStamp[Int(x)] = rated
        }
        func rate(_ x: Int32) -> Double { accumulatorStamp[Int(x)] == rated ? accumulator[Int(x)] : 0 }
        setRate(s, 1)
        var touched: [Int32] = [s]
        for cell in coreColumn[Int(s)] {
            let b = rows[Int(cell.row)].basic
            setRate(b, rows[Int(cell.row)].entries[Int(cell.position)].coefficient)
            touched.append(b)
        }
        var definitions: [(rank: Int64, symbol: Int32)] = []
        func queueDefinitions(using t: Int32) {
            for cell in definitionColumn[Int(t)] {
                let x = rows[Int(cell.row)].basic
                if positionStamp[Int(x)] != queuedMark {
                    positionStamp[Int(x)] = queuedMark
                    Heap.push(&definitions, (-symbols[Int(x)].rank, x), before: Tableau.higherRank)
                }
            }
        }
        for t in touched { queueDefinitions(using: t) }
        // Lowest rank first: a definition's inputs are settled before it.
        while let (_, x) = Heap.pop(&definitions, before: Tableau.higherRank) {
            var r = 0.0
            for e in rows[Int(symbols[Int(x)].row)].entries { r += e.coefficient * rate(e.symbol) }
            setRate(x, r)
            touched.append(x)
            queueDefinitions(using: x)
        }
        var moved: [Int32] = []
        for t in touched where kind(t) == .external && !Tolerance.isZero(rate(t)) { moved.append(t) }
        moved.sort()
        return moved
    }

    /// External symbols that move when any of the nonbasic symbols `free` moves
    /// (the union of `externalsMoved(by:)` over them), sorted, found in one pass:
    /// every symbol of `free` moves at once, at its own pair of weights, and the
    /// pairs of rates go through the core rows and then the definitions in rank
    /// order, as `externalsMoved(by:)` propagates one rate.
    mutating func externalsMoved(byAnyOf free: [Int32]) -> [Int32] {
        var rates = [SIMD2<Double>](repeating: .zero, count: symbols.count)
        var isTouched = [Bool](repeating: false, count: symbols.count)
        var touched: [Int32] = []
        func add(_ x: Int32, _ rate: SIMD2<Double>) {
            if !isTouched[Int(x)] {
                isTouched[Int(x)] = true
                touched.append(x)
            }
            rates[Int(x)] += rate
        }
        for s in free {
            let weight = Self.directionWeights(s)
            add(s, weight)
            for cell in coreColumn[Int(s)] {
                let row = rows[Int(cell.row)]
                add(row.basic, weight * row.entries[Int(cell.position)].coefficient)
            }
        }
        var isQueued = [Bool](repeating: false, count: symbols.count)
        var definitions: [(rank: Int64, symbol: Int32)] = []
        func queueDefinitions(using t: Int32) {
            for cell in definitionColumn[Int(t)] {
                let x = rows[Int(cell.row)].basic
                if !isQueued[Int(x)] {
                    isQueued[Int(x)] = true
                    Heap.push(&definitions, (-symbols[Int(x)].rank, x), before: Tableau.higherRank)
                }
            }
        }
        for t in touched { queueDefinitions(using: t) }
        // Lowest rank first: a definition's inputs are settled before it.
        while let (_, x) = Heap.pop(&definitions, before: Tableau.higherRank) {
            var rate = SIMD2<Double>.zero
            for e in rows[Int(symbols[Int(x)].row)].entries { rate += e.coefficient * rates[Int(e.symbol)] }
            add(x, rate)
            queueDefinitions(using: x)
        }
        var moved: [Int32] = []
        for t in touched where kind(t) == .external {
            let rate = rates[Int(t)]
            if !Tolerance.isZero(rate.x) || !Tolerance.isZero(rate.y) { moved.append(t) }
        }
        moved.sort()
        return moved
    }

    /// Two weights in [1, 2) for a free direction, fixed by its symbol id
    /// (SplitMix64 of the id): the same on every run.
    static func directionWeights(_ s: Int32) -> SIMD2<Double> {
        func mix(_ seed: UInt64) -> Double {
            var z = seed &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return 1 + Double(z >> 11) / Double(1 << 53)
        }
        let id = UInt64(UInt32(bitPattern: s))
        return SIMD2(mix(id &* 2), mix(id &* 2 &+ 1))
    }
}
