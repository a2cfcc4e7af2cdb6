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

    public struct Pair: Hashable, Sendable {
        public var old: Int
        public var new: Int
    }

    public init(from old: LayoutDocument, to new: LayoutDocument) {
        // Through buffers: reading a constraint or a view out of its array would
        // copy it (retaining every string and array in it), and a reload of a
        // big spec compares tens of thousands of them.
        old.constraints.withUnsafeBufferPointer { oldConstraints in
            new.constraints.withUnsafeBufferPointer { newConstraints in
                old.views.withUnsafeBufferPointer { oldViews in
                    new.views.withUnsafeBufferPointer { newViews in
                        let taken = Self.takenViews(from: old, by: new)
                        func pair(_ oldIndex: Int, _ newIndex: Int) {
                            let oldRange = oldViews[oldIndex].constraintRange, newRange = newViews[newIndex].constraintRange
                            if let taken, taken[newIndex], oldRange.count == newRange.count {
                                // Copied from the old document by lowering: nothing to compare.
                                for offset in 0..<newRange.count {
                                    unchanged.append(Pair(old: oldRange.lowerBound + offset, new: newRange.lowerBound + offset))
                                }
                            } else {
                                match(oldConstraints, oldRange, newConstraints, newRange)
                            }
                        }
                        if Self.sameViewIDs(oldViews, newViews) {
                            for index in newViews.indices { pair(index, index) }
                        } else {
                            let previous = new.previousIndices(in: old)
                            var kept = [Bool](repeating: false, count: oldViews.count)
                            for index in newViews.indices {
                                guard let before = previous[index] else {
                                    added += newViews[index].constraintRange
                                    continue
                                }
                                kept[before] = true
                                pair(before, index)
                            }
                            for index in oldViews.indices where !kept[index] {
                                removed += oldViews[index].constraintRange
                            }
                        }
                    }
                }
            }
        }
        removed.sort()
    }

    /// The views whose constraints lowering took over from `old` (from the view
    /// with the same id) when it made `new` (see `SpecLowering.lower(_:styles:reusing:)`), if it did.
    private static func takenViews(from old: LayoutDocument, by new: LayoutDocument) -> [Bool]? {
        guard let token = old.memo?.token, let bases = new.memo?.bases else { return nil }
        return bases.first { $0.token === token && $0.taken.count == new.views.count }?.taken
    }

    /// The usual reload keeps every view: then views pair up by position.
    private static func sameViewIDs(
        _ old: UnsafeBufferPointer<ViewDeclaration>, _ new: UnsafeBufferPointer<ViewDeclaration>
    ) -> Bool {
        guard old.count == new.count else { return false }
        for index in old.indices where old[index].id != new[index].id { return false }
        return true
    }

    private mutating func match(
        _ oldConstraints: UnsafeBufferPointer<LayoutConstraint>, _ oldRange: Range<Int>,
        _ newConstraints: UnsafeBufferPointer<LayoutConstraint>, _ newRange: Range<Int>
    ) {
        // Positional while identities agree.
        var common = 0
        while common < oldRange.count, common < newRange.count,
            Self.sameIdentity(
                oldConstraints.baseAddress! + oldRange.lowerBound + common,
                newConstraints.baseAddress! + newRange.lowerBound + common)
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

    /// `a.identity == b.identity`, field by field in place: comparing the
    /// identities themselves would copy both.
    @inline(__always)
    private static func sameIdentity(_ a: UnsafePointer<LayoutConstraint>, _ b: UnsafePointer<LayoutConstraint>) -> Bool {
        a.pointee.identity.ordinal == b.pointee.identity.ordinal
            && a.pointee.identity.relation == b.pointee.identity.relation
            && a.pointee.identity.label == b.pointee.identity.label
            && a.pointee.identity.left == b.pointee.identity.left
            && a.pointee.identity.view == b.pointee.identity.view
            && a.pointee.identity.shape == b.pointee.identity.shape
    }

    /// Sorts a pair with equal identities (so equal left sides) into its list.
    private mutating func classify(
        _ oldConstraints: UnsafeBufferPointer<LayoutConstraint>, _ oldIndex: Int,
        _ newConstraints: UnsafeBufferPointer<LayoutConstraint>, _ newIndex: Int
    ) {
        let pair = Pair(old: oldIndex, new: newIndex)
        let previous = oldConstraints.baseAddress! + oldIndex, current = newConstraints.baseAddress! + newIndex
        guard current.pointee.relation == previous.pointee.relation, current.pointee.priority == previous.pointee.priority,
            current.pointee.right.hasSameShape(as: previous.pointee.right)
        else {
            replaced.append(pair)
            return
        }
        if current.pointee.right.hasSameConstantPart(as: previous.pointee.right) {
            unchanged.append(pair)
        } else {
            constantChanged.append(pair)
        }
    }

    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && constantChanged.isEmpty && replaced.isEmpty }
}
