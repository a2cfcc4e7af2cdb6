// Explaining an unsatisfiable required constraint: candidates come from the
// row that proved infeasibility (every constraint whose marker appears in it
// took part in the proof), then a deletion filter keeps only the members
// needed: it drops each candidate in turn and keeps the drop when the rest
// still cannot hold. The filter runs in a scratch solver, incrementally, so
// each test costs one remove and one add.

extension Solver {
    func minimalConflict(for rejected: Constraint, explanation: Row) -> [Constraint] {
        var slots: [Int32] = []
        func consider(_ s: Int32) {
            guard Int(s) < tableau.symbols.count else { return }
            let k = tableau.kind(s)
            guard k == .slack || k == .dummy else { return }
            let owner = tableau.symbols[Int(s)].owner
            guard owner >= 0, Int(owner) < records.count, let record = records[Int(owner)],
                  record.isRequired, record.constraint.id != rejected.id, !slots.contains(owner) else { return }
            slots.append(owner)
        }
        if explanation.basic >= 0 { consider(explanation.basic) }
        for e in explanation.entries where !Tolerance.isZero(e.coefficient) { consider(e.symbol) }
        var candidates = slots.map { records[Int($0)]! }.sorted { $0.sequence < $1.sequence }
        if let minimal = deletionFilter(candidates.map(current), rejected) { return minimal }
        // The proof row missed something (rounding): fall back to every required constraint.
        candidates = records.compactMap { $0 }.filter { $0.isRequired && $0.constraint.id != rejected.id }
            .sorted { $0.sequence < $1.sequence }
        return deletionFilter(candidates.map(current), rejected) ?? [rejected]
    }

    /// The constraint with its current constant.
    private func current(_ record: ConstraintRecord) -> Constraint {
        record.constant == record.constraint.constant ? record.constraint
            : record.constraint.replacingConstant(record.constant)
    }

    /// A minimal subset of `candidates` that conflicts with `rejected`, or nil
    /// when all of them together accept it.
    private func deletionFilter(_ candidates: [Constraint], _ rejected: Constraint) -> [Constraint]? {
        var scratch = Solver()
        scratch.explainsConflicts = false
        for c in candidates { try? scratch.add(c) }
        if (try? scratch.add(rejected)) != nil { return nil }
        var kept: [Constraint] = []
        for c in candidates {
            try? scratch.remove(c)
            if (try? scratch.add(rejected)) != nil {
                // Needed: without it the rejected constraint holds.
                try? scratch.remove(rejected)
                try? scratch.add(c)
                kept.append(c)
            }
        }
        return kept + [rejected]
    }
}
