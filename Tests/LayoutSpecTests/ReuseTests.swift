import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import LayoutSpec

/// Lowering an edited spec with `reusing:` takes over the views the edit did
/// not touch. Whatever the edit, the document must be exactly the one lowering
/// from scratch gives, and so must the delta from the previous document.
@Suite struct ReuseTests {
    /// A spec without lets, of every container kind, with rules between
    /// siblings, shorthands, VFL, labels and a grid whose columns come from styles.
    static func plainSpec(sections: Int, leaves: Int) -> String {
        var text = "use \"plain.cas\"\nscreen root {\n  column main [gap=0 padding=1] {\n    edges == parent\n"
        for section in 0..<sections {
            text += "    row s\(section) .section [gap=1 justify=space-between align=center] {\n"
            text += "      height == $size-height\n"
            text += "      grid s\(section)g [columns=3 gap=1 grow=1] {\n"
            for leaf in 0..<leaves {
                let span = leaf % 4 == 3 ? " [span=2]" : ""
                text += "        box s\(section)g\(leaf) .c\(leaf % 5)\(span) { height == $size-height @medium }\n"
            }
            text += "      }\n"
            text += "      column s\(section)c [gap=0 grow=2 min=3] {\n"
            for leaf in 0..<leaves {
                if leaf % 3 == 2 {
                    text += "        text s\(section)c\(leaf) .c\(leaf % 5) \"item \(leaf)\" [align=end]\n"
                } else {
                    text += "        box s\(section)c\(leaf) { width == $size-width @medium; left >= parent.left + \(leaf % 3) }\n"
                }
            }
            text += "      }\n"
            text += "      grid s\(section)d [columns=$columns] {\n"
            for leaf in 0..<3 { text += "        box s\(section)d\(leaf)\n" }
            text += "      }\n"
            text += "      overlay s\(section)o [gravity=center padding=(1 2)] {\n"
            text += "        box s\(section)o0 [gravity=fill]\n        box s\(section)o1 [gravity=top-right] { aspect 2:1 }\n"
            text += "      }\n"
            text += "      box s\(section)p {\n        box s\(section)pa\n        box s\(section)pb\n"
            text += "        equal width (s\(section)pa s\(section)pb) @low\n"
            text += "        H:|-1-[s\(section)pa(>=2)]-[s\(section)pb(==s\(section)pa)]-1-| as line\n"
            text += "        top == s\(section)g.top as pinned\n"
            text += "      }\n    }\n"
        }
        text += "  }\n}\n"
        return text
    }

    private static func styles(columns: Double) -> StructuralStyle {
        { _, name in name == "columns" && columns > 0 ? columns : nil }
    }

    /// Lowers `text` from scratch and reusing `previous`, expects both the same,
    /// and both deltas from the previous document the same. Returns the reusing one.
    @discardableResult
    private func lowerBothWays(
        _ text: String, columns: Double, previous: LayoutDocument, _ note: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> LayoutDocument {
        let syntax = SpecParser.parse(SourceText(path: "p.layout", text: text))
        let fresh = SpecLowering.lower(syntax, styles: Self.styles(columns: columns))
        let reused = SpecLowering.lower(syntax, styles: Self.styles(columns: columns), reusing: previous)
        expectSame(reused, fresh, note, sourceLocation: sourceLocation)
        var unrelated = previous
        unrelated.memo = nil
        #expect(
            ConstraintDelta(from: previous, to: reused) == ConstraintDelta(from: unrelated, to: fresh), "\(note)",
            sourceLocation: sourceLocation)
        return reused
    }

    private func expectSame(
        _ a: LayoutDocument, _ b: LayoutDocument, _ note: String, sourceLocation: Testing.SourceLocation
    ) {
        #expect(a.path == b.path, "\(note)", sourceLocation: sourceLocation)
        #expect(a.uses == b.uses, "\(note)", sourceLocation: sourceLocation)
        #expect(a.views == b.views, "\(note)", sourceLocation: sourceLocation)
        #expect(a.constraints == b.constraints, "\(note)", sourceLocation: sourceLocation)
        #expect(a.diagnostics == b.diagnostics, "\(note)", sourceLocation: sourceLocation)
        #expect(a.viewIndex == b.viewIndex, "\(note)", sourceLocation: sourceLocation)
        #expect(a.structuralReads == b.structuralReads, "\(note)", sourceLocation: sourceLocation)
    }

    /// How many views the document took over from the one it was lowered against.
    private func takenCount(_ document: LayoutDocument) -> Int {
        document.memo?.bases.first?.taken.count(where: { $0 }) ?? 0
    }

    private func compile(_ text: String, columns: Double = 2) -> LayoutDocument {
        SpecLowering.lower(SpecParser.parse(SourceText(path: "p.layout", text: text)), styles: Self.styles(columns: columns))
    }

