import Cells
import Diagnostics
import LayoutSpec

/// Something worth a badge on a view.
public enum ViewFlag: String, CaseIterable, Hashable, Sendable {
    /// Its frame is not determined by its constraints.
    case ambiguous
    /// A constraint that mentions it is in a conflict (and was kept).
    case conflict
    /// A constraint that mentions it was broken to resolve a conflict.
    case broken
    /// One of its own optional constraints does not hold.
    case unsatisfied
    case zeroWidth = "zero-width"
    case zeroHeight = "zero-height"
    case negativeWidth = "negative-width"
    case negativeHeight = "negative-height"
    /// Its style says `visible false`.
    case hidden
    /// It reaches past the canvas: part of it is not drawn.
    case offCanvas = "off-canvas"
    /// Its text does not fit in its own box: the canvas cuts it.
    case clipped
    /// It or an ancestor says `collapse true`: it takes no space.
    case collapsed
}

/// Everything about a solved layout at once: what `casement render --format json`
/// prints and what the designer's inspector starts from.
public struct LayoutSnapshot: Sendable {
    /// The terminal size, in cells, the layout was solved for.
    public var size: TerminalSize
    /// In tree order.
    public var views: [ViewLayout]
    /// Per view, in `ViewFlag` order.
    public var flags: [[ViewFlag]]
    /// What `casement check` prints: files, engine, ambiguity; sorted.
    public var diagnostics: [Diagnostic]
    /// Conflict sets the engine resolved, each with the constraint it broke.
    public var conflicts: [ConflictReport]
    /// Optional constraints that do not hold, with how far off they are.
    public var unsatisfied: [UnsatisfiedPreference]
    /// Views whose frame the constraints leave free.
    public var ambiguities: [ViewAmbiguity]
}

extension LayoutSession {
    /// The whole layout with every query answered. With `listingAmbiguities`
    /// false, `ambiguities` is left empty (the views are still flagged and the
    /// diagnostics still warn about them): what JSON prints needs no list, and
    /// for a large ambiguous spec the list, every involved constraint
    /// described, is megabytes.
    public func snapshot(listingAmbiguities: Bool = true) -> LayoutSnapshot {
        LayoutSnapshot(
            size: size, views: views, flags: flags(), diagnostics: checkDiagnostics(), conflicts: conflicts(),
            unsatisfied: unsatisfiedPreferences(), ambiguities: listingAmbiguities ? ambiguities() : [])
    }

    /// Badges for every view, in tree order.
    public func flags() -> [[ViewFlag]] {
        var sets = [Set<ViewFlag>](repeating: [], count: views.count)
        func mark(_ id: String, _ flag: ViewFlag) {
            if let index = viewIndex(of: id) { sets[index].insert(flag) }
        }
        for found in ambiguousViews() { sets[found.view].insert(.ambiguous) }
        for conflict in conflicts() {
            for member in conflict.constraints where member != conflict.broken {
                for view in member.views { mark(view, .conflict) }
            }
            for view in conflict.broken.views { mark(view, .broken) }
        }
        for preference in unsatisfiedPreferences() {
            if let view = preference.constraint.views.first { mark(view, .unsatisfied) }
        }
        for (index, view) in views.enumerated() {
            if view.frame.width == 0 { sets[index].insert(.zeroWidth) }
            if view.frame.height == 0 { sets[index].insert(.zeroHeight) }
            if view.frame.width < 0 { sets[index].insert(.negativeWidth) }
            if view.frame.height < 0 { sets[index].insert(.negativeHeight) }
            if !view.style.visible { sets[index].insert(.hidden) }
        }
        for (index, fit) in CanvasFit.flags(of: views, canvas: size).enumerated() { sets[index].formUnion(fit) }
        return sets.map { set in ViewFlag.allCases.filter { set.contains($0) } }
    }
}
