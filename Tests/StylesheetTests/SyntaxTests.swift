import Diagnostics
import Foundation
import Testing

@testable import Stylesheet

/// `{ } : ;` are optional; braces, indentation and a mix of both are one language.
@Suite struct SyntaxTests {
    static let braces = """
        $gap = 2
        box {
          bg: blue;
          padding: 1 $gap;
          > text.title {
            fg: yellow;
            bold: true;
          }
          &.card { border: rounded; }
        }
        .warning, ^box.alert {
          fg: red;
        }
        @media (min-width: 100) {
          box { size: 40 10; }
        }
        """

    static let indentation = """
        $gap = 2
        box
          bg blue
          padding 1 $gap
          > text.title
            fg yellow
            bold true
          &.card
            border rounded
        .warning, ^box.alert
          fg red
        @media (min-width: 100)
          box
            size 40 10
        """

    static let mixed = """
        $gap = 2
        box {
          bg blue
          padding: 1 $gap;
          > text.title
            fg yellow; bold true
          &.card { border rounded }
        }
        .warning,
        ^box.alert
          fg: red
        @media (min-width: 100) {
          box
            size 40 10
        }
        """

    static let allman = """
        $gap = 2
        box
        {
          bg blue
          padding 1 $gap
          > text.title
          {
            fg yellow
            bold true
          }
          &.card
          {
            border rounded
          }
        }
        .warning, ^box.alert
        {
          fg red
        }
        @media (min-width: 100)
        {
          box
          {
            size 40 10
          }
        }
        """

    @Test func bracesIndentationAndMixedGiveIdenticalRules() {
        let expected = ruleSummary(sheet(Self.braces))
        #expect(expected.count == 6)
        #expect(sheet(Self.braces).diagnostics.isEmpty)
        for (name, text) in [("indentation", Self.indentation), ("mixed", Self.mixed), ("allman", Self.allman)] {
            let other = sheet(text)
            #expect(other.diagnostics.isEmpty, "\(name): \(other.diagnostics.map(\.summary))")
            #expect(ruleSummary(other) == expected, "\(name)")
        }
        #expect(expected == [
            "box (0,0,1) :: background-color{background-color=blue}; padding{padding-top=1,padding-left=2,padding-bottom=1,padding-right=2}",
            "box > text.title (0,1,2) :: color{color=yellow}; bold{bold=true}",
            "box.card (0,1,1) :: border{border-style=rounded}",
            ".warning (0,1,0) :: color{color=red}",
            "^box.alert (0,1,1) :: color{color=red}",
            "box (0,0,1) @[[(width >= 100)]] :: size{size-width=40,size-height=10}",
        ])
    }

    @Test func colonsAndSpacingAroundThemAreEquivalent() {
        let forms = ["box { bg: red }", "box { bg red }", "box { bg : red }", "box { bg:red }", "box\n  bg : red"]
        let summaries = forms.map { ruleSummary(sheet($0)) }
        for summary in summaries { #expect(summary == summaries[0]) }
        #expect(summaries[0] == ["box (0,0,1) :: background-color{background-color=red}"])
    }

    @Test func emptyStatementsAreHarmless() {
        let s = sheet(";;\nbox {;; bg red;; ; fg blue;;};;\n;")
        #expect(s.diagnostics.isEmpty)
        #expect(ruleSummary(s) == ["box (0,0,1) :: background-color{background-color=red}; color{color=blue}"])
    }

    @Test func commentsOfBothKindsVanish() {
        let s = sheet("""
            // a line comment
            box /* inline */ { // after a brace
              bg red /* between */ ; fg /* inside a value */ blue
              /* a comment
                 over lines */
              bold true
            }
            """)
        #expect(s.diagnostics.isEmpty)
        #expect(ruleSummary(s) == [
            "box (0,0,1) :: background-color{background-color=red}; color{color=blue}; bold{bold=true}"
        ])
    }

    @Test func crAndCRLFReadAsLF() {
        let lf = "box\n  bg red\n  fg blue\ntext\n  bold true\n  bogus 1\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        for text in [crlf, cr] {
            let s = sheet(text)
            #expect(ruleSummary(s) == ruleSummary(sheet(lf)))
            // Line numbers count CR and CRLF as one line end.
            #expect(s.diagnostics.map(\.summary) == ["test.cas:6:3: warning: unknown property 'bogus'"])
        }
    }

    @Test func tabsWorkAsIndentation() {
        let s = sheet("box\n\tbg red\n\t> text\n\t\tfg blue\n")
        #expect(s.diagnostics.isEmpty)
        #expect(ruleSummary(s) == [
            "box (0,0,1) :: background-color{background-color=red}",
            "box > text (0,0,2) :: color{color=blue}",
        ])
    }

    @Test func mixingTabsAndSpacesIsAnErrorAtTheLaterLine() {
        let s = sheet("box\n  bg red\ntext\n\tfg blue\n")
        #expect(s.diagnostics.map(\.summary) == [
            "test.cas:4:1: error: indentation uses tabs, but earlier lines use spaces"
        ])
        // The rest still applies.
        #expect(ruleSummary(s).count == 2)
        let inOneLine = sheet("box\n \tbg red\n")
        #expect(messages(inOneLine) == ["indentation mixes tabs and spaces"])
    }

    @Test func aStatementContinuesAfterACommaOrInsideParentheses() {
        let s = sheet("""
            box,
            text,
              row
              bg rgb(10,
                     20, 30)
            """)
        #expect(s.diagnostics.isEmpty, "\(s.diagnostics.map(\.summary))")
        #expect(ruleSummary(s) == [
            "box (0,0,1) :: background-color{background-color=#0a141e}",
            "text (0,0,1) :: background-color{background-color=#0a141e}",
            "row (0,0,1) :: background-color{background-color=#0a141e}",
        ])
    }

    @Test func deeperIndentationUnderAPropertyIsReported() {
        let s = sheet("box\n  bg red\n    fg blue\n")
        #expect(messages(s, .error) == ["'bg' is a property, but lines are indented under it"])
        // Both declarations still apply.
        #expect(style("box", in: s).backgroundColor == .ansi(1))
        #expect(style("box", in: s).foregroundColor == .ansi(4))
    }

    @Test func inconsistentDedentIsReported() {
        let s = sheet("box\n    bg red\n  fg blue\n")
        #expect(messages(s, .error) == ["this line's indentation matches no enclosing block"])
        #expect(style("box", in: s).foregroundColor == .ansi(4))
    }
}
