import Cells
import Testing

@testable import Stylesheet

/// The examples of docs/cas.md, kept honest.
@Suite struct DocExampleTests {
    @Test func theFourSpellingsOfSectionOneAgree() {
        let spellings = [
            "box { bg: blue; > text { fg: yellow; } }",
            "box\n  bg blue\n  > text\n    fg yellow\n",
            "box {\n  bg blue\n  > text\n    fg yellow\n}\n",
            "box\n{\n  bg blue\n  > text { fg yellow }\n}\n",
        ]
        let summaries = spellings.map { ruleSummary(sheet($0)) }
        for (index, summary) in summaries.enumerated() {
            #expect(summary == summaries[0], "spelling \(index + 1)")
        }
        #expect(summaries[0].count == 2)
    }

    @Test func theOpeningExample() throws {
        let files = [
            "styles/boxes.cas": """
                @import "palette.cas"

                $gap = 2

                box {
                  border rounded
                  padding 1
                  size 20 8                       // a layout spec reads these as $size,
                  margin-top $gap                 // $margin-top and $margin-left
                  margin-left $gap * 2
                }

                .blue-box
                  bg $blue
                  border-color[state:selected] yellow

                .red-box
                  bg $red
                  title "Red"; title-align center

                @media (max-width: 60)
                  box
                    border ascii
                """,
            "styles/palette.cas": "$blue = #3050c0\n$red = #c03030",
        ]
        let s = load(files, entry: "styles/boxes.cas")
        #expect(s.diagnostics.isEmpty, "\(s.diagnostics.map(\.summary))")
        let views = [StyledView(kind: "box", classes: ["blue-box"], states: ["selected"])]
        let wide = s.cascade(views, width: 80, height: 24).styles[0]
        #expect(wide.border == .rounded && wide.borderColor == .ansi(3))
        #expect(try wide.layoutValue(named: "$size").get() == .tuple([20, 8]))
        #expect(try wide.layoutValue(named: "$margin-left").get() == .number(4))
        #expect(s.cascade(views, width: 60, height: 24).styles[0].border == .ascii)
    }

    @Test func theVariablesExample() {
        let s = sheet("""
            $gap = 2
            accent = #ff8800           // the `$` is optional in a definition
            $pair = ($gap, $gap * 2)   // may refer to earlier variables
            $insets = 4 3 2 1          // tuples are values

            box { padding $pair; margin $insets; bg accent }
            """)
        #expect(s.diagnostics.isEmpty)
        let box = style("box", in: s)
        #expect(box.padding == Insets(top: 2, left: 4, bottom: 2, right: 4))
        #expect(box.margin == Insets(top: 4, left: 3, bottom: 2, right: 1))
    }

    /// §11: `sheet.declarations[rule.declarations]` is a rule's run, and a
    /// selector reads as written (`*.a` keeps its `*`).
    @Test func aRulesRunOfDeclarations() {
        let s = sheet("*.a, box { bg red; fg blue }")
        #expect(s.rules.count == 2)
        let rule = s.rules[0]
        #expect(rule.selector.parts == [.kind(.any), .className("a")])
        #expect(s.declarations[rule.declarations].count == 2)
        #expect(s.declarations[rule.declarations].first?.values.first?.property == .backgroundColor)
        #expect(s.rules[1].declarations == rule.declarations)
    }

    @Test func theMediaExample() {
        let s = sheet("""
            @media (min-width: 100) and (min-height: 30), (max-width: 40) {
              box { size 40 10 }
            }
            @device (screen-width: >= 120) { box { z-index 1 } }

            box {
              border single
              @media (max-width: 60) { border ascii } // inside a rule: declarations only
            }
            """)
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s, width: 120, height: 30).zIndex == 1)
        #expect(style("box", in: s, width: 40, height: 30).border == .ascii)
    }
}
