import LayoutEngine

// What the inspector reads from a layout built in Swift (CasementApp's dev mode
// draws the designer's inspector from it): the engine's structured answers, with
// every location mapped back to the Swift line or spec line that wrote it. Package
// access: a seam between two modules of this package, not part of the library's
// designed surface (`explain` is the public text).
extension Layout {
    /// Every view, its badges, the conflicts, the ambiguities and `diagnostics`
    /// at once (optional constraints that do not hold are badged, not listed).
    package mutating func snapshot() -> LayoutSnapshot {
        layoutIfNeeded()
        var snapshot = session.snapshot(listingUnsatisfied: false)
        locations.map(&snapshot)
        snapshot.diagnostics = diagnostics
        return snapshot
    }

    /// Why the view `id` is where it is and looks as it does; nil for a view not laid out.
    package mutating func explanation(of id: String) -> ViewExplanation? {
        layoutIfNeeded()
        guard var explanation = session.explain(id) else { return nil }
        locations.map(&explanation)
        return explanation
    }
}
