import Diagnostics
import Testing

@testable import LayoutSpec

/// Errors and warnings: located, explained, with did-you-mean hints, and
/// recovery per rule so nothing else is lost.
@Suite struct DiagnosticTests {
    private func check(
        _ text: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(messages(compile(text)) == expected, sourceLocation: sourceLocation)
    }

    private func hints(_ text: String) -> [String?] { compile(text).diagnostics.map(\.hint) }

    @Test func unknownKindsSuggestTheNearestKind() {
        let text = "screen root {\n boz a\n colum c { box d }\n}"
        check(text, ["2:2: error: unknown view kind 'boz'", "3:2: error: unknown view kind 'colum'"])
        #expect(hints(text) == ["did you mean 'box'?", "did you mean 'column'?"])
        // The unknown kind with a body is kept (as a box) so its children survive.
        #expect(compile(text).views.map(\.id) == ["root", "c", "d"])
    }

    @Test func misspelledKeywordsAreSuggestedToo() {
        let text = "screen root {\n box a\n box b\n distrbute horizontal (a b) spacing 1\n}"
        check(text, ["4:2: error: unknown view kind 'distrbute'"])
        #expect(hints(text) == ["did you mean 'distribute'?"])
    }

    @Test func unknownAttributesSuggestTheNearestAttribute() {
        let text = "screen root {\n box a {\n  widht == 3\n  height == parent.heigth\n  top, lefft == 0\n }\n}"
        check(text, [
            "3:3: error: unknown attribute 'widht'",
            "4:20: error: unknown attribute 'heigth'",
            "5:8: error: unknown attribute 'lefft'",
        ])
        #expect(hints(text) == ["did you mean 'width'?", "did you mean 'height'?", "did you mean 'left'?"])
    }

    @Test func unknownViewsAreReportedAndTheRuleSkipped() {
        let text = "screen root {\n box blue\n box red {\n  left == bleu.right\n  top == blue.bottom\n }\n}"
        let document = compile(text)
        #expect(messages(document) == ["4:11: error: unknown view 'bleu'; the rule is skipped"])
        #expect(document.diagnostics[0].hint == "did you mean 'blue'?")
        #expect(document.loweredText == "red.top == blue.bottom")
    }

    @Test func unknownNamesAndStyleValues() {
        let text = "screen root {\n box a {\n  width == gapp\n  height == $sise\n  width == $margin\n }\n let gap = 1\n}"
        check(text, [
            "3:12: error: unknown name 'gapp': not a view, a let or an attribute",
            "4:13: error: unknown style value '$sise'",
            "5:12: error: '$margin' has several values; here name one",
        ])
        let hints = hints(text)
        #expect(hints[0] == "did you mean 'gap'?")
        #expect(hints[1] == "did you mean '$size'?")
        #expect(hints[2] == "use $margin-top, $margin-left, $margin-bottom, $margin-right")
    }

    @Test func nonLinearExpressionsSayWhy() {
        let text = """
            screen root {
             box a
             box v {
              width == a.width * a.height
              height == a.height / a.width
              left == $size-width * a.left
              top == $margin-top * $margin-left
              right == a.right / $size-width
              bottom == a.bottom / (2 - 2)
             }
            }
            """
        check(text, [
            "4:12: error: 'a.width * a.height' is not linear: it multiplies two view attributes, and constraints must be linear",
            "5:13: error: dividing by 'a.width' is not linear: the divisor is a view attribute",
            "6:11: error: '$size-width * a.left' scales a view attribute by a style value; a coefficient must be a plain number",
            "7:10: error: '$margin-top * $margin-left' multiplies two style values; the constant part must be a sum of style values and numbers",
            "8:12: error: dividing by the style value '$size-width' is not supported: a divisor must be a plain number",
            "9:13: error: division by zero",
        ])
    }

    @Test func syntaxErrorsInRules() {
        check("screen root {\n width = 3\n height 3\n left == \n top < 2\n}", [
            "2:8: error: '=' is not a relation",
            "3:9: error: expected a relation (==, >=, <= or within), found '3'",
            "4:10: error: expected a number, a view, a let name or a $style value, found the end of the line",
            "5:6: error: constraints have no strict inequalities",
        ])
    }

