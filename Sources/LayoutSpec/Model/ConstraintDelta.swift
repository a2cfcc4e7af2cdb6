/// What changed between two compiled documents, matched by constraint
/// identity: what a reload must remove from and add to the solver, and which
/// constraints only need a new constant. Style values are compared
/// symbolically; the engine still re-resolves them when a stylesheet changes.
///
/// Identities include their owner view and each view's constraints are
/// contiguous, so matching is done view by view: positionally while the
/// identities line up (the usual case), by a small per-view table otherwise.
public struct ConstraintDelta: Hashable, Sendable {
    /// Indices into the old document's constraints.
    public var removed: [Int] = []
    /// Indices into the new document's constraints.
    public var added: [Int] = []
    /// Same identity and structure, different number or style values.
    public var constantChanged: [Pair] = []
    /// Same identity, different relation, priority or right-side shape:
    /// remove the old one and add the new one.
    public var replaced: [Pair] = []
    /// Nothing the solver would see changed (the line may have moved).
    public var unchanged: [Pair] = []

    public struct Pair: Hashable, Sendable {
        public var old: Int
        public var new: Int
    }

    public init(from old: LayoutDocument, to new: LayoutDocument) {
        for view in old.views where new.viewIndex[view.id] == nil {
            removed += Array(view.constraintRange)
        }
        for view in new.views {
            guard let oldView = old.view(view.id) else {
                added += Array(view.constraintRange)
                continue
            }
            match(old.constraints, oldView.constraintRange, new.constraints, view.constraintRange)
        }
        removed.sort()
    }

    private mutating func match(
        _ oldConstraints: [LayoutConstraint], _ oldRange: Range<Int>,
        _ newConstraints: [LayoutConstraint], _ newRange: Range<Int>
    ) {
        // Positional while identities agree.
        var common = 0
        while common < oldRange.count, common < newRange.count,
            oldConstraints[oldRange.lowerBound + common].identity == newConstraints[newRange.lowerBound + common].identity
        {
            classify(oldConstraints, oldRange.lowerBound + common, newConstraints, newRange.lowerBound + common)
            common += 1
        }
        let oldRest = (oldRange.lowerBound + common)..<oldRange.upperBound
        let newRest = (newRange.lowerBound + common)..<newRange.upperBound
        guard !oldRest.isEmpty || !newRest.isEmpty else { return }
        var table: [ConstraintIdentity: Int] = [:]
        for index in oldRest { table[oldConstraints[index].identity] = index }
        for index in newRest {
            if let oldIndex = table.removeValue(forKey: newConstraints[index].identity) {
                classify(oldConstraints, oldIndex, newConstraints, index)
            } else {
                added.append(index)
            }
        }
        removed += table.values
    }

    private mutating func classify(
        _ oldConstraints: [LayoutConstraint], _ oldIndex: Int, _ newConstraints: [LayoutConstraint], _ newIndex: Int
    ) {
        let previous = oldConstraints[oldIndex], current = newConstraints[newIndex]
        let pair = Pair(old: oldIndex, new: newIndex)
        if current.isSolverEquivalent(to: previous) {
            unchanged.append(pair)
        } else if current.differsOnlyInConstant(from: previous) {
            constantChanged.append(pair)
        } else {
            replaced.append(pair)
        }
    }

    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && constantChanged.isEmpty && replaced.isEmpty }
}
