import Testing

@testable import LayoutSpec

/// Stable identities (PRODUCT.md §3) and the reload delta built on them.
@Suite struct IdentityTests {
    private func spec(_ rules: String) -> String {
        "screen root {\n box a\n box b\n box v {\n\(rules)\n }\n}"
    }

    private func identities(_ rules: String) -> [ConstraintIdentity] {
        compile(spec(rules)).constraints.map(\.identity)
    }

    @Test func aConstantOnlyEditKeepsTheIdentity() {
        #expect(identities("left == a.right + 1") == identities("left == a.right + 5"))
        #expect(identities("left == a.right + 1") == identities("left == a.right + $margin-left - 2"))
        #expect(identities("top == 2") == identities("top == 7"))
        #expect(identities("edges == parent inset 1") == identities("edges == parent inset 2 offset 1"))
    }

    @Test func aChangedAttributeOrCoefficientChangesIt() {
        let base = identities("left == a.right")
        #expect(base != identities("left == a.left"))
        #expect(base != identities("left == b.right"))
        #expect(base != identities("right == a.right"))
        #expect(base != identities("left >= a.right"))
        #expect(identities("width == a.width * 2") != identities("width == a.width * 3"))
        #expect(identities("top == 2") != identities("top == a.bottom"))
    }

    @Test func termOrderAndTheLineDoNotMatter() {
        #expect(identities("left == a.left + b.left") == identities("left == b.left + a.left"))
        #expect(identities("left == a.left") == identities("\n\n   left == a.left   # moved"))
    }

    @Test func theIdentityHoldsViewAttributeRelationShapeAndOrdinal() {
        let identity = identities("left == a.right * 2 + 1")[0]
        #expect(identity.view == "v")
        #expect(identity.label == nil)
        #expect(identity.left == .attribute(view: "v", .left))
        #expect(identity.relation == .equal)
        #expect(identity.shape == [LinearTerm(.attribute(view: "a", .right), 2)])
        #expect(identity.ordinal == 0)
        #expect(identity.description == "v: v.left == [a.right*2] #0")
    }

    @Test func repeatsAreNumberedBySourceOrder() {
        let both = identities("width >= 1\nwidth >= 2\nwidth <= 9")
        #expect(both.map(\.ordinal) == [0, 1, 0])
        // Deleting the first renumbers the second: it takes the first one's identity.
        #expect(identities("width >= 2")[0] == both[0])
    }

    @Test func labelledConstraintsAreKnownByViewLabelAndSide() {
        let first = identities("left == a.right as gap")
        #expect(first == identities("left >= b.left * 3 @low as gap"))
        #expect(first != identities("left == a.right as other"))
        #expect(first[0].relation == nil && first[0].shape.isEmpty)
        #expect(first[0].description == "v: as gap, v.left #0")
    }

    @Test func identitiesAreUniqueInADocument() {
        let document = compile(spec("edges == a as box\nedges == b as box\nwidth >= 1\nwidth >= 1\nequal width (a b)\nequal width (a b)"))
        let all = document.constraints.map(\.identity)
        #expect(Set(all).count == all.count)
        #expect(document.diagnostics.map(\.message) == ["label 'box' is already used in view 'v' at line 5"])
    }

    @Test func manyChildrenStillGetUniqueIdentities() {
        let children = (0..<300).map { "box c\($0) [grow=1]" }.joined(separator: "\n")
        let document = compile("screen root {\n row r [justify=space-evenly] {\n\(children)\n }\n width >= 1\n width >= 1\n}")
        let all = document.constraints.map(\.identity)
        #expect(Set(all).count == all.count)
        #expect(document.constraints.count > 1200)
    }

    @Test func shorthandConstantsAreConstantOnlyEdits() {
        let before = compile("screen root {\n row r [gap=1 padding=1] {\n box a\n box b\n }\n}")
        let after = compile("screen root {\n row r [gap=3 padding=2] {\n box a\n box b\n }\n}")
        let delta = ConstraintDelta(from: before, to: after)
        #expect(delta.added.isEmpty && delta.removed.isEmpty && delta.replaced.isEmpty)
        #expect(delta.constantChanged.count == before.constraints.count)
    }

    @Test func deltaOfAnUnchangedSpecIsEmpty() {
        let text = spec("left == a.right + 1\nwidth == 3 @high")
        let delta = ConstraintDelta(from: compile(text), to: compile("# a new first line\n" + text))
        #expect(delta.isEmpty)
        #expect(delta.unchanged.count == 2)
    }

    @Test func deltaSortsEditsIntoAddedRemovedChangedAndReplaced() {
        let before = compile(spec("left == a.right + 1\nwidth == 3 @high\nheight == 2\ntop == b.bottom as t"))
        let after = compile(spec("left == a.right + 4\nwidth == 3 @low\ncenterY == 0\ntop == b.top as t"))
        let delta = ConstraintDelta(from: before, to: after)
        #expect(delta.constantChanged == [.init(old: 0, new: 0)])
        #expect(delta.replaced == [.init(old: 1, new: 1), .init(old: 3, new: 3)])
        #expect(delta.removed == [2])
        #expect(delta.added == [2])
    }

    @Test func aDeletedViewTakesItsRulesAndEveryRuleThatMentionsIt() {
        let before = compile(spec("left == a.right\nwidth == b.width"))
        let after = compile("screen root {\n box a\n box v {\nleft == a.right\nwidth == b.width\n }\n}")
        let delta = ConstraintDelta(from: before, to: after)
        #expect(delta.removed == [1])
        #expect(delta.unchanged.count == 1)
        #expect(after.diagnostics.map(\.message) == ["unknown view 'b'; the rule is skipped"])
    }

    @Test func addedAndRemovedViewsBringTheirOwnRules() {
        let before = compile("screen root {\n box a { width == 1 }\n}")
        let after = compile("screen root {\n box b { width == 1\n height == 2 }\n}")
        let delta = ConstraintDelta(from: before, to: after)
        #expect(delta.removed == [0])
        #expect(delta.added == [0, 1])
    }

    @Test func constraintsAreFoundByIdentity() {
        let document = compile(spec("width == 1\nwidth >= 2 as w"))
        for constraint in document.constraints {
            #expect(document.constraint(constraint.identity) == constraint)
        }
        #expect(document.constraints(ownedBy: "v").count == 2)
        #expect(document.constraints(ownedBy: "a").isEmpty)
    }
}
