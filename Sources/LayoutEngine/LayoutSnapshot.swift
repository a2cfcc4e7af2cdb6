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

extension ViewFlag {
    /// A set of flags as bits, one per case in declaration order.
    typealias Bits = UInt16

    /// This flag's bit in `Bits`.
    var bit: Bits { Bits(1) << Bits(Self.allCases.firstIndex(of: self)!) }
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
    /// diagnostics still warn about them), and with `listingUnsatisfied` false,
    /// `unsatisfied` is (the views are still flagged): what JSON prints needs
    /// neither list, and for a large spec each, every constraint in it
    /// described, is megabytes.
    public func snapshot(listingAmbiguities: Bool = true, listingUnsatisfied: Bool = true) -> LayoutSnapshot {
        LayoutSnapshot(
            size: size, views: views, flags: flags(), diagnostics: checkDiagnostics(), conflicts: conflicts(),
            unsatisfied: listingUnsatisfied ? unsatisfiedPreferences() : [],
            ambiguities: listingAmbiguities ? ambiguities() : [])
    }

    /// Badges for every view, in tree order.
    ///
    /// Collected as one bit per flag and view, not a set per view, and the
    /// unsatisfied preferences are found without being described: for a large
    /// spec both were megabytes at the JSON render's peak (docs/engine.md).
    public func flags() -> [[ViewFlag]] {
        var marks = [ViewFlag.Bits](repeating: 0, count: views.count)
        func mark(_ id: String, _ flag: ViewFlag) {
            if let index = viewIndex(of: id) { marks[index] |= flag.bit }
        }
        for found in ambiguousViews() { marks[found.view] |= ViewFlag.ambiguous.bit }
        for conflict in conflicts() {
            for member in conflict.constraints where member != conflict.broken {
                for view in member.views { mark(view, .conflict) }
            }
            for view in conflict.broken.views { mark(view, .broken) }
        }
        for view in unsatisfiedViews() { marks[view] |= ViewFlag.unsatisfied.bit }
        for (index, view) in views.enumerated() {
            if view.frame.width == 0 { marks[index] |= ViewFlag.zeroWidth.bit }
            if view.frame.height == 0 { marks[index] |= ViewFlag.zeroHeight.bit }
            if view.frame.width < 0 { marks[index] |= ViewFlag.negativeWidth.bit }
            if view.frame.height < 0 { marks[index] |= ViewFlag.negativeHeight.bit }
            if !view.style.visible { marks[index] |= ViewFlag.hidden.bit }
        }
        for (index, fit) in CanvasFit.flags(of: views, canvas: size, scrolled: scrolledViews()).enumerated() {
            for flag in fit { marks[index] |= flag.bit }
        }
        return marks.map { bits in bits == 0 ? [] : ViewFlag.allCases.filter { bits & $0.bit != 0 } }
    }
}
