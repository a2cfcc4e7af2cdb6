import Diagnostics
import Testing

@testable import Stylesheet

/// A small tree: screen#root > box.panel.card#main > (text.title, row > text.label)
private let tree: [StyledView] = [
    StyledView(kind: "screen", id: "root"),
    StyledView(kind: "box", id: "main", classes: ["panel", "card"], parent: 0),
    StyledView(kind: "text", classes: ["title"], parent: 1),
    StyledView(kind: "row", parent: 1),
    StyledView(kind: "text", classes: ["label"], states: ["focused"], parent: 3),
]

/// Which views of `tree` a selector matches (by index).
private func matched(_ selector: String, views: [StyledView] = tree) -> [Int] {
    let s = sheet("\(selector) { z-index 7 }")
    let result = s.cascade(views, width: 80, height: 24)
    return views.indices.filter { result.styles[$0].zIndex == 7 }
}

@Suite struct SelectorTests {
    @Test func plainKindIsExactAndCaretKindIncludesDerivedKinds() {
        #expect(matched("box") == [1])
        #expect(matched("^box") == [0, 1, 3])  // screen and row derive from box
        #expect(matched("text") == [2, 4])
        #expect(matched("^text") == [2, 4])
        #expect(matched("^view") == [0, 1, 2, 3, 4])
        #expect(matched("view") == [])
        #expect(matched("row") == [3])
    }

    @Test func unknownViewKindsDeriveFromView() {
        let views = [StyledView(kind: "gauge")]
        #expect(matched("^view", views: views) == [0])
        #expect(matched("^box", views: views) == [])
        #expect(matched("gauge", views: views) == [0])
    }

    @Test func classesIdsAndUniversal() {
        #expect(matched(".panel") == [1])
        #expect(matched(".panel.card") == [1])
        #expect(matched(".panel.missing") == [])
        #expect(matched("box.card") == [1])
        #expect(matched("text.card") == [])
        #expect(matched("#main") == [1])
        #expect(matched("box#main.panel") == [1])
        #expect(matched("#root #main") == [1])
        #expect(matched("*") == [0, 1, 2, 3, 4])
        #expect(matched("*.title") == [2])
    }

    @Test func chainedClassesMeanBothClassesNotOneDottedName() {
        let s = sheet(".a.b { z-index 1 }")
        let rule = s.rules[0]
        #expect(rule.selector.compounds[0].classes == ["a", "b"])
        #expect(rule.specificity == Specificity(ids: 0, classes: 2, kinds: 0))
        #expect(style("box", classes: ["a"], in: s).zIndex == 0)
        #expect(style("box", classes: ["b", "a"], in: s).zIndex == 1)
    }

    @Test func descendantAndChildCombinators() {
        #expect(matched("screen text") == [2, 4])
        #expect(matched("screen > text") == [])
        #expect(matched("box > text") == [2])
        #expect(matched("box text") == [2, 4])
        #expect(matched("box > row > text") == [4])
        #expect(matched("screen > box > row text.label") == [4])
        #expect(matched("screen>box>text") == [2])
        #expect(matched("row box") == [])
        // A child step that fails must retry the descendant step above it.
        let deep = [
            StyledView(kind: "box", classes: ["a"]),
            StyledView(kind: "box", classes: ["b"], parent: 0),
            StyledView(kind: "box", classes: ["a"], parent: 1),
            StyledView(kind: "box", classes: ["c"], parent: 2),
            StyledView(kind: "text", parent: 3),
        ]
        #expect(matched(".a > .b text", views: deep) == [4])
        #expect(matched(".b .a > .c > text", views: deep) == [4])
        #expect(matched(".a > .c > text", views: deep) == [4])
        #expect(matched(".b > .c text", views: deep) == [])
    }

    @Test func groupsApplyToEachSelectorAndMayContinueOnTheNextLine() {
        #expect(matched(".title, #root") == [0, 2])
        let s = sheet(".title,\n#root,\n  row\n  z-index 7\n")
        #expect(s.diagnostics.isEmpty)
        #expect(s.rules.map(\.selector.description) == [".title", "#root", "row"])
    }

