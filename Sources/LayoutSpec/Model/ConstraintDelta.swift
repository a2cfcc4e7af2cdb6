/// What changed between two compiled documents, matched by constraint
/// identity: what a reload must remove from and add to the solver, and which
/// constraints only need a new constant. Style values are compared
/// symbolically; the engine still re-resolves them when a stylesheet changes.
///
/// Identities include their owner view and each view's constraints are
/// contiguous, so matching is done view by view: positionally while the
/// identities line up (the usual case), by a small per-view table otherwise.
/// Views that lowering copied from the old document are not compared at all.
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

    /// The index of one constraint in the old document and of its match in the new one.
    public struct Pair: Hashable, Sendable {
        /// Index into the old document's constraints.
        public var old: Int
        /// Index into the new document's constraints.
        public var new: Int
    }

    /// Matches the constraints of `new` against those of `old` by identity.
    public init(from old: LayoutDocument, to new: LayoutDocument) {
        let taken = Self.takenViews(from: old, by: new)
        if LayoutDocument.haveSameViewIDs(old, new) {
            for index in new.views.indices { pair(old, index, new, index, taken: taken) }
        } else {
            let previous = new.previousIndices(in: old)
            var kept = [Bool](repeating: false, count: old.views.count)
            for index in new.views.indices {
                guard let before = previous[index] else {
                    added += new.views[index].constraintRange
                    continue
                }
                kept[before] = true
                pair(old, before, new, index, taken: taken)
            }
            for index in old.views.indices where !kept[index] {
                removed += old.views[index].constraintRange
            }
        }
        removed.sort()
    }

    /// Matches the constraints of one view in both documents.
    private mutating func pair(_ old: LayoutDocument, _ oldIndex: Int, _ new: LayoutDocument, _ newIndex: Int, taken: [Bool]?) {
        let oldRange = old.views[oldIndex].constraintRange, newRange = new.views[newIndex].constraintRange
        if let taken, taken[newIndex], oldRange.count == newRange.count {
            // Copied from the old document by lowering: nothing to compare.
            for offset in 0..<newRange.count {
                unchanged.append(Pair(old: oldRange.lowerBound + offset, new: newRange.lowerBound + offset))
            }
        } else {
            match(old.constraints, oldRange, new.constraints, newRange)
        }
    }

    /// The views whose constraints lowering took over from `old` (from the view
    /// with the same id) when it made `new` (see `SpecLowering.lower(_:styles:reusing:)`), if it did.
    private static func takenViews(from old: LayoutDocument, by new: LayoutDocument) -> [Bool]? {
        guard let token = old.memo?.token, let bases = new.memo?.bases else { return nil }
        return bases.first { $0.token === token && $0.taken.count == new.views.count }?.taken
    }

    private mutating func match(
        _ oldConstraints: [LayoutConstraint], _ oldRange: Range<Int>,
        _ newConstraints: [LayoutConstraint], _ newRange: Range<Int>
    ) {
        // Positional while identities agree.
        var common = 0
        while common < oldRange.count, common < newRange.count,
            Self.sameIdentity(oldConstraints, oldRange.lowerBound + common, newConstraints, newRange.lowerBound + common)
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

    // The comparisons below read each field through the arrays and never a
    // whole constraint or identity: taking one out would copy it (retaining
    // every string and array in it), and a reload compares tens of thousands.

    /// `old[i].identity == new[j].identity`, the cheap fields first.
    private static func sameIdentity(_ old: [LayoutConstraint], _ i: Int, _ new: [LayoutConstraint], _ j: Int) -> Bool {
        old[i].identity.ordinal == new[j].identity.ordinal && old[i].identity.relation == new[j].identity.relation
            && old[i].identity.label == new[j].identity.label && old[i].identity.left == new[j].identity.left
            && old[i].identity.view == new[j].identity.view && old[i].identity.shape == new[j].identity.shape
    }

    /// Sorts a pair with equal identities (so equal left sides) into its list.
    private mutating func classify(
        _ oldConstraints: [LayoutConstraint], _ oldIndex: Int, _ newConstraints: [LayoutConstraint], _ newIndex: Int
    ) {
        let pair = Pair(old: oldIndex, new: newIndex)
        guard newConstraints[newIndex].relation == oldConstraints[oldIndex].relation,
            newConstraints[newIndex].priority == oldConstraints[oldIndex].priority,
            newConstraints[newIndex].right.hasSameShape(as: oldConstraints[oldIndex].right)
        else {
            replaced.append(pair)
            return
        }
        if newConstraints[newIndex].right.hasSameConstantPart(as: oldConstraints[oldIndex].right) {
            unchanged.append(pair)
        } else {
            constantChanged.append(pair)
        }
    }

    /// True when the solver needs no change (nothing removed, added, re-constanted or replaced).
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && constantChanged.isEmpty && replaced.isEmpty }
}
