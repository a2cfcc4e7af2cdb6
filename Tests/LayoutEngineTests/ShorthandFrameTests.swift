import Cells
import Testing

@testable import LayoutEngine

/// Every shorthand and VFL form yields the frames docs/layout.md promises, on an
/// 80 × 24 screen.
@Suite struct ShorthandFrameTests {
    /// A row or column filling the screen, with its children.
    private func stack(_ header: String, _ children: String) -> [String: ViewFrame] {
        frames("screen root {\n  \(header) {\n    edges == parent\n    \(children)\n  }\n}")
    }

    // MARK: Rows

    @Test func rowStartWithGapPaddingAndStretch() {
        let f = stack("row r [gap=1 padding=1]", "box a { width == 10 }\n box b { width == 20 }")
        #expect(f["a"] == rect(1, 1, 10, 22))
        #expect(f["b"] == rect(12, 1, 20, 22))
    }

    @Test(arguments: [
        ("center", rect(25, 0, 10, 24), rect(35, 0, 20, 24)),
        ("end", rect(50, 0, 10, 24), rect(60, 0, 20, 24)),
        ("space-between", rect(0, 0, 10, 24), rect(60, 0, 20, 24)),
        // Free space 50 shared as 12.5 | 25 | 12.5; edges round half up.
        ("space-around", rect(13, 0, 10, 24), rect(48, 0, 20, 24)),
        // 50 / 3 = 16.67 before, between and after.
        ("space-evenly", rect(17, 0, 10, 24), rect(43, 0, 20, 24)),
    ])
    func rowJustify(_ justify: String, _ a: ViewFrame, _ b: ViewFrame) {
        let f = stack("row r [justify=\(justify)]", "box a { width == 10 }\n box b { width == 20 }")
        #expect(f["a"] == a)
        #expect(f["b"] == b)
    }

    @Test func spaceBetweenWithOneChildSitsAtTheStart() {
        let f = stack("row r [justify=space-between]", "box a { width == 10 }")
        #expect(f["a"] == rect(0, 0, 10, 24))
    }

    @Test(arguments: [
        ("start", rect(0, 0, 10, 4)),
        ("center", rect(0, 10, 10, 4)),
        ("end", rect(0, 20, 10, 4)),
        // A child with its own height keeps it under stretch and sits at the start.
        ("stretch", rect(0, 0, 10, 4)),
    ])
    func rowAlign(_ align: String, _ a: ViewFrame) {
        let f = stack("row r [align=\(align)]", "box a { width == 10; height == 4 }\n box b { width == 5 }")
        #expect(f["a"] == a)
    }

    @Test func childAlignOverridesTheContainers() {
        let f = stack("row r [align=start]", "box a [align=end] { width == 10; height == 4 }\n box b { width == 5; height == 2 }")
        #expect(f["a"] == rect(0, 20, 10, 4))
        #expect(f["b"] == rect(10, 0, 5, 2))
    }

    /// `align` on a nested column aligns the column's own children; `align-self`
    /// places the column in its row.
    @Test func nestedStackAlignIsForItsChildrenAlignSelfForItself() {
        let children = """
            column k [align=end] { width == 20; box x { width == 4; height == 1 } }
             column m [align=center align-self=end] { width == 20; height == 6; box y { width == 4; height == 1 } }
            """
        let f = stack("row r [align=stretch]", children)
        #expect(f["k"] == rect(0, 0, 20, 24))
        #expect(f["x"] == rect(16, 0, 4, 1))
        #expect(f["m"] == rect(20, 18, 20, 6))
        #expect(f["y"] == rect(28, 18, 4, 1))
    }

    @Test func growSharesTheFreeSpaceInProportion() {
        let f = stack("row r", "box a [grow=1]\n box b [grow=3]")
        #expect(f["a"] == rect(0, 0, 20, 24))
        #expect(f["b"] == rect(20, 0, 60, 24))
    }

