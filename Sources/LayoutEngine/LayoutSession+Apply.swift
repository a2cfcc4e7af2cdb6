import Cells
import Cassowary
import LayoutSpec
import Stylesheet

extension LayoutSession {
    /// Moves the solver from the applied model to `next`, touching only what
    /// changed, in these phases:
    ///
    /// 1. `compareStyles`: which views are new or restyled;
    /// 2. `retireRemovedViews`: the views that went leave the solver;
    /// 3. `applySpecConstraints`: the spec's constraints by identity
    ///    (`ConstraintDelta`), their constants from the new styles;
    /// 4. `reconcileImplicitConstraints`: the engine's own constraints, per view;
    /// 5. `updateViewLayouts`: the views as the designer reads them;
    /// 6. `perform`: new constants and constraints into the solver, then every
    ///    broken constraint tried again.
    ///
    /// Returns the model it replaced when the document changed, for the caller
    /// to free off the reload's path.
    mutating func applyModel(
        _ next: AppliedModel, documentChanged: Bool, dirty: inout DirtyViews, report: inout ReloadReport
    ) -> AppliedModel? {
        dropAlternative()
        binding.beginApply(documentChanged: documentChanged)
        queries = Memo(QueryCache())
        var change = ModelChange(from: model, to: next, documentChanged: documentChanged)
        var work = PendingChanges()
        change.compareStyles(&dirty)
        if !change.sameViews { retireRemovedViews(change, report: &report) }
        binding.applySpecConstraints(change, &work, &dirty, &report.counts)
        binding.reconcileImplicitConstraints(change, frames: views, &work, &dirty, &report.implicitCounts)
        updateViewLayouts(change, restyled: dirty.restyled)
        model = next
        binding.perform(work, in: model, report: &report)
        report.restyledViews = dirty.restyled.filter { change.oldIndex($0) != nil }.sorted().map { views[$0].id }
        return documentChanged ? change.old : nil
    }

    /// Lists the views that came and went, takes the constraints of those that
    /// went out of the solver, and matches the variables to the new views.
    private mutating func retireRemovedViews(_ change: ModelChange, report: inout ReloadReport) {
        let oldDocument = change.old.document, newDocument = change.next.document
        var kept = [Bool](repeating: false, count: oldDocument.views.count)
        for index in newDocument.views.indices {
            if let before = change.previousIndices[index] {
                kept[before] = true
            } else {
                report.addedViews.append(newDocument.views[index].id)
            }
        }
        let removed = oldDocument.views.indices.filter { !kept[$0] }
        report.removedViews = removed.map { oldDocument.views[$0].id }
        binding.retireImplicitConstraints(ofRemoved: removed, counts: &report.implicitCounts)
        binding.registry.adopt(newDocument.views, previousIndices: change.previousIndices)
    }

    /// Brings `views` up to the next document: in place where the views stayed,
    /// each view refreshed only where its declaration says something new.
    private mutating func updateViewLayouts(_ change: ModelChange, restyled: [Int]) {
        let document = change.next.document
        if change.documentChanged && !change.sameViews {
            Self.relayout(
                &views, to: document, styles: change.next.styles, styleChanged: change.styleChanged,
                previousIndices: change.previousIndices)
            return
        }
        if change.documentChanged {
            for index in document.views.indices where !ViewLayout.isCurrent(views, index, in: document) {
                views[index].refresh(from: document.views[index], in: document)
            }
        }
        for index in restyled { views[index].style = change.next.styles[index] }
    }

    /// Brings the views as the designer reads them up to a document in which
    /// views came or went, in place: the views before and after the edited
    /// stretch stay where they are (moved, not copied); a view that stays keeps
    /// its frame, and its style unless that changed.
    static func relayout(
        _ layouts: inout [ViewLayout], to document: LayoutDocument, styles: ViewStyles, styleChanged: [Bool],
        previousIndices: [Int?]
    ) {
        let oldCount = layouts.count, count = document.views.count
        var first = 0, last = 0
        while first < min(oldCount, count), previousIndices[first] == first { first += 1 }
        while last < min(oldCount, count) - first, previousIndices[count - 1 - last] == oldCount - 1 - last { last += 1 }
        var middle: [ViewLayout] = []
        middle.reserveCapacity(count - last - first)
        for index in first..<(count - last) {
            if let before = previousIndices[index] {
                middle.append(layouts[before])
            } else {
                middle.append(ViewLayout(
                    declaration: document.views[index], parentIndex: document.parentIndex(ofView: index),
                    style: styles[index]))
            }
        }
        layouts.replaceSubrange(first..<(oldCount - last), with: middle)
        // A view made just now is current; on a first load that is every view.
        for index in document.views.indices where previousIndices[index] != nil {
            let parent = document.parentIndex(ofView: index)
            if layouts[index].parentIndex != parent { layouts[index].parentIndex = parent }
            if !ViewLayout.isCurrent(layouts, index, in: document) {
                layouts[index].refresh(from: document.views[index], in: document)
            }
            if styleChanged[index] { layouts[index].style = styles[index] }
        }
    }
}
