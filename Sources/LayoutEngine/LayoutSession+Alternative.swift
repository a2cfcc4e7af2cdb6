import Cassowary
import LayoutSpec

/// Another valid solution on show: the ambiguous variables held by the weakest
/// edit variables, pushed away from where they were.
struct AlternativeLayout: Sendable {
    struct Entry: Sendable {
        var variable: SolverVariable
        /// The value before the alternative, to go back to.
        var base: Double
        var horizontal: Bool
    }

    var entries: [Entry]
    var step = 0
    /// Ambiguity found before the alternative pinned it, still what the badges show.
    var ambiguities: [ViewAmbiguity]
}

extension LayoutSession {
    /// Whether `showAlternative()` is on show.
    public var isShowingAlternative: Bool { binding.alternative != nil }

    /// Shows another layout the constraints allow equally well (the designer's
    /// `a` key): every ambiguous attribute is nudged by a quarter of the screen,
    /// further and in alternating directions on each call, as far as the
    /// constraints let it go. Nothing changes when the layout is not ambiguous.
    @discardableResult
    public mutating func showAlternative() -> ReloadReport {
        var report = ReloadReport(trigger: .alternative)
        if binding.alternative == nil {
            let found = ambiguities()
            guard let alternative = binding.pinAmbiguities(found, variablesOf: model.document) else { return report }
            binding.alternative = alternative
        }
        binding.alternative!.step += 1
        let step = binding.alternative!.step
        let reach = Double((step + 1) / 2) * (step % 2 == 1 ? 1 : -1)
        for entry in binding.alternative!.entries {
            let magnitude = entry.horizontal ? max(2, size.width / 4) : max(1, size.height / 4)
            try? binding.solver.suggestValue(entry.variable, entry.base + reach * Double(magnitude))
        }
        report.applied = true
        var dirty = DirtyViews(count: views.count)
        var clock = StageClock()
        clock.timing(.solve) { solveTextAndReadFrames(&dirty, report: &report) }
        finishReport(&report, clock: clock)
        return report
    }

    /// Goes back from `showAlternative()` to the layout the solver first found.
    @discardableResult
    public mutating func restoreLayout() -> ReloadReport {
        var report = ReloadReport(trigger: .alternative)
        guard binding.alternative != nil else { return report }
        dropAlternative()
        report.applied = true
        var dirty = DirtyViews(count: views.count)
        var clock = StageClock()
        clock.timing(.solve) { solveTextAndReadFrames(&dirty, report: &report) }
        finishReport(&report, clock: clock)
        return report
    }

    /// Removes the alternative's edit variables, back at their original values so
    /// the solution returns to where it was.
    mutating func dropAlternative() {
        guard let shown = binding.alternative else { return }
        for entry in shown.entries {
            try? binding.solver.suggestValue(entry.variable, entry.base)
        }
        for entry in shown.entries {
            try? binding.solver.removeEditVariable(entry.variable)
        }
        binding.alternative = nil
    }
}

extension SolverBinding {
    /// An alternative that holds every ambiguous attribute with the weakest edit
    /// variable, at its value now; nil when nothing is ambiguous.
    mutating func pinAmbiguities(_ found: [ViewAmbiguity], variablesOf document: LayoutDocument) -> AlternativeLayout? {
        var entries: [AlternativeLayout.Entry] = []
        for ambiguity in found {
            guard let index = document.viewIndex[ambiguity.view] else { continue }
            let variables = registry.variables(ofView: index)
            for attribute in ambiguity.attributes {
                let variable: SolverVariable
                switch attribute {
                case .left: variable = variables.left
                case .top: variable = variables.top
                case .width: variable = variables.width
                default: variable = variables.height
                }
                let base = solver.value(of: variable)
                guard (try? solver.addEditVariable(variable, priority: .weakest)) != nil else { continue }
                entries.append(.init(variable: variable, base: base, horizontal: attribute.isHorizontal))
            }
        }
        return entries.isEmpty ? nil : AlternativeLayout(entries: entries, ambiguities: found)
    }
}