    @Test func growWithAFixedChild() {
        let f = stack("row r [gap=2]", "box a { width == 10 }\n box b [grow=1]\n box c [grow=1]")
        #expect(f["a"] == rect(0, 0, 10, 24))
        #expect(f["b"] == rect(12, 0, 33, 24))
        #expect(f["c"] == rect(47, 0, 33, 24))
    }

    @Test func maxClampsAGrowingChildAndTheOthersTakeTheRest() {
        let f = stack("row r", "box a [grow=1 max=10]\n box b [grow=1]")
        #expect(f["a"] == rect(0, 0, 10, 24))
        #expect(f["b"] == rect(10, 0, 70, 24))
    }

    @Test func minHoldsAgainstGrow() {
        let f = stack("row r", "box a [grow=1 min=60]\n box b [grow=1]")
        #expect(f["a"] == rect(0, 0, 60, 24))
        #expect(f["b"] == rect(60, 0, 20, 24))
    }

    // MARK: Columns

    @Test func columnStacksTopToBottom() {
        let f = stack("column c [gap=1 padding=(1 2)]", "box a { height == 3 }\n box b [grow=1]")
        #expect(f["a"] == rect(2, 1, 76, 3))
        #expect(f["b"] == rect(2, 5, 76, 18))
    }

    @Test func columnJustifyEndAndAlignCenter() {
        let f = stack("column c [justify=end align=center]", "box a { height == 4; width == 10 }\n box b { height == 2; width == 20 }")
        #expect(f["a"] == rect(35, 18, 10, 4))
        #expect(f["b"] == rect(30, 22, 20, 2))
    }

    // MARK: Grids

    @Test func gridPlacesSpansRowByRow() {
        let f = stack(
            "grid g [columns=3 gap=1]",
            "box a\n box b [span=2]\n box c [row-span=2]\n box d\n box e")
        // Columns 26 wide (3 × 26 + 2 gaps = 80); three rows of 22 / 3 cells.
        #expect(f["a"] == rect(0, 0, 26, 7))
        #expect(f["b"] == rect(27, 0, 53, 7))
        #expect(f["c"] == rect(0, 8, 26, 16))
        #expect(f["d"] == rect(27, 8, 26, 8))
        #expect(f["e"] == rect(54, 8, 26, 8))
    }

    @Test func gridChildWithItsOwnSizeKeepsItAtItsCellsCorner() {
        let f = stack("grid g [columns=2 rows=2 padding=1]", "box a\n box b { size == 5 }")
        #expect(f["a"] == rect(1, 1, 39, 11))
        #expect(f["b"] == rect(40, 1, 5, 5))
    }

    // MARK: Overlays

    @Test(arguments: [
        ("top-left", rect(1, 1, 10, 4)),
        ("top", rect(35, 1, 10, 4)),
        ("top-right", rect(69, 1, 10, 4)),
        ("left", rect(1, 10, 10, 4)),
        ("center", rect(35, 10, 10, 4)),
        ("right", rect(69, 10, 10, 4)),
        ("bottom-left", rect(1, 19, 10, 4)),
        ("bottom", rect(35, 19, 10, 4)),
        ("bottom-right", rect(69, 19, 10, 4)),
    ])
    func overlayGravity(_ gravity: String, _ expected: ViewFrame) {
        let f = stack("overlay o [padding=1]", "box a [gravity=\(gravity)] { width == 10; height == 4 }")
        #expect(f["a"] == expected)
    }

    @Test func overlayFillAndContainerDefault() {
        let f = stack("overlay o [padding=1 gravity=bottom-right]", "box a [gravity=fill]\n box b { size == 3 }")
        #expect(f["a"] == rect(1, 1, 78, 22))
        #expect(f["b"] == rect(76, 20, 3, 3))
    }

    // MARK: distribute, equal, align, aspect

