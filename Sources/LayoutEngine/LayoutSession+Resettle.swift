/// Added by the designer (additive; the engine's owner may fold it in).
extension LayoutSession {
    /// Reads every view's frame from the solver again, not only the views whose
    /// variables the solver reports as changed. The designer calls it after
    /// `restoreLayout()`: when an edit variable is suggested back to its old value
    /// and removed in one go, the solver's change list can miss the variable, and
    /// the frame would keep showing the alternative.
    @discardableResult
    public mutating func resettleAllFrames() -> ReloadReport {
        var report = ReloadReport(trigger: .alternative)
        var dirty = DirtyViews(count: views.count)
        for index in views.indices { dirty.mark(index) }
        report.applied = true
        settle(&dirty, report: &report)
        finish(&report)
        return report
    }
}
