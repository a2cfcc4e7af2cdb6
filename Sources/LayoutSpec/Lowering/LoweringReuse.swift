import Diagnostics

// Lowering an edited spec again takes over the views the edit did not touch:
// their constraints and declarations are copied from the previous document
// (lines shifted when the edit added or removed lines above them) instead of
// being lowered again. The result is exactly what lowering from scratch gives;
// only views whose lowering provably reads nothing that changed are taken.

/// Identifies one lowering's output, so that a later document can name the
/// document it took views over from.
final class LoweringToken: Sendable {}

/// Where a `let` is: its scope (a view index, -1 at the top level) and its span.
struct LetPlace: Hashable, Sendable {
    var scope: Int
    var span: SourceSpan
}

/// What a lowering remembers so that the next lowering of the same spec can
/// take over unchanged views, and so that a delta between the two can skip them.
struct LoweringMemo: Sendable {
    let token = LoweringToken()
    /// The text that was lowered.
    var source: SourceText
    /// Per view, the offset of its kind word.
    var headerOffsets: [Int] = []
    var lets: [LetPlace] = []
    /// Per view: true when lowering it asked for no diagnostic at all (even one
    /// dropped as a repeat or past the limit), so it may be taken over.
    var clean: [Bool] = []
    /// Per view, where its reads start in `structuralReads`; one more entry closes the last.
    var readStarts: [Int] = []
    /// Per view, its parent's index (-1: none).
    var parents: [Int] = []
    /// The view ids each view's rules named, in `viewNames` from `nameStarts[view]`
    /// to `nameStarts[view + 1]`: a view that went takes the views that named it.
    var viewNames: [String] = []
    var nameStarts: [Int] = []
    /// Documents this one's views are known to equal (up to locations): the
    /// one it took views over from, and that one's own base, so a spec lowered
    /// again for its styles still matches the document on screen.
    var bases: [LoweringBase] = []
    /// For syntax built in code: its views and top-level lets, which the next
    /// lowering compares with its own to find the views that did not change.
    var builtViews: [ViewSyntax]?
    var builtLets: [LetSyntax] = []
    var builtToken: BuiltSyntaxToken?

    init(source: SourceText) {
        self.source = source
    }

    func namesRead(by view: Int) -> ArraySlice<String> {
        viewNames[nameStarts[view]..<nameStarts[view + 1]]
    }

    static func lets(of syntax: SpecSyntax) -> [LetPlace] {
        var places = syntax.lets.map { LetPlace(scope: -1, span: $0.span) }
        for index in syntax.views.indices where !syntax.views[index].lets.isEmpty {
            for definition in syntax.views[index].lets { places.append(LetPlace(scope: index, span: definition.span)) }
        }
        return places
    }
}

/// A document some views were taken over from, and which views (each from the
/// view with the same id).
struct LoweringBase: Sendable {
    var token: LoweringToken
    var taken: [Bool]
}

/// Which views of a new lowering can be taken over from the previous one, and
/// from which of its views: views before the edit keep their index, views after
/// it move by as many views as the edit added or removed.
/// (A class: the lowering consults it once per view, and copying the previous
/// document's arrays each time would cost more than the lookup.)
final class ReusePlan {
    enum Place {
        /// Lowered again.
        case none
        /// Before the edit: taken as it is.
        case before
        /// After the edit: taken with its lines shifted by `lineShift`.
        case after
    }

    let previous: LayoutDocument
    let memo: LoweringMemo
    let places: [Place]
    /// Per new view, the index of the previous view it would be taken from (-1: none).
    let sources: [Int]
    /// How many lines and bytes the edit added before the views after it (negative: removed).
    let lineShift: Int
    let byteShift: Int

