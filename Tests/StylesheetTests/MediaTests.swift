import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct MediaTests {
    private func zIndex(_ text: String, width: Int, height: Int = 24) -> Int {
        style("box", in: sheet(text), width: width, height: height).zIndex
    }

    @Test func widthAndHeightQueries() {
        let text = """
            box { z-index 1 }
            @media (min-width: 100) { box { z-index 2 } }
            @media (max-width: 40) { box { z-index 3 } }
            @media (min-height: 50) { box { z-index 4 } }
            @media (max-height: 10) { box { z-index 5 } }
            """
        #expect(zIndex(text, width: 80) == 1)
        #expect(zIndex(text, width: 100) == 2)
        #expect(zIndex(text, width: 40) == 3)
        #expect(zIndex(text, width: 80, height: 50) == 4)
        #expect(zIndex(text, width: 80, height: 10) == 5)
    }

    /// A repeated query is evaluated once while no variable changes: a redefinition
    /// between two copies takes effect, and a failing copy reports at every copy.
    @Test func repeatedQueriesFollowVariablesAndReportEachCopy() {
        let text = """
            $w = 100
            @media (min-width: $w) { box { z-index 1 } }
            @media (min-width: $w) { text { z-index 1 } }
            $w = 50
            @media (min-width: $w) { screen { z-index 1 } }
            """
        let stylesheet = sheet(text)
        #expect(stylesheet.diagnostics.isEmpty)
        #expect(stylesheet.media.map { $0.alternatives[0][0].value } == [100, 100, 50])
        let failing = sheet("@media (min-width: red) { box { z-index 1 } }\n@media (min-width: red) { text { z-index 1 } }")
        #expect(failing.diagnostics.filter { $0.code == .casMediaQuery }.map(\.location.line) == [1, 2])
    }

    @Test func classyScreenWidthForms() {
        let text = """
            @device (screen-width: >= 120) { box { z-index 1 } }
            @media (screen-height: < 20) { box { z-index 2 } }
            @media (width: 77) { box { z-index 3 } }
            @media (width == 78) { box { z-index 4 } }
            """
        #expect(sheet(text).diagnostics.isEmpty)
        #expect(zIndex(text, width: 120) == 1)
        #expect(zIndex(text, width: 119) == 0)
        #expect(zIndex(text, width: 80, height: 19) == 2)
        #expect(zIndex(text, width: 77) == 3)
        #expect(zIndex(text, width: 78) == 4)
    }

    @Test func andAndCommaCombine() {
        let text = "@media (min-width: 100) and (min-height: 30), (max-width: 20) { box { z-index 1 } }"
        #expect(zIndex(text, width: 100, height: 30) == 1)
        #expect(zIndex(text, width: 100, height: 29) == 0)
        #expect(zIndex(text, width: 20, height: 5) == 1)
        #expect(zIndex("@media screen and (min-width: 10) { box { z-index 1 } }", width: 10) == 1)
    }

    @Test func mediaInsideARuleAndNested() {
        let text = """
            box {
              z-index 1
              @media (min-width: 100) {
                z-index 2
                @media (min-height: 40) { z-index 3 }
              }
            }
            """
        #expect(sheet(text).diagnostics.isEmpty)
        #expect(zIndex(text, width: 99) == 1)
        #expect(zIndex(text, width: 100) == 2)
        #expect(zIndex(text, width: 100, height: 40) == 3)
        #expect(zIndex(text, width: 99, height: 40) == 1)
    }

    @Test func queryValuesMayUseVariables() {
        let text = "$wide = 60\n@media (min-width: $wide * 2) { box { z-index 1 } }"
        #expect(zIndex(text, width: 120) == 1)
        #expect(zIndex(text, width: 119) == 0)
    }

    @Test func unknownTermsAreErrorsAndTheBlockNeverApplies() {
        let cases: [(String, String)] = [
            ("@media (orientation: landscape) { box { z-index 1 } }", "unknown media feature 'orientation'"),
            ("@media phone { box { z-index 1 } }", "unknown media term 'phone'"),
            ("@media (min-width 10) and { box { z-index 1 } }", "expected a media condition after 'and'"),
            ("@media (min-width: >= 10) { box { z-index 1 } }", "'min-width' already means >=; drop the '>='"),
            ("@media (min-width: red) { box { z-index 1 } }", "a media query compares with a number of cells, not the word 'red'"),
            ("@media { box { z-index 1 } }", "'@media' needs a query"),
            ("@media (min-width: 1) box { z-index 1 }", "expected 'and' or ',' between media conditions, found 'box'"),
        ]
        for (text, message) in cases {
            let s = sheet(text)
            #expect(messages(s, .error).first == message, "\(text)")
            #expect(style("box", in: s, width: 500).zIndex == 0, "\(text)")
        }
        #expect(sheet("@media (max-widht: 10) { }").diagnostics[0].hint == "did you mean 'max-width'?")
    }

    @Test func theSignatureChangesOnlyWhenABlockFlips() {
        let s = sheet("""
            @media (min-width: 100) { box { z-index 1 } }
            @media (max-height: 30) { box { z-index 2 } }
            """)
        let narrow = s.mediaSignature(width: 80, height: 40)
        #expect(narrow == s.mediaSignature(width: 99, height: 31))
        #expect(narrow != s.mediaSignature(width: 100, height: 40))
        #expect(s.mediaSignature(width: 100, height: 30).activeBlocks == [0, 1])
        #expect(narrow.activeBlocks == [])
        let result = s.cascade([StyledView(kind: "box")], media: s.mediaSignature(width: 120, height: 40))
        #expect(result.styles[0].zIndex == 1)
        #expect(s.media.map(\.text) == ["(min-width: 100)", "(max-height: 30)"])
        #expect(s.media[0].location == SourceLocation(file: "test.cas", line: 1, column: 1))
    }
}