    func mutationFuzzMatchesLoweringFromScratch(base: Int) {
        let start = base == 0 ? SlowRobustnessTests.rich : Self.plainSpec(sections: 2, leaves: 4)
        let fragments = [
            "{", "}", "[", "]", "(", ")", "==", ">=", "=", "within", "inset 1", "@high", " as x", ",", ".", ";", "|",
            "-", "+", "*", "$size", "\n", "parent", "let ", "let k = 2\n", "use \"a.cas\"\n", "equal width (a b)\n",
            "H:|-[a]-|\n", "box ", "row ", "grid ", "text ", "box z\n", "\"", "#", "1", "2", "gap=", "span=2",
            "grow=1", "columns=", "é", "漢", "  ", "\n\n", "left == parent.left + 3\n",
        ]
        var random = SplitMix64(seed: 0x7E05_E000 + UInt64(base))
        var text = Array(start.utf8)
        var previous = compile(start)
        var roundsTakingViews = 0
        for round in 0..<1500 {
            if round % 50 == 0 { text = Array(start.utf8) }
            let position = random.below(text.count + 1)
            switch random.below(6) {
            case 0:
                text.removeSubrange(position..<min(text.count, position + 1 + random.below(12)))
            case 1, 2:
                text.insert(contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: position)
            case 3:
                // A whole line, duplicated or removed.
                let lineStart = text[..<position].lastIndex(of: 10).map { $0 + 1 } ?? 0
                let lineEnd = text[position...].firstIndex(of: 10).map { $0 + 1 } ?? text.count
                let line = Array(text[lineStart..<lineEnd])
                if random.below(2) == 0 { text.removeSubrange(lineStart..<lineEnd) } else { text.insert(contentsOf: line, at: lineEnd) }
            case 4:
                // A digit changed: the commonest edit, constants only.
                if let digit = text[position...].firstIndex(where: { $0 >= 48 && $0 <= 57 }) {
                    text[digit] = UInt8(48 + random.below(10))
                }
            default:
                break  // The same text again.
            }
            let string = String(decoding: text, as: UTF8.self)
            previous = lowerBothWays(string, columns: Double(random.below(4)), previous: previous, "round \(round): \(string)")
            if takenCount(previous) > 0 { roundsTakingViews += 1 }
        }
        // Most edits leave some views to take over (the rest must be lowered again).
        #expect(roundsTakingViews > 500, "\(roundsTakingViews) rounds took views over")
    }

    @Test func editsOfALargeSpecTakeOverTheUntouchedViews() {
        let original = Self.plainSpec(sections: 12, leaves: 12)
        let previous = compile(original)
        let count = previous.views.count
        #expect(count > 400)

        // A constant in the first section's header: only the section and its ancestors are lowered again.
        let gap = original.replacingOccurrences(of: "row s0 .section [gap=1", with: "row s0 .section [gap=3")
        #expect(takenCount(lowerBothWays(gap, columns: 2, previous: previous, "gap")) == count - 3)

        // A rule added to a leaf near the top: that leaf, its ancestors, and the
        // leaf before it (whose extent ends on the edited line).
        let rule = original.replacingOccurrences(
            of: "box s0g1 .c1 { height == $size-height @medium }", with: "box s0g1 .c1 { height == $size-height @medium; width >= 1 as extra }")
        #expect(takenCount(lowerBothWays(rule, columns: 2, previous: previous, "rule")) == count - 6)

        // Lines added above everything: every view moves down two lines and is taken.
        let lines = "# a comment\n\n" + original
        let moved = lowerBothWays(lines, columns: 2, previous: previous, "lines")
        #expect(takenCount(moved) == count)
        #expect(moved.constraints.last!.location.line == previous.constraints.last!.location.line + 2)

        // An edit near the bottom: the views before it are taken as they are.
        let last = original.replacingOccurrences(of: "box s11pa\n", with: "box s11pa [grow=2]\n")
        #expect(takenCount(lowerBothWays(last, columns: 2, previous: previous, "last")) > count * 9 / 10)

        // The same text with another column count: only the grids that read it are lowered again.
        let restyled = lowerBothWays(original, columns: 3, previous: previous, "restyled")
        #expect(takenCount(restyled) == count - 12)

        // A view added: the views after it move up one index and are taken all the same.
        let added = original.replacingOccurrences(of: "box s5pb\n", with: "box s5pb\n        box s5pc\n")
        #expect(takenCount(lowerBothWays(added, columns: 2, previous: previous, "added")) > count * 9 / 10)

        // A view removed, and with it a rule naming it: the view that named it is lowered again (and reports it).
        let removed = original.replacingOccurrences(of: "      grid s3g [columns=3 gap=1 grow=1] {\n", with: "      grid s3x [columns=3 gap=1 grow=1] {\n")
        let withoutView = lowerBothWays(removed, columns: 2, previous: previous, "removed")
        #expect(takenCount(withoutView) > count * 9 / 10)
        #expect(withoutView.diagnostics.contains { $0.message.contains("unknown view 's3g'") })

        // A view wrapped in a new one: its descendants are deeper now, so they are lowered again.
        let wrapped = original.replacingOccurrences(of: "      overlay s2o [gravity=center padding=(1 2)] {\n", with: "      box wrap {\n      overlay s2o [gravity=center padding=(1 2)] {\n")
            .replacingOccurrences(of: "        box s2o1 [gravity=top-right] { aspect 2:1 }\n      }\n", with: "        box s2o1 [gravity=top-right] { aspect 2:1 }\n      }\n      }\n")
        #expect(takenCount(lowerBothWays(wrapped, columns: 2, previous: previous, "wrapped")) > count * 9 / 10)

        // A view named like an attribute: a bare `width` in any rule would now mean it, nothing is taken.
        let attributeName = original.replacingOccurrences(of: "box s5pb\n", with: "box s5pb\n        box width\n")
        #expect(takenCount(lowerBothWays(attributeName, columns: 2, previous: previous, "attribute name")) == 0)

        // A let added: every view could read it, nothing is taken.
        let withLet = original.replacingOccurrences(of: "screen root {\n", with: "screen root {\n  let unused = 2\n")
        #expect(takenCount(lowerBothWays(withLet, columns: 2, previous: previous, "let")) == 0)
    }