    /// Nil when nothing can be taken over: the previous document was not
    /// lowered here, is of another file, has other lets, or the edit touches
    /// every view.
    init?(previous: LayoutDocument, lowerer: borrowing Lowerer) {
        let syntax = lowerer.syntax
        guard let memo = previous.memo, memo.source.path == syntax.source.path, memo.clean.count == previous.views.count,
            syntax.isBuilt == (memo.builtViews != nil)
        else { return nil }
        let found = syntax.isBuilt
            ? Self.builtPlan(previous: previous, memo: memo, lowerer: lowerer)
            : Self.textPlan(previous: previous, memo: memo, lowerer: lowerer)
        guard let found, found.sources.contains(where: { $0 >= 0 }) else { return nil }
        self.previous = previous
        self.memo = memo
        self.places = found.places
        self.sources = found.sources
        self.lineShift = found.lineShift
        self.byteShift = found.byteShift
    }

    private typealias Found = (places: [Place], sources: [Int], lineShift: Int, byteShift: Int)

    /// For a parsed spec: the views the text edit did not reach.
    private static func textPlan(previous: LayoutDocument, memo: LoweringMemo, lowerer: borrowing Lowerer) -> Found? {
        let syntax = lowerer.syntax
        let old = memo.source.utf8, new = syntax.source.utf8
        let edit = TextEdit(old: old, new: new)
        let oldCount = previous.views.count, count = syntax.views.count
        let viewShift = count - oldCount

        // The previous view a new one corresponds to, by where its header is.
        let headers = lowerer.headers
        // Local copies of the memo's arrays: a nested function reading `memo`
        // copied the whole memo at every call.
        let oldHeaders = memo.headerOffsets
        func source(of index: Int) -> Int? {
            let header = headers[index]
            let before: Int
            if header < edit.prefix {
                before = index
                guard before < oldCount, oldHeaders[before] == header else { return nil }
            } else if header >= edit.newCount - edit.suffix {
                before = index - viewShift
                guard before >= 0, before < oldCount, oldHeaders[before] == header - edit.newCount + edit.oldCount
                else { return nil }
            } else {
                return nil
            }
            return before
        }

        // Every let stays where it was, in the same scope, and the edit touches none.
        let oldLets = memo.lets, newLets = LoweringMemo.lets(of: syntax)
        guard oldLets.count == newLets.count else { return nil }
        for (before, after) in zip(oldLets, newLets) {
            guard !edit.touchesOld(before.span), !edit.touchesNew(after.span),
                edit.newOffset(ofOld: before.span.start) == after.span.start,
                after.scope < 0 ? before.scope < 0 : source(of: after.scope) == before.scope
            else { return nil }
        }
        guard let removed = removedViews(previous: previous, lowerer: lowerer, unchanged: edit.isUnchanged) else { return nil }

        // The lowering of a view reads its own header and body and its
        // descendants': all of it lies between its header and the next view
        // that is not its descendant (its extent).
        let subtree = subtreeSizes(lowerer.parents)
        let views = syntax.views
        var places = [Place](repeating: .none, count: count)
        var sources = [Int](repeating: -1, count: count)
        for index in 0..<count {
            guard let old = source(of: index),
                readsTheSame(index, as: old, previous: previous, memo: memo, lowerer: lowerer, removed: removed)
            else { continue }
            let next = index + subtree[index]
            let extentEnd = next < count ? views[next].span.start : new.count
            if edit.isUnchanged || extentEnd <= edit.lastLineEndBefore {
                places[index] = .before
            } else if headers[index] > edit.firstLineEndAfter {
                places[index] = .after
            } else {
                continue
            }
            sources[index] = old
        }
        return (places, sources, syntax.source.lineCount - memo.source.lineCount, new.count - old.count)
    }