    @Test func nestingFlattensToTheWrittenOutSelector() {
        let nested = sheet("""
            screen {
              box { z-index 1 }
              > box { z-index 2 }
              &.wide { z-index 3 }
              &[state:focused] { z-index 4 }
              & > text, & row { z-index 5 }
              .a, .b {
                .c, .d { z-index 6 }
              }
              & { z-index 8 }
            }
            """)
        #expect(nested.diagnostics.isEmpty)
        #expect(nested.rules.map(\.selector.description) == [
            "screen box", "screen > box", "screen.wide", "screen[state:focused]", "screen > text",
            "screen row", "screen .a .c", "screen .a .d", "screen .b .c", "screen .b .d", "screen",
        ])
        // Specificity is exactly that of the written-out form.
        for rule in nested.rules {
            let flat = sheet("\(rule.selector) { z-index 1 }")
            #expect(flat.rules[0].specificity == rule.specificity, "\(rule.selector)")
            #expect(flat.rules[0].selector == rule.selector)
        }
    }

    @Test func ampersandAddsToTheParentClassesRatherThanReplacingThem() {
        let s = sheet("box.card { &.selected { z-index 9 } }")
        #expect(s.rules[0].selector.description == "box.card.selected")
        #expect(style("box", classes: ["card"], in: s).zIndex == 0)
        #expect(style("box", classes: ["card", "selected"], in: s).zIndex == 9)
        #expect(style("box", classes: ["selected"], in: s).zIndex == 0)
    }

    @Test func stateArgumentsOnSelectorsMatchViewStates() {
        #expect(matched("text[state:focused]") == [4])
        #expect(matched("[state:focused]") == [4])
        #expect(matched("row > [state:focused]") == [4])
        #expect(matched("text[state:selected]") == [])
        let s = sheet("box[state:focused][state:selected] { z-index 2 }")
        #expect(s.rules[0].specificity == Specificity(ids: 0, classes: 2, kinds: 1))
        #expect(style("box", states: ["focused"], in: s).zIndex == 0)
        #expect(style("box", states: ["selected", "focused"], in: s).zIndex == 2)
    }

    @Test func unknownKindsWarnWithASuggestionAndStillApply() {
        let s = sheet("bxo { z-index 1 }\ntext { z-index 2 }")
        #expect(s.diagnostics.map(\.summary) == ["test.cas:1:1: warning: unknown kind 'bxo'"])
        #expect(s.diagnostics[0].hint == "did you mean 'box'?")
        #expect(style("bxo", in: s).zIndex == 1)
        #expect(style("text", in: s).zIndex == 2)
    }

    @Test func nearMissStatesWarn() {
        let s = sheet("box[state:focussed] { z-index 1 }\nbox[state:active] { z-index 2 }")
        #expect(messages(s) == ["unknown state 'focussed'"])
        #expect(s.diagnostics[0].hint?.hasPrefix("did you mean 'focused'?") == true)
    }

    @Test func malformedSelectorsAreErrorsThatLoseOnlyTheirRule() {
        let cases: [(String, String)] = [
            ("box > { z-index 1 }", "selector ends with '>'"),
            ("box > > text { z-index 1 }", "two combinators in a row"),
            ("& .x { z-index 1 }", "'&' stands for the parent selector, but this rule is not nested"),
            ("> box { z-index 1 }", "a selector cannot start with '>' outside a nested rule"),
            ("box [foo] { z-index 1 }", "expected 'state:' after '['"),
            ("box[state:] { z-index 1 }", "expected a state name, as in [state:focused]"),
            ("box[state:x { z-index 1 }", "'[' is never closed"),
            (".a^box { z-index 1 }", "a kind must come first in a compound selector, before classes, ids and states"),
            ("box 12 { z-index 1 }", "unexpected '12' in a selector"),
            ("^ box { z-index 1 }", "'^' must be followed by a kind, as in ^box"),
            ("box, , text { z-index 1 }", "empty selector in a group"),
            ("box { &box { z-index 1 } }", "'&' can be followed by a class, an id or a state, not 'box'"),
        ]
        for (text, message) in cases {
            let s = sheet(text + "\ntext.after { z-index 4 }")
            #expect(messages(s, .error).first == message, "\(text)")
            #expect(s.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
            #expect(style("text", classes: ["after"], in: s).zIndex == 4, "\(text)")
        }
        // `.a box` reads as a class then a descendant kind: valid.
        #expect(sheet(".a box { z-index 1 }").diagnostics.isEmpty)
    }

    @Test func oneBadSelectorInAGroupKeepsTheOthers() {
        let s = sheet("box, text >, row { z-index 3 }")
        #expect(messages(s, .error) == ["selector ends with '>'"])
        #expect(s.rules.map(\.selector.description) == ["box", "row"])
    }
}
