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
    /// Documents this one's views are known to equal (up to locations): the
    /// one it took views over from, and that one's own base, so a spec lowered
    /// again for its styles still matches the document on screen.
    var bases: [LoweringBase] = []

    init(source: SourceText) {
        self.source = source
    }

    static func lets(of syntax: SpecSyntax) -> [LetPlace] {
        var places = syntax.lets.map { LetPlace(scope: -1, span: $0.span) }
        syntax.views.withUnsafeBufferPointer { views in
            for index in views.indices where !views[index].lets.isEmpty {
                for definition in views[index].lets { places.append(LetPlace(scope: index, span: definition.span)) }
            }
        }
        return places
    }
}

/// A document some views were taken over from, and which views (by index, the
/// same in both: views are taken over only when the view lists agree).
struct LoweringBase: Sendable {
    var token: LoweringToken
    var taken: [Bool]
}

/// Which views of a new lowering can be taken over from the previous one, and
/// how: the previous document's views line up with the new ones by index.
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
    /// How many lines and bytes the edit added before the views after it (negative: removed).
    let lineShift: Int
    let byteShift: Int

    /// Nil when nothing can be taken over: the previous document was not
    /// lowered here, is of another file, has other views or other lets, or
    /// the edit touches every view.
    init?(previous: LayoutDocument, syntax: SpecSyntax, ids: [String], parents: [Int], kinds: [ViewKind]) {
        guard let memo = previous.memo, memo.source.path == syntax.source.path,
            previous.views.count == syntax.views.count, memo.clean.count == syntax.views.count
        else { return nil }
        let old = memo.source.utf8, new = syntax.source.utf8
        let edit = TextEdit(old: old, new: new)

        // Every view keeps its id, kind and parent: names resolve the same everywhere.
        let sameViews = previous.views.withUnsafeBufferPointer { before in
            syntax.views.withUnsafeBufferPointer { after in
                for index in before.indices {
                    guard before[index].id == ids[index], before[index].kind == kinds[index],
                        before[index].isGeneratedID == (after[index].id?.text != ids[index])
                    else { return false }
                    let parent = parents[index]
                    if parent < 0 ? before[index].parent != nil : before[index].parent != ids[parent] { return false }
                }
                return true
            }
        }
        guard sameViews else { return nil }

        // Every let stays where it was, in the same scope, and the edit touches none.
        let oldLets = memo.lets, newLets = LoweringMemo.lets(of: syntax)
        guard oldLets.count == newLets.count else { return nil }
        for (before, after) in zip(oldLets, newLets) {
            guard before.scope == after.scope, !edit.touchesOld(before.span), !edit.touchesNew(after.span),
                edit.newOffset(ofOld: before.span.start) == after.span.start
            else { return nil }
        }

        // The lowering of a view reads its own header and body and its
        // descendants': all of it lies between its header and the next view
        // that is not its descendant (its extent).
        let count = syntax.views.count
        var subtree = [Int](repeating: 1, count: count)
        for index in stride(from: count - 1, through: 0, by: -1) where parents[index] >= 0 {
            subtree[parents[index]] += subtree[index]
        }
        var places = [Place](repeating: .none, count: count)
        syntax.views.withUnsafeBufferPointer { views in
            for index in 0..<count where memo.clean[index] {
                let header = views[index].span.start
                guard memo.headerOffsets[index] == edit.oldOffset(ofNew: header) else { continue }
                let next = index + subtree[index]
                let extentEnd = next < count ? views[next].span.start : new.count
                if edit.isUnchanged {
                    places[index] = .before
                } else if extentEnd <= edit.lastLineEndBefore {
                    places[index] = .before
                } else if header > edit.firstLineEndAfter {
                    places[index] = .after
                }
            }
        }
        guard places.contains(where: { if case .none = $0 { false } else { true } }) else { return nil }
        self.previous = previous
        self.memo = memo
        self.places = places
        self.lineShift = syntax.source.lineCount - memo.source.lineCount
        self.byteShift = new.count - old.count
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
        let previous = plan.previous
        let reads = plan.memo.readStarts[index]..<plan.memo.readStarts[index + 1]
        for read in previous.structuralReads[reads] where styles?(read.view, read.name) != read.value { return false }
        structuralReads += previous.structuralReads[reads]

        let start = constraints.count
        previous.views.withUnsafeBufferPointer { before in
            constraints += previous.constraints[before[index].constraintRange]
            var declaration = before[index]
            declaration.constraintRange = start..<constraints.count
            if shift != 0 {
                for position in start..<constraints.count { constraints[position].location.line += shift }
                declaration.location.line += shift
                for position in declaration.params.indices { declaration.params[position].location.line += shift }
            }
            views.append(declaration)
        }
        if moved, previous.views[index].params.contains(where: { $0.value.hasSpans }) {
            // Parenthesised parameter values keep their offsets, which moved.
            views[index] = declaration(of: index, constraints: start..<constraints.count)
        }
        return true
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