    @Test func badPrioritiesAndLabels() {
        check("screen root {\n width == 1 @hihg\n width == 2 @0\n width == 3 @1.5\n width == 4 as\n width == 5 @high @low\n}", [
            "2:14: error: unknown priority 'hihg'",
            "3:13: error: priority 0 is not a whole number from 1 to 1000",
            "4:13: error: priority 1.5 is not a whole number from 1 to 1000",
            "5:15: error: expected a label after 'as', found the end of the line",
            "6:19: error: a second priority",
        ])
        #expect(hints("screen r {\n width == 1 @hihg\n}") == ["did you mean 'high'?"])
    }

    @Test func insetAndOffsetCounts() {
        check("screen root {\n edges == 0 inset 1 2 3\n center == 0 offset 1 2 3\n width == 1 inset 1 inset 2\n}", [
            "2:13: error: 'inset' takes 1, 2 (vertical horizontal) or 4 (top left bottom right) values, not 3",
            "3:14: error: 'offset' takes 1 value, or 2 (horizontal vertical), not 3",
            "4:21: error: 'inset' appears twice in this rule",
        ])
    }

    @Test func withinHasNoMeaningForCentres() {
        check("screen root {\n box a { center within parent }\n}", [
            "2:17: error: 'within' keeps edges and sizes inside another view; it has no meaning for centerX"
        ])
    }

    @Test func parentOfATopLevelViewAndMisplacedStatements() {
        check("width == 3\nscreen root {\n left == parent.left\n use \"a.cas\"\n}\nH:[a]", [
            "1:1: error: rules, shorthands and VFL lines go inside a view's body",
            "3:10: error: 'root' is a top-level view: it has no parent",
            "4:2: error: 'use' belongs at the top level of the spec",
            "6:1: error: rules, shorthands and VFL lines go inside a view's body",
        ])
    }

    @Test func aRuleOnAnotherViewsAttributes() {
        check("screen root {\n box a\n a.width == 3\n}", [
            "3:2: error: a rule's left side names attributes of the view it is written in, not of 'a'"
        ])
    }

    @Test func braces() {
        check("screen root {\n box a {\n}\n}\n}", ["5:1: error: '}' without a matching '{'"])
        check("screen root {\n box a {\n width == 1\n", [
            "1:13: error: the body of view 'root' is never closed",
            "2:8: error: the body of view 'a' is never closed",
        ])
    }

