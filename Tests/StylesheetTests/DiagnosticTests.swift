import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct StylesheetDiagnosticTests {
    @Test func diagnosticsCarryLocationSeverityMessageExcerptAndHint() {
        let s = sheet("box {\n  bordr-color red\n}\n")
        let diagnostic = s.diagnostics[0]
        #expect(diagnostic.location == SourceLocation(file: "test.cas", line: 2, column: 3))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.rendered() == """
            test.cas:2:3: warning: unknown property 'bordr-color'
                bordr-color red
                ^~~~~~~~~~~
              hint: did you mean 'border-color'?
            """)
    }

    @Test func everyDiagnosticOfABadSheetHasAnExcerptAndACaret() {
        let s = sheet("""
            $a = 10px
            bx.card > { z-index 1 }
            box { bg redd; padding 1 2 3; title-align middle; size $undefined; colr red }
            @media (orientation: landscape) { box { z-index 2 } }
            @bogus x
            text { z-index (1 + }
            """)
        #expect(s.diagnostics.count >= 8)
        for diagnostic in s.diagnostics {
            #expect(diagnostic.location.file == "test.cas")
            #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= 6)
            #expect(diagnostic.location.column >= 1)
            #expect(diagnostic.excerpt != nil && diagnostic.excerpt!.isEmpty == false, "\(diagnostic.summary)")
            #expect(diagnostic.rendered().contains("^"))
        }
        // Sorted by position within the file.
        #expect(s.diagnostics.map(\.location) == s.diagnostics.map(\.location).sorted())
    }

    @Test func hintsGiveValidValuesAndNearestNames() {
        let hints = sheet("box { border-style dashd; text-align middle; bg $acent }\n$accent = red").diagnostics.map(\.hint)
        #expect(hints[0] == "did you mean 'dashed'? valid values: none, hidden, single, double, rounded, heavy, ascii, dashed, dotted, block")
        #expect(hints[1] == "valid values: left, center, right")
        #expect(hints[2] == "did you mean '$accent'? (it is defined later, at test.cas:2:1)")
        #expect(sheet("@improt \"x.cas\"").diagnostics[0].hint == "did you mean '@import'?")
    }

    /// Classy rejected a whole file for one unknown class (ClassyKit/Classy #107);
    /// here one bad rule, value or selector costs only itself.
    @Test func recoveryIsPerRule() {
        let s = sheet("""
            box { z-index 1 }
            weird-kind.thing { bg red }
            text { z-index 2; padding 1 2 3; bold true }
            row > > x { z-index 3 }
            column { z-index 4; bg #zz; fg blue }
            grid { z-index 5 }
            """)
        #expect(style("box", in: s).zIndex == 1)
        #expect(style("weird-kind", classes: ["thing"], in: s).backgroundColor == .ansi(1))
        let text = style("text", in: s)
        #expect(text.zIndex == 2 && text.bold && text.padding == .zero)
        #expect(style("row", in: s).zIndex == 0)
        let column = style("column", in: s)
        #expect(column.zIndex == 4 && column.foregroundColor == .ansi(4) && column.backgroundColor == nil)
        #expect(style("grid", in: s).zIndex == 5)
        #expect(s.hasErrors)
        #expect(s.diagnostics.filter { $0.severity == .warning }.map(\.message) == ["unknown kind 'weird-kind'"])
    }

    @Test func unmatchedAndUnclosedBraces() {
        let extra = sheet("box { z-index 1 } }\ntext { z-index 2 }")
        #expect(extra.diagnostics.map(\.summary) == ["test.cas:1:19: error: '}' has no matching '{'"])
        #expect(style("text", in: extra).zIndex == 2)
        let open = sheet("box {\n  z-index 1\ntext {\n  z-index 2\n")
        #expect(open.diagnostics.map(\.summary) == ["test.cas:1:5: error: '{' is never closed (nor are 1 more inside it)"])
        #expect(style("box", in: open).zIndex == 1)
        let orphan = sheet("{ z-index 1 }\nbox; { z-index 3 }\ntext { z-index 2 }")
        #expect(messages(orphan) == ["'{' has no selector or property before it", "'{' has no selector or property before it"])
        #expect(style("text", in: orphan).zIndex == 2)
        #expect(style("box", in: orphan).zIndex == 0)
    }

    @Test func lexicalErrors() {
        #expect(messages(sheet("box { z-index 1 } ! text { }")) == ["unexpected character '!'"])
        #expect(messages(sheet("box { bg $ }")) == ["'bg' has no value", "'$' must be followed by a variable name"])
        #expect(messages(sheet("/* open\nbox { z-index 1 }")) == ["'/*' comment is never closed"])
        #expect(messages(sheet("box { title \"a }")) == ["'{' is never closed", "string is never closed"])
    }
}