    @Test func aDocumentKeepsRoomForFewMoreConstraintsThanItHas() {
        // A document lives as long as it is on screen: its constraint array must
        // not keep room for many more constraints than it has. An edit that adds
        // one constraint used to double it (the array was reserved at exactly
        // the previous count).
        let original = Self.plainSpec(sections: 12, leaves: 12)
        let loaded = compile(original)
        #expect(loaded.constraints.capacity <= loaded.constraints.count * 3 / 2 + 64)
        let rule = original.replacingOccurrences(
            of: "box s0g1 .c1 { height == $size-height @medium }", with: "box s0g1 .c1 { height == $size-height @medium; width >= 1 as extra }")
        let edited = lowerBothWays(rule, columns: 2, previous: loaded, "rule")
        #expect(edited.constraints.count == loaded.constraints.count + 1)
        #expect(edited.constraints.capacity <= edited.constraints.count * 17 / 16 + 64, "\(edited.constraints.capacity) for \(edited.constraints.count)")
    }

    @Test func aSecondLoweringKeepsTheFirstDocumentAsItsBase() {
        // Lowered for an edit, then again for new structural styles: the delta
        // from the document before the edit still skips the views taken twice.
        let original = Self.plainSpec(sections: 4, leaves: 6)
        let first = compile(original)
        let edited = original.replacingOccurrences(of: "row s0 .section [gap=1", with: "row s0 .section [gap=2")
        let syntax = SpecParser.parse(SourceText(path: "p.layout", text: edited))
        let guess = SpecLowering.lower(syntax, styles: Self.styles(columns: 2), reusing: first)
        let corrected = SpecLowering.lower(syntax, styles: Self.styles(columns: 3), reusing: guess)
        let fresh = SpecLowering.lower(syntax, styles: Self.styles(columns: 3))
        expectSame(corrected, fresh, "corrected", sourceLocation: #_sourceLocation)
        #expect(corrected.memo?.bases.count == 2)
        var unrelated = first
        unrelated.memo = nil
        #expect(ConstraintDelta(from: first, to: corrected) == ConstraintDelta(from: unrelated, to: fresh))
    }

    @Test func textEditsFindTheCommonEnds() {
        var random = SplitMix64(seed: 0x7E47)
        for _ in 0..<3000 {
            let old = (0..<random.below(40)).map { _ in UInt8(97 + random.below(3)) }
            var new = old
            let start = random.below(new.count + 1)
            new.replaceSubrange(start..<min(new.count, start + random.below(5)), with: (0..<random.below(5)).map { _ in UInt8(97 + random.below(3)) })
            let edit = TextEdit(old: old, new: new)
            let shorter = min(old.count, new.count)
            var prefix = 0, suffix = 0
            while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
            while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            #expect(edit.prefix == prefix && edit.suffix == suffix, "\(old) \(new)")
        }
    }

    @Test func aDocumentChangedByHandIsComparedInFull() {
        let original = Self.plainSpec(sections: 2, leaves: 3)
        var changed = compile(original)
        #expect(changed.memo != nil)
        changed.constraints[0].right.constant += 5
        #expect(changed.memo == nil)
        let again = SpecLowering.lower(
            SpecParser.parse(SourceText(path: "p.layout", text: original)), styles: Self.styles(columns: 2), reusing: changed)
        #expect(takenCount(again) == 0)
        #expect(ConstraintDelta(from: changed, to: again).constantChanged.count == 1)
    }
}

/// The long mutation runs of `ReuseTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowReuseTests {
    @Test(arguments: [0, 1])
    func mutationFuzzMatchesLoweringFromScratch(base: Int) { ReuseTests().mutationFuzzMatchesLoweringFromScratch(base: base) }
}