    @Test func headerErrorsKeepTheBody() {
        let document = compile("screen root {\n box a [gap=] {\n  width == 1\n }\n box b .\n box c \"x\" \"y\"\n}")
        #expect(messages(document) == [
            "2:13: error: expected a number, a view, a let name or a $style value, found ']'",
            "5:8: error: expected a class name right after '.'",
            "6:12: error: a view has one title; this is a second one",
        ])
        #expect(document.views.map(\.id) == ["root", "a", "b", "c"])
        #expect(document.loweredText == "a.width == 1")
    }

    @Test func idsMustBeUnique() {
        let document = compile("screen root {\n box a\n box a { width == 1 }\n}")
        #expect(messages(document) == ["3:6: error: view id 'a' is already used by the view at line 2; this one is renamed 'a#1'"])
        #expect(document.views.map(\.id) == ["root", "a", "a#1"])
        #expect(document.loweredText == "a#1.width == 1")
    }

    @Test func reservedWordsAreNotIds() {
        check("screen parent {\n let within = 3\n}", [
            "1:8: error: 'parent' cannot be a view id: the language reserves it",
            "2:6: error: 'within' cannot be a let name: the language already gives it a meaning",
        ])
    }

    @Test func letProblems() {
        check("let a = b + 1\nlet b = a\nlet c = 1\nlet c = 2\nscreen root {\n width == a\n}", [
            "2:9: error: let 'a' refers to itself: a → b → a",
            "4:5: error: 'c' is already defined in this scope",
        ])
        check("let root = 1\nscreen root", ["1:5: warning: let 'root' hides the view of the same id in expressions"])
    }

    @Test func parameterProblems() {
        let text = "screen root {\n row r [gapp=1 justify=spce-between align=middle] {\n  box a [span=2 grow=-1]\n }\n box b [gap=1]\n}"
        check(text, [
            "2:9: warning: parameter 'gapp' means nothing on this row; it is ignored",
            "2:24: error: 'spce-between' is not a valid justify",
            "2:43: error: 'middle' is not a valid align",
            "3:10: warning: parameter 'span' means nothing on this box; it is ignored",
            "3:22: error: 'grow' cannot be negative",
            "5:9: warning: parameter 'gap' means nothing on this box; it is ignored",
        ])
        let hints = hints(text)
        #expect(hints[0] == "did you mean 'gap'?")
        #expect(hints[1] == "did you mean 'space-between'?")
        #expect(hints[3] == "'span' applies to children of a grid")
    }

    @Test func gridProblems() {
        check("screen root {\n grid g {\n  box a\n }\n grid h [columns=0] {\n  box b\n }\n grid k [columns=2] {\n  box c [span=3]\n }\n}", [
            "2:2: warning: grid 'g' has no 'columns'; it lays out one column",
            "5:18: error: 'columns' must be a whole number of at least 1",
            "9:15: warning: span 3 is wider than the grid's 2 columns; it spans 2",
        ])
    }

    @Test func shorthandProblems() {
        check("""
            screen root {
             box a
             box b
             equal left (a b)
             align width (a b)
             equal width (a)
             aspect 0:1
             aspect a.width
             equal hieght (a b)
             distribute diagonal (a b) spacing 1
             distribute horizontal (a b)
             distribute horizontal (a b) spacing 1 lenth 2
            }
            """, [
            "4:8: error: 'equal' makes lengths equal; left is a position",
            "5:8: error: 'align' lines up positions; width is a length",
            "6:2: warning: 'equal' needs at least two views; this line does nothing",
            "7:9: error: an aspect ratio needs two positive numbers",
            "8:9: error: an aspect ratio must be a plain number, not 'a.width'",
            "9:8: error: unknown attribute 'hieght'",
            "10:13: error: expected 'horizontal' or 'vertical' after 'distribute', found 'diagonal'",
            "11:2: error: 'distribute' needs 'spacing N' (fixed gaps) or 'length N' (fixed lengths)",
            "12:40: error: unknown distribute option 'lenth'",
        ])
    }

    @Test func usesAreCheckedAndResolved() {
        let document = compile("use \"a.cas\" \"a.cas\" \"b.css\"\nuse\nscreen root", path: "demo/x.layout")
        #expect(messages(document) == [
            "1:13: warning: 'a.cas' is already used above; it is read once",
            "1:21: warning: 'b.css' does not end in .cas",
            "2:4: error: expected a quoted stylesheet path after 'use', found the end of the line",
        ])
        #expect(document.uses.map(\.resolvedPath) == ["demo/a.cas", "demo/b.css"])
    }

    @Test func oneBadRuleLosesNothingElse() {
        let document = compile("""
            screen root {
             box a {
              width == 10
              height == ((
              top == 1
              left == a.wdth
              right == 5 @
              bottom == 2
             }
            }
            """)
        #expect(document.diagnostics.count == 3)
        #expect(document.loweredText == lines("a.width == 10", "a.top == root.top + 1", "a.bottom == root.bottom + 2"))
    }

    @Test func renderedDiagnosticsShowTheLineAndACaret() {
        let document = compile("screen root {\n  widht == 3\n}")
        #expect(document.diagnostics[0].rendered() == """
            t.layout:2:3: error: unknown attribute 'widht'
                widht == 3
                ^~~~~
              hint: did you mean 'width'?
            """)
    }
}

@Suite struct StrayBraceTests {
    @Test func aStrayBlockDoesNotCloseItsView() {
        let document = compile("screen root {\n { width == 1 }\n height == 2\n}")
        #expect(messages(document) == ["2:2: error: a '{' must follow a view header"])
        #expect(document.loweredText == "root.height == 2")
    }
}
