import Testing

@testable import LayoutSpec

/// Golden lowering of plain rules: composites, lists, relations, inset,
/// offset, bare numbers and views, style values, lets, priorities, labels.
@Suite struct RuleLoweringTests {
    /// Wraps rule lines in `screen root { box a {} box b {} box v { … } }`.
    private func rules(_ body: String) -> String {
        cleanLowered("screen root {\n box a\n box b\n box v {\n\(body)\n }\n}")
    }

    @Test func productExample() {
        let text = cleanLowered("""
            use "../styles/boxes.cas"
            screen root {
              box blue .blue-box "Blue" {
                size == $size
                top  == parent.top  + $margin-top
                left == parent.left + $margin-left
              }
              box red .red-box "Red" {
                top, size == blue                       # same attributes of blue
                left == blue.right + $margin-left  @high  as red-gap
                edges within parent inset 1             as on-screen
              }
            }
            """)
        #expect(
            text == lines(
                "blue.width == $size-width",
                "blue.height == $size-height",
                "blue.top == root.top + $margin-top",
                "blue.left == root.left + $margin-left",
                "red.top == blue.top",
                "red.width == blue.width",
                "red.height == blue.height",
                "red.left == blue.right + $margin-left @high as red-gap",
                "red.top >= root.top + 1 as on-screen",
                "red.left >= root.left + 1 as on-screen",
                "red.bottom <= root.bottom - 1 as on-screen",
                "red.right <= root.right - 1 as on-screen"))
    }

    @Test func compositesExpandInMasonryOrder() {
        #expect(
            rules("edges == parent") == lines(
                "v.top == root.top", "v.left == root.left", "v.bottom == root.bottom", "v.right == root.right"))
        #expect(rules("center == a") == lines("v.centerX == a.centerX", "v.centerY == a.centerY"))
        #expect(rules("size == a.size * 2") == lines("v.width == a.width * 2", "v.height == a.height * 2"))
    }

    @Test func commaListsAndAliases() {
        #expect(rules("leading, trailing, centerY == b") == lines("v.left == b.left", "v.right == b.right", "v.centerY == b.centerY"))
    }

    @Test func relations() {
        #expect(rules("width >= 3\nheight <= a.height - 1") == lines("v.width >= 3", "v.height <= a.height - 1"))
    }

    @Test func aBareNumberOnAPositionIsMeasuredFromTheParent() {
        #expect(
            rules("top == 2\nleft == $margin-left\ncenterX == 0\nwidth == 5") == lines(
                "v.top == root.top + 2",
                "v.left == root.left + $margin-left",
                "v.centerX == root.centerX",
                "v.width == 5"))
    }

    @Test func aTopLevelViewHasNoParentToMeasureFrom() {
        #expect(cleanLowered("screen s {\n left == 0\n top == 1\n}") == lines("s.left == 0", "s.top == 1"))
    }

    @Test func bareAttributesNameTheRulesOwnView() {
        #expect(rules("width == height * 2") == "v.width == v.height * 2")
    }

    @Test func insetIsDirectionAwarePerAttribute() {
        #expect(
            rules("edges == parent inset 1 2") == lines(
                "v.top == root.top + 1",
                "v.left == root.left + 2",
                "v.bottom == root.bottom - 1",
                "v.right == root.right - 2"))
        #expect(rules("size == a inset 1 2 3 4") == lines("v.width == a.width - 6", "v.height == a.height - 4"))
        #expect(rules("center == a inset 1 2 3 4") == lines("v.centerX == a.centerX - 1", "v.centerY == a.centerY - 1"))
        #expect(rules("right >= a.left inset 3") == "v.right >= a.left - 3")
    }

    @Test func insetReadsTupleStyleValuesPerSide() {
        #expect(
            rules("edges within parent inset $margin") == lines(
                "v.top >= root.top + $margin-top",
                "v.left >= root.left + $margin-left",
                "v.bottom <= root.bottom - $margin-bottom",
                "v.right <= root.right - $margin-right"))
        #expect(rules("width == a inset $padding") == "v.width == a.width - $padding-left - $padding-right")
    }

    @Test func withinFlipsOnFarEdgesAndSizes() {
        #expect(
            rules("left, right, width within a") == lines("v.left >= a.left", "v.right <= a.right", "v.width <= a.width"))
    }

    @Test func offsetIsRaw() {
        #expect(rules("right == a.right offset 2") == "v.right == a.right + 2")
        #expect(rules("center == a offset 3 -1") == lines("v.centerX == a.centerX + 3", "v.centerY == a.centerY - 1"))
        #expect(rules("edges == a inset 1 offset 1") == lines(
            "v.top == a.top + 2", "v.left == a.left + 2", "v.bottom == a.bottom", "v.right == a.right"))
    }

    @Test func priorities() {
        #expect(
            rules("width == 1 @required\nwidth == 2 @high\nwidth == 3 @medium\nwidth == 4 @low\nwidth == 5 @weak\nwidth == 6 @999")
                == lines(
                    "v.width == 1", "v.width == 2 @high", "v.width == 3 @medium", "v.width == 4 @low", "v.width == 5 @weak",
                    "v.width == 6 @999"))
    }

    @Test func labelsAndPrioritiesInEitherOrder() {
        #expect(rules("width == 1 as w @low\nheight == 1 @low as h") == lines("v.width == 1 @low as w", "v.height == 1 @low as h"))
    }

    @Test func letsAreSubstituted() {
        let text = cleanLowered("""
            let gap = 2
            let double = gap * 2
            screen root {
              box a
              box v {
                let near = a.right + gap
                left == near
                width == double + $size-width
              }
            }
            """)
        #expect(text == lines("v.left == a.right + 2", "v.width == $size-width + 4"))
    }

    @Test func letsAreScopedToTheirBlock() {
        let document = compile("""
            screen root {
              box a { let inner = 3 }
              box b { width == inner }
            }
            """)
        #expect(messages(document) == ["3:20: error: unknown name 'inner': not a view, a let or an attribute"])
        #expect(document.constraints.isEmpty)
    }

    @Test func letsSeeEnclosingLetsAndAreSubstitutedInTheUsingRule() {
        // `$size-width` in the let reads the style of the view whose rule uses it.
        let text = cleanLowered("""
            let w = $size-width * 2
            screen root {
              box a { width == w }
              box b { width == w }
            }
            """)
        #expect(text == lines("a.width == $size-width * 2", "b.width == $size-width * 2"))
    }

    @Test func styleValuesOfAnotherViewPrintWithTheirView() {
        let document = compile("screen root {\n box a\n box b { left == a.right + $margin-left }\n}")
        let constraint = document.constraints[0]
        #expect(constraint.right.styles == [StyleTerm(view: "b", name: "margin-left")])
        #expect(constraint.right.formatted(ownStyleView: "a") == "a.right + b.$margin-left")
    }

    @Test func termsMergeAndCancel() {
        #expect(rules("width == a.width + a.width - 2 * a.width + 3") == "v.width == 3")
        #expect(rules("left == a.left + b.left - a.left") == "v.left == b.left")
    }

    @Test func divisionByNumbers() {
        #expect(rules("width == a.width / 4 + 1 / 2") == "v.width == a.width * 0.25 + 0.5")
    }
}
