import Cells
import Testing

@testable import LayoutEngine

/// `flags()` collects bits and finds unsatisfied views without describing
/// their constraints; the badges must be those the public queries imply.
@Suite struct FlagTests {
    /// Every kind of badge at once: a conflict, spec and engine preferences
    /// that do not hold (a text cut short is the engine's own), ambiguity,
    /// empty and hidden views, a view past the canvas.
    static let spec = """
        use "s.cas"
        screen root {
          box a { left == 0; top == 0; height == 1; width == 10; width == 25 @high as wish }
          box b { left == 0; top == 2; height == 1; width == 10; width == 12 }
          text t "one two three four" { left == 0; top == 4; width == 4; height == 1 }
          box c { left == 0; top == 6; height == 1; width >= 5; width <= 10 }
          box z { left == 0; top == 8; height == 0; width == 0 }
          box far { left == 70; top == 10; height == 1; width == 30 }
          box gone .hidden { left == 0; top == 12; height == 1; width == 3 }
        }
        """

    /// The badges as the public lists give them, one set per view.
    static func expected(_ session: LayoutSession) -> [[ViewFlag]] {
        var sets = [Set<ViewFlag>](repeating: [], count: session.views.count)
        func mark(_ id: String, _ flag: ViewFlag) {
            if let index = session.viewIndex(of: id) { sets[index].insert(flag) }
        }
        for ambiguity in session.ambiguities() { mark(ambiguity.view, .ambiguous) }
        for conflict in session.conflicts() {
            for member in conflict.constraints where member != conflict.broken {
                for view in member.views { mark(view, .conflict) }
            }
            for view in conflict.broken.views { mark(view, .broken) }
        }
        for preference in session.unsatisfiedPreferences() {
            if let view = preference.constraint.views.first { mark(view, .unsatisfied) }
        }
        for (index, view) in session.views.enumerated() {
            if view.frame.width == 0 { sets[index].insert(.zeroWidth) }
            if view.frame.height == 0 { sets[index].insert(.zeroHeight) }
            if !view.style.visible { sets[index].insert(.hidden) }
        }
        for (index, fit) in CanvasFit.flags(of: session.views, canvas: session.size).enumerated() {
            sets[index].formUnion(fit)
        }
        return sets.map { set in ViewFlag.allCases.filter { set.contains($0) } }
    }

    @Test func flagsAreThoseThePublicQueriesImply() {
        let session = loaded(Self.spec, styles: ["s.cas": ".hidden { visible false }"]).session
        let flags = session.flags()
        #expect(flags == Self.expected(session))
        // The spec reaches every kind it means to, so the comparison has something to compare.
        let seen = Set(flags.joined())
        for kind: ViewFlag in [.unsatisfied, .conflict, .broken, .ambiguous, .zeroWidth, .offCanvas, .hidden] {
            #expect(seen.contains(kind), "no view flagged \(kind)")
        }
        // A text cut short is an engine preference (its height resistance) that does not hold.
        #expect(session.unsatisfiedPreferences().contains { $0.constraint.view == "t" })
        #expect(flags[session.viewIndex(of: "t")!].contains(.unsatisfied))
    }

    @Test func everyFlagHasItsOwnBit() {
        let bits = ViewFlag.allCases.map(\.bit)
        #expect(Set(bits).count == ViewFlag.allCases.count)
        #expect(bits.allSatisfy { $0 != 0 && $0 & ($0 - 1) == 0 })
    }

    @Test func aSnapshotForJSONLeavesTheListsOutButNotTheBadges() {
        let session = loaded(Self.spec, styles: ["s.cas": ".hidden { visible false }"]).session
        let full = session.snapshot()
        let lean = session.snapshot(listingAmbiguities: false, listingUnsatisfied: false)
        #expect(!full.unsatisfied.isEmpty && !full.ambiguities.isEmpty)
        #expect(lean.unsatisfied.isEmpty && lean.ambiguities.isEmpty)
        #expect(lean.flags == full.flags)
        #expect(lean.diagnostics == full.diagnostics)
    }
}
