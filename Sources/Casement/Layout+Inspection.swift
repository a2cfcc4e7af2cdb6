import LayoutEngine

// What the inspector reads from a layout built in Swift (CasementApp's dev mode
// draws the designer's inspector from it): the engine's structured answers, each
// location the Swift line or spec line that wrote it (the spec syntax the engine
// was given carries them). Package access: a seam between two modules of this
// package, not part of the library's designed surface (`explain` is the public text).
extension Layout {
    /// Every view, its badges, the conflicts, the ambiguities and `diagnostics`
    /// at once (optional constraints that do not hold are badged, not listed).
    package func snapshot() -> LayoutSnapshot {
        layoutIfNeeded()
        var snapshot = session.snapshot(listingUnsatisfied: false)
        snapshot.diagnostics = diagnostics
        return snapshot
    }

    /// Why the view `id` is where it is and looks as it does; nil for a view not laid out.
    package func explanation(of id: String) -> ViewExplanation? {
        layoutIfNeeded()
        return session.explain(id)
    }
}
