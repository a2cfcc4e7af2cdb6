import Testing

@testable import LayoutSpec

/// Golden lowering of every shorthand: each compiles to plain, labelled constraints.
@Suite struct ShorthandLoweringTests {
    private func stack(_ header: String, _ children: String = "box a\n box b\n box c") -> String {
        cleanLowered("screen root {\n \(header) {\n \(children)\n }\n}")
    }

    @Test func rowStartWithGapPaddingAndStretch() {
        #expect(
            stack("row r [gap=1 padding=1]") == lines(
                "a.left == r.left + 1 as row.start",
                "b.left == a.right + 1 as row.gap",
                "c.left == b.right + 1 as row.gap",
                "a.top == r.top + 1 as row.align",
                "a.bottom == r.bottom - 1 @999 as row.align",
                "b.top == r.top + 1 as row.align",
                "b.bottom == r.bottom - 1 @999 as row.align",
                "c.top == r.top + 1 as row.align",
                "c.bottom == r.bottom - 1 @999 as row.align"))
    }

    @Test func columnRunsVertically() {
        #expect(
            stack("column c [gap=2 align=start]", "box a\n box b") == lines(
                "a.top == c.top as column.start",
                "b.top == a.bottom + 2 as column.gap",
                "a.left == c.left as column.align",
                "b.left == c.left as column.align"))
    }

    @Test func justifyCenterAndEnd() {
        #expect(
            stack("row r [padding=(0 1 0 3) justify=center align=end]", "box a\n box b") == lines(
                "a.left == r.left + r.right - b.right - 2 as row.center",
                "b.left == a.right as row.gap",
                "a.bottom == r.bottom as row.align",
                "b.bottom == r.bottom as row.align"))
        #expect(
            stack("row r [justify=end align=center padding=(2 0)]", "box a\n box b") == lines(
                "b.left == a.right as row.gap",
                "b.right == r.right as row.end",
                "a.centerY == r.centerY as row.align",
                "b.centerY == r.centerY as row.align"))
    }

    @Test func justifySpaceBetween() {
        #expect(
            stack("row r [gap=1 justify=space-between align=start]") == lines(
                "a.left == r.left as row.start",
                "b.left == a.right + r.~space + 1 as row.gap",
                "c.left == b.right + r.~space + 1 as row.gap",
                "c.right == r.right @999 as row.end",
                "r.~space >= 0 as row.space",
                "a.top == r.top as row.align",
                "b.top == r.top as row.align",
                "c.top == r.top as row.align"))
    }

    @Test func spaceBetweenWithOneChildSitsAtTheStart() {
        #expect(
            stack("row r [justify=space-between align=start]", "box a") == lines(
                "a.left == r.left as row.start", "a.top == r.top as row.align"))
    }

    @Test func justifySpaceAroundAndEvenly() {
        #expect(
            stack("column c [justify=space-around align=start]", "box a\n box b") == lines(
                "a.top == c.top + c.~space * 0.5 as column.start",
                "b.top == a.bottom + c.~space as column.gap",
                "b.bottom == c.bottom - c.~space * 0.5 @999 as column.end",
                "c.~space >= 0 as column.space",
                "a.left == c.left as column.align",
                "b.left == c.left as column.align"))
        #expect(
            stack("column c [justify=space-evenly align=start]", "box a") == lines(
                "a.top == c.top + c.~space as column.start",
                "a.bottom == c.bottom - c.~space @999 as column.end",
                "c.~space >= 0 as column.space",
                "a.left == c.left as column.align"))
    }

    @Test func alignSelfOnAChildAndAlignOnANestedStack() {
        let text = stack("row r [align=start]", "column k [align=end] { box x }\n box b [align-self=center]")
        #expect(text.contains("k.top == r.top as row.align"))
        #expect(text.contains("x.right == k.right as column.align"))
        #expect(text.contains("b.centerY == r.centerY as row.align"))
    }

    @Test func growMinMaxAndPerChildAlign() {
        #expect(
            stack("row r [justify=center align=start]", "box a [grow=1 min=3]\n box b [max=$max-width align=end]\n box c [grow=2]")
                == lines(
                    "a.left == r.left as row.start",
                    "b.left == a.right as row.gap",
                    "c.left == b.right as row.gap",
                    "c.right == r.right @999 as row.end",
                    "a.width >= 3 as row.min",
                    "b.width <= $max-width as row.max",
                    "a.width == r.~grow-unit @medium as row.grow",
                    "c.width == r.~grow-unit * 2 @medium as row.grow",
                    "r.~grow-unit >= 0 as row.grow",
                    "a.top == r.top as row.align",
                    "b.bottom == r.bottom as row.align",
                    "c.top == r.top as row.align"))
    }

    @Test func containerParametersMayUseLetsAndStyles() {
        let text = cleanLowered("let g = 2\nscreen root {\n row r [gap=g padding=$padding align=start] {\n box a\n box b\n }\n}")
        #expect(
            text == lines(
                "a.left == r.left + r.$padding-left as row.start",
                "b.left == a.right + 2 as row.gap",
                "a.top == r.top + r.$padding-top as row.align",
                "b.top == r.top + r.$padding-top as row.align"))
    }

    @Test func gridPlacesChildrenRowByRowWithSpans() {
        #expect(
            stack("grid g [columns=3 gap=1]", "box a [span=2]\n box b\n box c [row-span=2]\n box d") == lines(
                "g.width == g.~column-width * 3 + 2 as grid.columns",
                "g.height == g.~row-height * 3 + 2 as grid.rows",
                "a.left == g.left as grid.col",
                "a.top == g.top as grid.row",
                "a.width == g.~column-width * 2 + 1 @999 as grid.width",
                "a.height == g.~row-height @999 as grid.height",
                "b.left == g.left + g.~column-width * 2 + 2 as grid.col",
                "b.top == g.top as grid.row",
                "b.width == g.~column-width @999 as grid.width",
                "b.height == g.~row-height @999 as grid.height",
                "c.left == g.left as grid.col",
                "c.top == g.top + g.~row-height + 1 as grid.row",
                "c.width == g.~column-width @999 as grid.width",
                "c.height == g.~row-height * 2 + 1 @999 as grid.height",
                "d.left == g.left + g.~column-width + 1 as grid.col",
                "d.top == g.top + g.~row-height + 1 as grid.row",
                "d.width == g.~column-width @999 as grid.width",
                "d.height == g.~row-height @999 as grid.height"))
    }

    @Test func gridGapsPaddingAndMinimumRows() {
        let text = stack("grid g [columns=2 column-gap=2 row-gap=0 padding=1 rows=2]", "box a")
        #expect(
            text == lines(
                "g.width == g.~column-width * 2 + 4 as grid.columns",
                "g.height == g.~row-height * 2 + 2 as grid.rows",
                "a.left == g.left + 1 as grid.col",
                "a.top == g.top + 1 as grid.row",
                "a.width == g.~column-width @999 as grid.width",
                "a.height == g.~row-height @999 as grid.height"))
    }

    @Test func overlayGravities() {
        #expect(
            stack("overlay o [gravity=center padding=1]", "box a\n box b [gravity=bottom-right]\n box c [gravity=fill]\n box d [gravity=top]")
                == lines(
                    "a.centerX == o.centerX as overlay.center",
                    "a.centerY == o.centerY as overlay.center",
                    "b.right == o.right - 1 as overlay.bottom-right",
                    "b.bottom == o.bottom - 1 as overlay.bottom-right",
                    "c.left == o.left + 1 as overlay.fill",
                    "c.right == o.right - 1 as overlay.fill",
                    "c.top == o.top + 1 as overlay.fill",
                    "c.bottom == o.bottom - 1 as overlay.fill",
                    "d.centerX == o.centerX as overlay.top",
                    "d.top == o.top + 1 as overlay.top"))
    }

    @Test func overlayDefaultsToTopLeft() {
        #expect(stack("overlay o", "box a") == lines("a.left == o.left as overlay.top-left", "a.top == o.top as overlay.top-left"))
    }

    @Test func distributeWithFixedSpacing() {
        #expect(
            stack("box v", "box a\n box b\n box c\n distribute horizontal (a b c) spacing 2 lead 1 tail 1") == lines(
                "a.left == v.left + 1 as distribute.lead",
                "b.left == a.right + 2 as distribute.spacing",
                "c.left == b.right + 2 as distribute.spacing",
                "c.right == v.right - 1 as distribute.tail",
                "b.width == a.width as distribute.equal",
                "c.width == a.width as distribute.equal"))
    }

    @Test func distributeWithFixedLength() {
        #expect(
            stack("box v", "box a\n box b\n distribute vertical (a b) length 3\n distribute V (a b) length 4 @low") == lines(
                "a.top == v.top as distribute.lead",
                "b.top == a.bottom + v.~distribute-gap as distribute.gap",
                "b.bottom == v.bottom as distribute.tail",
                "a.height == 3 as distribute.length",
                "b.height == 3 as distribute.length",
                "a.top == v.top @low as distribute.lead",
                "b.top == a.bottom + v.~distribute-gap-2 @low as distribute.gap",
                "b.bottom == v.bottom @low as distribute.tail",
                "a.height == 4 @low as distribute.length",
                "b.height == 4 @low as distribute.length"))
    }

    @Test func equalAndAlign() {
        #expect(
            stack("box v", "box a\n box b\n box c\n equal width (a b c) @high\n align center (a b) as mid\n equal size (b c)")
                == lines(
                    "b.width == a.width @high as equal.width",
                    "c.width == a.width @high as equal.width",
                    "b.centerX == a.centerX as mid",
                    "b.centerY == a.centerY as mid",
                    "c.width == b.width as equal.width",
                    "c.height == b.height as equal.height"))
    }

    @Test func aspectAccountsForTallCells() {
        #expect(
            stack("box v", "aspect 1:1\n aspect 16:9 @high\n aspect 2:1 cells as raw\n aspect 3") == lines(
                "v.width == v.height * 2 as aspect",
                "v.width == v.height * 3.5555555555555554 @high as aspect",
                "v.width == v.height * 2 as raw",
                "v.width == v.height * 6 as aspect"))
    }

    /// The example in docs/layout.md.
    @Test func growLeavesNothingForJustify() {
        #expect(
            stack("row list [gap=1 padding=1 justify=space-between align=center]", "box a\n box b [grow=1]") == lines(
                "a.left == list.left + 1 as row.start",
                "b.left == a.right + 1 as row.gap",
                "b.right == list.right - 1 @999 as row.end",
                "b.width == list.~grow-unit @medium as row.grow",
                "list.~grow-unit >= 0 as row.grow",
                "a.centerY == list.centerY as row.align",
                "b.centerY == list.centerY as row.align"))
    }

    @Test func alignTakesEdgesAndEqualTakesSize() {
        #expect(
            stack("box v", "box a\n box b\n align edges (a b)") == lines(
                "b.top == a.top as align.top", "b.left == a.left as align.left",
                "b.bottom == a.bottom as align.bottom", "b.right == a.right as align.right"))
    }

    @Test func shorthandsPointAtTheLineThatMadeThem() {
        let document = compile("screen root {\n row r [gap=1] {\n  box a\n  box b [grow=1]\n }\n}")
        let byLabel = Dictionary(grouping: document.constraints, by: { $0.label ?? "" })
        #expect(byLabel["row.gap"]?.map(\.location.line) == [2])
        #expect(byLabel["row.gap"]?.first?.location.column == 9)
        #expect(byLabel["row.grow"]?.map(\.location.line) == [4, 4])
        #expect(byLabel["row.align"]?.map(\.location.line) == [2, 2, 2, 2])
    }
}
