extension Lowerer {
    /// Whether a stylesheet collapses the view (`collapse true`): a row or column
    /// then gives it no gap, no grow, no min or max and no stretch, so that it
    /// takes no space and nothing fights the engine's 0 × 0 for it. The value is a
    /// structural read, like a grid's `columns`: toggling it lowers the spec again.
    mutating func isCollapsed(_ view: Int) -> Bool {
        guard let styles else { return false }
        let value = styles(ids[view], "collapse")
        structuralReads.append(StructuralRead(view: ids[view], name: "collapse", value: value))
        return value != nil
    }
}