    @Test func distributeWithFixedSpacing() {
        let f = frames("""
            screen root {
              box a { top == 0; height == 1 }
              box b { top == 0; height == 1 }
              box c { top == 0; height == 1 }
              distribute horizontal (a b c) spacing 2 lead 1 tail 1
            }
            """)
        // Three equal widths of 74 / 3 cells.
        #expect(f["a"] == rect(1, 0, 25, 1))
        #expect(f["b"] == rect(28, 0, 24, 1))
        #expect(f["c"] == rect(54, 0, 25, 1))
    }

    @Test func distributeWithFixedLength() {
        let f = frames("""
            screen root {
              box a { left == 0; width == 2 }
              box b { left == 0; width == 2 }
              box c { left == 0; width == 2 }
              distribute vertical (a b c) length 4
            }
            """)
        #expect(f["a"] == rect(0, 0, 2, 4))
        #expect(f["b"] == rect(0, 10, 2, 4))
        #expect(f["c"] == rect(0, 20, 2, 4))
    }

    @Test func equalAndAlign() {
        let f = frames("""
            screen root {
              box a { left == 0; top == 5; width == 7; height == 2 }
              box b { left == 10; height == 3 }
              box c { left == 20; height == 1 }
              equal width (a b c)
              align top (a b c)
            }
            """)
        #expect(f["a"] == rect(0, 5, 7, 2))
        #expect(f["b"] == rect(10, 5, 7, 3))
        #expect(f["c"] == rect(20, 5, 7, 1))
    }

    @Test func alignCenterAndEqualSize() {
        let f = frames("""
            screen root {
              box a { left == 10; top == 4; width == 20; height == 10 }
              box b { width == 6; height == 2 }
              align center (a b)
              box c
              equal size (a c)
              align edges (a c)
            }
            """)
        #expect(f["b"] == rect(17, 8, 6, 2))
        #expect(f["c"] == rect(10, 4, 20, 10))
    }

    @Test(arguments: [
        // A cell is about twice as tall as wide: 2:1 on screen is 4:1 in cells.
        ("aspect 2:1", rect(0, 0, 20, 5)),
        ("aspect 1:1", rect(0, 0, 10, 5)),
        ("aspect 3:1 cells", rect(0, 0, 15, 5)),
        ("aspect 3", rect(0, 0, 30, 5)),
    ])
    func aspect(_ line: String, _ expected: ViewFrame) {
        let f = frames("screen root {\n box a { left == 0; top == 0; height == 5\n \(line) }\n}")
        #expect(f["a"] == expected)
    }

    // MARK: VFL

    @Test func visualFormatHorizontalAndVertical() {
        let f = frames("""
            screen root {
              box v {
                edges == parent
                box a
                box b
                H:|-2-[a(>=10@high)]-[b(==a)]-2-|
                V:|[a(==3)]
                V:|-1-[b]-1-|
              }
            }
            """)
        // 80 − 2 − 1 − 2 = 75 cells shared equally; the standard spacing is one cell.
        #expect(f["a"] == rect(2, 0, 38, 3))
        #expect(f["b"] == rect(41, 1, 37, 22))
    }

    @Test func visualFormatPredicateListsAndPriorities() {
        let f = frames("""
            screen root {
              box a { top == 0; height == 1 }
              box b { top == 0; height == 1 }
              H:|[a(==20)]-(>=2,<=4@low)-[b(>=30)]|
            }
            """)
        // The low ≤ 4 gap gives way to b's 30 and the trailing pin: b fills to the edge.
        #expect(f["a"] == rect(0, 0, 20, 1))
        #expect(f["b"]!.x >= 22)
        #expect(f["b"]!.maxX == 80)
        #expect(f["b"]!.width >= 30)
    }

    // MARK: Plain rules

    @Test func insetOffsetAndWithin() {
        let f = frames("""
            screen root {
              box a { edges == parent inset 1 2 3 4 }
              box b { center == a offset 3 -1; size == 4 }
            }
            """)
        #expect(f["a"] == rect(2, 1, 74, 20))
        #expect(f["b"] == rect(40, 8, 4, 4))
    }
}
