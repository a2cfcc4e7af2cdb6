import Cassowary

extension LayoutSession {
    /// How many times text heights are fitted to solved widths per change. A
    /// text's height follows its width, and widths rarely follow heights, so two
    /// passes settle real layouts; the bound keeps a feedback loop from spinning.
    static let textPasses = 3

    /// After solver changes: fits text heights to their widths, then reads the
    /// frames of every view that may have moved and fills in the report.
    mutating func settle(_ dirty: inout DirtyViews, report: inout ReloadReport) {
        queries = QueryCache()
        // While an alternative is shown its edit variables pin the ambiguous
        // attributes; the badges keep showing what the spec leaves open.
        queries.ambiguities = alternative?.ambiguities
        absorbSolverChanges(&dirty)
        var candidates = dirty.list.filter { viewStates[$0].text != nil }
        for _ in 0..<Self.textPasses {
            var refitted = false
            for view in candidates where fitTextHeight(view, counts: &report.implicitCounts) {
                refitted = true
            }
            guard refitted else { break }
            candidates = absorbSolverChanges(&dirty).filter { viewStates[$0].text != nil }
        }

        var moved: [FrameChange] = []
        for view in dirty.list {
            let exact = solvedFrame(view)
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

    /// Marks the views whose variables the solver changed since last asked;
    /// returns them (in the solver's order, possibly repeated).
    @discardableResult
    mutating func absorbSolverChanges(_ dirty: inout DirtyViews) -> [Int] {
        var touched: [Int] = []
        for variable in solver.takeChangedVariables() {
            guard let slot = registry.slots[variable] else { continue }
            dirty.mark(slot.view)
            touched.append(slot.view)
        }
        return touched
    }

    mutating func solvedFrame(_ view: Int) -> ExactFrame {
        let variables = registry.variables(ofView: view)
        return ExactFrame(
            left: solver.value(of: variables.left), top: solver.value(of: variables.top),
            width: solver.value(of: variables.width), height: solver.value(of: variables.height))
    }

    /// Sets a text view's height constraints to what its text needs at its solved
    /// width (in whole cells, as it will be painted). True when they changed.
    private mutating func fitTextHeight(_ view: Int, counts: inout ConstraintCounts) -> Bool {
        guard let text = viewStates[view].text else { return false }
        let frameWidth = solvedFrame(view).rounded.width
        let height = Double(text.intrinsicHeight(frameWidth: frameWidth))
        var changed = false
        for kind in ImplicitKind.textHeights
        where viewStates[view].implicit.contains(where: { $0.kind == kind }) {
            let ref = ConstraintRef.implicit(view: view, kind: kind)
            var current = slot(ref)
            guard current.constant != height else { continue }
            current.constant = height
            setSlot(ref, current)
            if current.state == .active {
                updateConstant(ref)
            }
            counts.constantsChanged += 1
            changed = true
        }
        return changed
    }
}
