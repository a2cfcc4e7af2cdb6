import Cells
import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct CascadeTests {
    @Test func idsBeatClassesBeatKindsWhateverTheOrder() {
        let s = sheet("""
            #main { z-index 3 }
            .card { z-index 2 }
            box { z-index 1 }
            """)
        #expect(style("box", id: "main", classes: ["card"], in: s).zIndex == 3)
        #expect(style("box", classes: ["card"], in: s).zIndex == 2)
        #expect(style("box", in: s).zIndex == 1)
        // Two classes beat one class and a kind; a state counts as a class.
        let columns = sheet("box.a { z-index 1 }\n.a.b { z-index 2 }\n.a[state:focused] { z-index 3 }")
        #expect(style("box", classes: ["a", "b"], in: columns).zIndex == 2)
        #expect(style("box", classes: ["a", "b"], states: ["focused"], in: columns).zIndex == 3)
    }

    @Test func hoverIsAnotherSpellingOfHovered() {
        let s = sheet("box[state:hover] { z-index 4 }\nbox { border-color[state:hover] red }")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", states: ["hovered"], in: s).zIndex == 4)
        #expect(style("box", states: ["hovered"], in: s).borderColor == .ansi(1))
        #expect(style("box", in: s).zIndex == 0)
    }

    @Test func laterDeclarationWinsTies() {
        let s = sheet("box { z-index 1 }\nbox { z-index 2; z-index 3 }")
        #expect(style("box", in: s).zIndex == 3)
        let nested = sheet("box { z-index 1; .x { z-index 5 } ; z-index 2 }\nbox { }")
        #expect(style("box", in: nested).zIndex == 2)
    }

    @Test func nestedRulesScoreLikeTheirWrittenOutForm() {
        // The nested `.a .b` (0,2,0) is written first; the flat `.a .b` ties and wins by order.
        let s = sheet(".a { .b { z-index 1 } }\n.a .b { z-index 2 }\n.b { z-index 3 }")
        let tree = [StyledView(kind: "box", classes: ["a"]), StyledView(kind: "box", classes: ["b"], parent: 0)]
        #expect(s.cascade(tree, width: 80, height: 24).styles[1].zIndex == 2)
    }

    @Test func everyViewStartsFromTheDefaults() {
        let before = sheet("box { bg red; border rounded; padding 2 }")
        let after = sheet("box { bg red }")
        #expect(style("box", in: before).border == .rounded)
        // Deleting a declaration reverts its property on the next cascade.
        let box = style("box", in: after)
        #expect(box.border == ComputedStyle.defaults.border)
        #expect(box.padding == ComputedStyle.defaults.padding)
        #expect(style("text", in: before) == ComputedStyle.defaults)
    }

    @Test func deletingADeclarationAndReloadingRevertsItsProperty() {
        final class File: @unchecked Sendable { var text = "box { border rounded; z-index 2 }" }
        let file = File()
        var loader = StylesheetLoader(reader: StylesheetReader { _ in file.text })
        let views = [StyledView(kind: "box")]
        #expect(loader.load("a.cas").cascade(views, width: 80, height: 24).styles[0].border == .rounded)
        file.text = "box { z-index 2 }"
        let after = loader.load("a.cas").cascade(views, width: 80, height: 24).styles[0]
        #expect(after.border == ComputedStyle.defaults.border)
        #expect(after.zIndex == 2)
    }

    @Test func provenanceNamesTheWinnerAndTheOverriddenInOrder() {
        let s = sheet("""
            box { border-color red }
            .card { border-color blue }
            box { border-color green }
            #main { border-color yellow }
            """)
        let result = s.cascade([StyledView(kind: "box", id: "main", classes: ["card"])], width: 80, height: 24)
        let provenance = try! #require(result.provenance(ofView: 0, property: .borderColor))
        #expect(provenance.winner.selector == "#main")
        #expect(provenance.winner.value == .color(.ansi(3)))
        #expect(provenance.winner.specificity == Specificity(ids: 1, classes: 0, kinds: 0))
        #expect(provenance.winner.location == SourceLocation(file: "test.cas", line: 4, column: 9))
        #expect(provenance.winner.text == "border-color yellow")
        #expect(provenance.overridden.map(\.selector) == [".card", "box", "box"])
        #expect(provenance.overridden.map(\.location.line) == [2, 3, 1])
        #expect(result.provenance(ofView: 0, property: .zIndex) == nil)
        #expect(result.provenance(ofView: 0).map(\.property) == [.borderColor])
    }

    @Test func provenanceOfShorthandsIsPerComputedProperty() {
        let s = sheet("box { padding 1 2; padding-left 5 }")
        let result = s.cascade([StyledView(kind: "box")], width: 80, height: 24)
        let all = result.provenance(ofView: 0)
        #expect(all.map(\.property) == [.paddingTop, .paddingLeft, .paddingBottom, .paddingRight])
        #expect(all[1].winner.text == "padding-left 5")
        #expect(all[1].overridden.map(\.text) == ["padding 1 2"])
        #expect(all[0].overridden.isEmpty)
        #expect(result.styles[0].padding == Insets(top: 1, left: 5, bottom: 1, right: 2))
    }

    @Test func aGroupedDeclarationCountsOnceWithItsStrongestSelector() {
        let s = sheet("box, .card { z-index 4 }\nbox { z-index 1 }")
        let result = s.cascade([StyledView(kind: "box", classes: ["card"])], width: 80, height: 24)
        #expect(result.styles[0].zIndex == 4)
        let provenance = try! #require(result.provenance(ofView: 0, property: .zIndex))
        #expect(provenance.winner.selector == ".card")
        #expect(provenance.overridden.map(\.selector) == ["box"])
    }

    @Test func propertyStatesAndViewStates() {
        let s = sheet("""
            box { border-color[state:selected] yellow; border-color[state:focused] cyan; border-color white }
            """)
        #expect(style("box", in: s).borderColor == .ansi(7))
        #expect(style("box", states: ["selected"], in: s).borderColor == .ansi(3))
        #expect(style("box", states: ["focused", "selected"], in: s).borderColor == .ansi(6))
    }

    @Test func rulesAreIndexedByTheirRightmostCompound() {
        let s = sheet("#a { z-index 1 }\n.b.c { z-index 1 }\nbox .d { z-index 1 }\ntext { z-index 1 }\n^box { z-index 1 }\n* { z-index 1 }\n^view { z-index 1 }")
        let index = s.index
        let bucket = { (list: [[Int32]], name: String) -> [Int32] in
            let id = Int(index.name(name))
            return id >= 0 && id < list.count ? list[id] : []
        }
        #expect(bucket(index.byID, "a") == [0])
        #expect(bucket(index.byClass, "b") == [1])
        #expect(bucket(index.byClass, "c") == [])
        #expect(bucket(index.byClass, "d") == [2])
        #expect(bucket(index.byKind, "text") == [3])
        #expect(bucket(index.byKind, "row") == [4])
        #expect(bucket(index.byKind, "box") == [4])
        #expect(bucket(index.byKind, "text").contains(4) == false)
        #expect(index.universal == [5, 6])
    }

    @Test func manyRulesOnlyTheMatchingOnesApply() {
        var text = ""
        for n in 0..<500 { text += ".c\(n) { z-index \(n) }\n#v\(n) > text { title \"v\(n)\" }\n" }
        let s = sheet(text)
        var views: [StyledView] = []
        for n in 0..<500 {
            views.append(StyledView(kind: "box", id: "v\(n)", classes: ["c\(n)"]))
            views.append(StyledView(kind: "text", parent: views.count - 1))
        }
        let result = s.cascade(views, width: 80, height: 24)
        for n in 0..<500 {
            #expect(result.styles[2 * n].zIndex == n)
            #expect(result.styles[2 * n + 1].title == "v\(n)")
        }
    }

    @Test func malformedTreesDoNotHang() {
        // Parents that loop, point out of range or at themselves are treated as roots.
        let views = [
            StyledView(kind: "box", parent: 1), StyledView(kind: "box", parent: 0),
            StyledView(kind: "text", parent: 2), StyledView(kind: "text", parent: 99),
        ]
        let s = sheet("row text { z-index 1 }\nbox > box { z-index 2 }")
        let result = s.cascade(views, width: 80, height: 24)
        #expect(result.styles.map(\.zIndex).count == 4)
        #expect(result.styles[2].zIndex == 0)
        #expect(result.provenance(ofView: 99).isEmpty)
    }

    @Test func aDeepTreeWithLongSelectorsMatches() {
        var views = [StyledView(kind: "box", classes: ["a"])]
        for n in 1..<10_000 { views.append(StyledView(kind: "box", classes: n % 2 == 0 ? ["a"] : ["b"], parent: n - 1)) }
        let s = sheet(".a > .b > .a .b .a > .b { z-index 1 }\n.b .b .b .b .b .b .b .b .c { z-index 2 }")
        let result = s.cascade(views, width: 80, height: 24)
        #expect(result.styles[9_999].zIndex == 1)
        #expect(result.styles[4].zIndex == 0)
        #expect(result.styles[5].zIndex == 1)
    }
}