    /// For syntax built in code: the views whose syntax, and their
    /// descendants', is the same as the previous one's (found by id). Code
    /// spans stand for places in the program, which do not move when other
    /// views change, so nothing is shifted.
    private static func builtPlan(previous: LayoutDocument, memo: LoweringMemo, lowerer: borrowing Lowerer) -> Found? {
        let syntax = lowerer.syntax
        guard let oldViews = memo.builtViews, oldViews.count == previous.views.count, memo.builtLets == syntax.lets
        else { return nil }
        if let known = knownChanges(previous: previous, memo: memo, lowerer: lowerer) { return known }
        guard memo.lets == LoweringMemo.lets(of: syntax) else { return nil }
        guard let removed = removedViews(previous: previous, lowerer: lowerer, unchanged: false) else { return nil }
        let count = syntax.views.count, ids = lowerer.ids, parents = lowerer.parents
        let views = syntax.views
        var sources = [Int](repeating: -1, count: count)
        // Children come after their parents: walking backwards, a view's
        // descendants are settled before it.
        var subtreeSame = [Bool](repeating: true, count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            var same = subtreeSame[index]
            if same, let old = previous.viewIndex[ids[index]], views[index].isSame(as: oldViews[old]),
                readsTheSame(index, as: old, previous: previous, memo: memo, lowerer: lowerer, removed: removed)
            {
                sources[index] = old
            } else {
                same = false
            }
            if !same, parents[index] >= 0 { subtreeSame[parents[index]] = false }
            subtreeSame[index] = same
        }
        for index in 0..<count where !subtreeSame[index] { sources[index] = -1 }
        let places = sources.map { $0 >= 0 ? Place.before : Place.none }
        return (places, sources, 0, 0)
    }

    /// When the syntax says what it changed since the one `memo` lowered (the
    /// same views in the same tree): every view but those, and their ancestors
    /// (a container's lowering reads its children), is taken over as it is.
    private static func knownChanges(previous: LayoutDocument, memo: LoweringMemo, lowerer: borrowing Lowerer) -> Found? {
        let syntax = lowerer.syntax
        guard let token = memo.builtToken, syntax.views.count == previous.views.count else { return nil }
        var dirty = [Bool](repeating: false, count: syntax.views.count)
        if syntax.builtToken !== token {
            guard let changes = syntax.builtChanges, changes.base === token, let oldViews = memo.builtViews else { return nil }
            // Lets are visible below their view: one that changed takes the plain way.
            for index in changes.views where index < oldViews.count && syntax.views[index].lets != oldViews[index].lets {
                return nil
            }
            let parents = lowerer.parents
            for index in changes.views where index < dirty.count {
                var at = index
                while at >= 0, !dirty[at] {
                    dirty[at] = true
                    at = parents[at]
                }
            }
        }
        let clean = memo.clean
        var sources = [Int](repeating: -1, count: dirty.count)
        for index in dirty.indices where !dirty[index] && clean[index] { sources[index] = index }
        return (sources.map { $0 >= 0 ? Place.before : Place.none }, sources, 0, 0)
    }

    /// The ids of views that went; nil when a view came whose id is also an
    /// attribute's name (it would change what that bare word means in every rule).
    private static func removedViews(previous: LayoutDocument, lowerer: borrowing Lowerer, unchanged: Bool) -> Set<String>? {
        let ids = lowerer.ids
        let oldCount = previous.views.count, count = ids.count
        var removed: Set<String> = []
        if count != oldCount || !unchanged {
            let (first, last) = commonEnds(previous.views.count, ids.count) { previous.views[$0].id == ids[$1] }
            for index in first..<(count - last) where previous.viewIndex[ids[index]] == nil {
                if Attribute(spelling: ids[index]) != nil { return nil }
            }
            for index in first..<(oldCount - last) where lowerer.viewIndex[previous.views[index].id] == nil {
                removed.insert(previous.views[index].id)
            }
        }
        return removed
    }

    /// How many views each view's subtree holds, itself included.
    private static func subtreeSizes(_ parents: [Int]) -> [Int] {
        var subtree = [Int](repeating: 1, count: parents.count)
        for index in stride(from: parents.count - 1, through: 0, by: -1) where parents[index] >= 0 {
            subtree[parents[index]] += subtree[index]
        }
        return subtree
    }

