import Cassowary

extension LayoutSession {
    /// How many times text heights are fitted to solved widths per change. A
    /// text's height follows its width, and widths rarely follow heights, so two
    /// passes settle real layouts; the bound keeps a feedback loop from spinning.
    static let textPasses = 3

    /// After solver changes: fits text heights to their widths, then reads the
    /// frames of every view that may have moved and fills in the report.
    mutating func solveTextAndReadFrames(_ dirty: inout DirtyViews, report: inout ReloadReport) {
        binding.ownOwnerMap()
        // While an alternative is shown its edit variables pin the ambiguous
        // attributes; the badges keep showing what the spec leaves open.
        queries = Memo(QueryCache(ambiguities: binding.alternative?.ambiguities))
        binding.markMovedViews(&dirty)
        fitTextHeights(&dirty, counts: &report.implicitCounts)
        readFrames(dirty, report: &report)
    }

    /// Fits the heights of the text views among `dirty` to their solved widths,
    /// until they stop changing (or `textPasses` runs out).
    private mutating func fitTextHeights(_ dirty: inout DirtyViews, counts: inout ConstraintCounts) {
        var candidates = dirty.list.filter { binding.implicitConstraints[$0].text != nil }
        for _ in 0..<Self.textPasses {
            var refitted = false
            for view in candidates where fitTextHeight(view, counts: &counts) {
                refitted = true
            }
            guard refitted else { break }
            candidates = binding.markMovedViews(&dirty).filter { binding.implicitConstraints[$0].text != nil }
        }
    }

    /// Reads the solved frames of `dirty`'s views into `views`; reports the
    /// views that moved (in cells) or changed style.
    private mutating func readFrames(_ dirty: DirtyViews, report: inout ReloadReport) {
        var moved: [FrameChange] = []
        // A load moves every view: room for all at once, not doubled past
        // them (the list is made at the render's peak).
        moved.reserveCapacity(dirty.list.count)
        for (view, exact) in zip(dirty.list, binding.solvedFrames(dirty.list)) {
            views[view].exact = exact
            let frame = exact.rounded
            if frame != views[view].frame {
                moved.append(FrameChange(view: views[view].id, index: view, old: views[view].frame, new: frame))
                views[view].frame = frame
            }
        }
        moved.sort { $0.index < $1.index }
        report.frameChanges = moved
        report.movedViews = moved.map(\.view)
        var isChanged = [Bool](repeating: false, count: views.count)
        for change in moved { isChanged[change.index] = true }
        for view in dirty.restyled { isChanged[view] = true }
        report.changedViews = views.indices.filter { isChanged[$0] }.map { views[$0].id }
    }

    /// Sets a text view's height constraints to what its text needs at its solved
    /// width (in whole cells, as it will be painted). True when they changed.
    private mutating func fitTextHeight(_ view: Int, counts: inout ConstraintCounts) -> Bool {
        guard let text = binding.implicitConstraints[view].text else { return false }
        let frameWidth = binding.solvedFrame(view).rounded.width
        let height = Double(text.intrinsicHeight(frameWidth: frameWidth))
        var changed = false
        for kind in ImplicitKind.textHeights
        where binding.implicitConstraints[view].slots.contains(where: { $0.kind == kind }) {
            let ref = ConstraintRef.implicit(view: view, kind: kind)
            var current = binding.slot(ref)
            guard current.constant != height else { continue }
            current.constant = height
            binding.setSlot(ref, current)
            if current.state == .active {
                binding.updateConstant(ref, in: model)
            }
            counts.constantsChanged += 1
            changed = true
        }
        return changed
    }
}
