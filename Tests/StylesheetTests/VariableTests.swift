import Cells
import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct VariableTests {
    @Test func dollarIsOptionalInDefinitions() {
        let s = sheet("$a = 3\nb = 4\nbox { padding $a $b }")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).padding == Insets(top: 3, left: 4, bottom: 3, right: 4))
        #expect(s.variables.map(\.name) == ["a", "b"])
    }

    @Test func bareWordsNameVariablesDefinedWithoutDollar() {
        let s = sheet("accent = #ff8800\nbox { bg accent; fg $accent }")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).backgroundColor == .rgb(red: 255, green: 136, blue: 0))
        #expect(style("box", in: s).foregroundColor == .rgb(red: 255, green: 136, blue: 0))
        // Defined with `$`, a variable leaves the bare word alone.
        let dollar = sheet("$red = blue\nbox { bg red; fg $red }")
        #expect(dollar.diagnostics.isEmpty)
        #expect(style("box", in: dollar).backgroundColor == .ansi(1))
        #expect(style("box", in: dollar).foregroundColor == .ansi(4))
    }

    @Test func aVariableNamedLikeAKeywordWarns() {
        let s = sheet("red = blue\nbox { bg red }")
        #expect(messages(s) == ["variable 'red' shadows the word 'red'"])
        #expect(style("box", in: s).backgroundColor == .ansi(4))
    }

    @Test func usesSeeTheLatestEarlierDefinition() {
        let s = sheet("""
            $w = 10
            box { size $w }
            $w = 20
            text { size $w }
            """)
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).sizeWidth == 10)
        #expect(style("text", in: s).sizeWidth == 20)
        #expect(s.variables.count == 1)
        #expect(s.variables[0].value == .number(20))
    }

    @Test func variablesMayReferToEarlierVariables() {
        let s = sheet("$base = 2\n$twice = $base * 2\n$pair = $twice ($base + 1)\nbox { padding $pair }")
        #expect(s.diagnostics.isEmpty)
        #expect(style("box", in: s).padding == Insets(top: 4, left: 3, bottom: 4, right: 3))
    }

    @Test func tuplesAreValues() {
        let s = sheet("$v = 4 3 2 1\n$w = (1, 2)\nbox { margin $v; size $w * 10 }")
        #expect(s.diagnostics.isEmpty)
        let box = style("box", in: s)
        #expect(box.margin == Insets(top: 4, left: 3, bottom: 2, right: 1))
        #expect(box.sizeWidth == 10 && box.sizeHeight == 20)
    }

    @Test func undefinedVariableIsAnErrorWithASuggestion() {
        let s = sheet("$accent = red\nbox { bg $acent; fg blue }")
        #expect(s.diagnostics.map(\.summary) == ["test.cas:2:10: error: undefined variable '$acent'"])
        #expect(s.diagnostics[0].hint == "did you mean '$accent'?")
        // The rest of the rule applies.
        #expect(style("box", in: s).foregroundColor == .ansi(4))
        #expect(style("box", in: s).backgroundColor == nil)
    }

    @Test func aUseBeforeTheDefinitionSaysWhereTheDefinitionIs() {
        let s = sheet("box { size $w }\n$w = 3")
        #expect(messages(s) == ["undefined variable '$w'"])
        #expect(s.diagnostics[0].hint == "'$w' is defined later, at test.cas:2:1; move that definition above this use")
    }

    @Test func variablesBelongAtTheTopLevel() {
        let s = sheet("box {\n  $x = 1\n  z-index 2\n}\n@media (min-width: 1) {\n  $y = 2\n}")
        #expect(messages(s, .error) == [
            "variables are defined at the top level only", "variables are defined at the top level only",
        ])
        #expect(style("box", in: s).zIndex == 2)
    }

    @Test func aFailedDefinitionIsReportedOnceNotAtEachUse() {
        let s = sheet("$w = 10px\nbox { size $w }\ntext { size $w }")
        #expect(messages(s) == ["'px' has no meaning in a terminal: lengths are counted in cells"])
    }

    @Test func malformedDefinitions() {
        #expect(messages(sheet("$x")) == ["expected '=' after '$x'"])
        #expect(messages(sheet("$x =")) == ["'x' has no value after '='"])
        #expect(messages(sheet("$x = (1")) == ["'(' is never closed"])
    }
}