    /// Whether a new view stands where the previous view `old` stood: a clean
    /// lowering, the same id, kind, depth, parent (id and kind) and children,
    /// and no name it resolved went away.
    private static func readsTheSame(
        _ index: Int, as old: Int, previous: LayoutDocument, memo: LoweringMemo, lowerer: borrowing Lowerer,
        removed: Set<String>
    ) -> Bool {
        let before = previous.views
        let ids = lowerer.ids, kinds = lowerer.kinds
        guard memo.clean[old], before[old].id == ids[index], before[old].kind == kinds[index],
            before[old].depth == lowerer.syntax.views[index].depth,
            before[old].isGeneratedID == (lowerer.syntax.views[index].id?.text != ids[index])
        else { return false }
        let parent = lowerer.parents[index], oldParent = memo.parents[old]
        if parent < 0 {
            guard oldParent < 0 else { return false }
        } else {
            guard oldParent >= 0, before[oldParent].id == ids[parent], before[oldParent].kind == kinds[parent]
            else { return false }
        }
        guard before[old].children.elementsEqual(lowerer.children[index].lazy.map { ids[$0] }) else { return false }
        if !removed.isEmpty, memo.namesRead(by: old).contains(where: removed.contains) { return false }
        return true
    }

    /// How many items two sequences share at the start, and then at the end.
    static func commonEnds(_ oldCount: Int, _ newCount: Int, same: (Int, Int) -> Bool) -> (Int, Int) {
        let shorter = min(oldCount, newCount)
        var first = 0, last = 0
        while first < shorter, same(first, first) { first += 1 }
        while last < shorter - first, same(oldCount - 1 - last, newCount - 1 - last) { last += 1 }
        return (first, last)
    }
}

extension Lowerer {
    /// Copies a view's constraints, declaration and structural reads from the
    /// previous document, if the plan allows and the reads still give the same
    /// values. False when the view must be lowered.
    mutating func takeOver(_ index: Int, from plan: ReusePlan, into views: inout [ViewDeclaration]) -> Bool {
        let shift: Int, moved: Bool
        switch plan.places[index] {
        case .none: return false
        case .before: (shift, moved) = (0, false)
        case .after: (shift, moved) = (plan.lineShift, plan.byteShift != 0)
        }
        // Read through `plan.previous`: a local copy of the document would retain its every array.
        let source = plan.sources[index]
        let reads = plan.memo.readStarts[source]..<plan.memo.readStarts[source + 1]
        if !reads.isEmpty {
            for read in plan.previous.structuralReads[reads] where styles?(read.view, read.name) != read.value { return false }
            structuralReads += plan.previous.structuralReads[reads]
        }
        let names = plan.memo.nameStarts[source]..<plan.memo.nameStarts[source + 1]
        if !names.isEmpty { viewNames += plan.memo.viewNames[names] }

        let range = plan.previous.views[source].constraintRange
        let start = constraints.count + pendingTake.count
        pend(range, shift: shift)
        views.append(plan.previous.views[source])
        let last = views.count - 1
        views[last].constraintRange = start..<(start + range.count)
        if shift != 0 {
            views[last].location.line += shift
            views[last].shiftParameterLines(by: shift)
        }
        if moved, plan.previous.views[source].params.contains(where: { $0.value.hasSpans }) {
            // Parenthesised parameter values keep their offsets, which moved.
            views[index] = declaration(of: index, constraints: start..<(start + range.count))
        }
        return true
    }

    /// Adds a taken view's constraints to the run waiting to be copied:
    /// consecutive views' constraints follow each other in the previous
    /// document too, and copying a run at once costs far less than view by view.
    private mutating func pend(_ range: Range<Int>, shift: Int) {
        if pendingTake.isEmpty || (pendingTake.upperBound == range.lowerBound && pendingShift == shift) {
            pendingTake = pendingTake.isEmpty ? range : pendingTake.lowerBound..<range.upperBound
            pendingShift = shift
            return
        }
        copyPendingConstraints()
        pendingTake = range
        pendingShift = shift
    }

    /// Copies the pending run of taken constraints, lines shifted; before
    /// anything else is added to `constraints`.
    mutating func copyPendingConstraints() {
        guard !pendingTake.isEmpty else { return }
        let start = constraints.count
        constraints += previousConstraints[pendingTake]
        if pendingShift != 0 {
            for position in start..<constraints.count { constraints[position].location.line += pendingShift }
        }
        pendingTake = 0..<0
    }
}

extension ParameterValue {
    /// Whether the value holds source spans (a parenthesised expression).
    var hasSpans: Bool {
        switch self {
        case .number, .word, .string, .style: false
        case .list(let items): items.contains { $0.hasSpans }
        case .expression: true
        }
    }
}
