import Diagnostics
import Formatting
import Foundation
import Testing

/// The repository's root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

func format(_ text: String, _ path: String) throws -> String {
    try SourceFormatter.format(text, path: path).text
}

@Suite struct SpecFormattingTests {
    @Test func indentationFollowsBracesAndRelationsAreSpaced() throws {
        let input = """
            use   "a.cas"
            screen root {
                  box blue{
              top==parent.top+1 ;left>=2
                        }
            }
            """
        let expected = """
            use "a.cas"
            screen root {
              box blue{
                top == parent.top+1; left >= 2
              }
            }

            """
        #expect(try format(input, "/x/a.layout") == expected)
    }

    @Test func commentsAndSingleBlankLinesStayAndTrailingCommentsShareAColumn() throws {
        let input = "\n\n# head\n\n\n\nscreen root {\n  box a   # first\n  box bb.c # second\n\n  # alone\n  box d\n}\n\n\n"
        let expected = "# head\n\nscreen root {\n  box a     # first\n  box bb.c  # second\n\n  # alone\n  box d\n}\n"
        #expect(try format(input, "/x/a.layout") == expected)
    }

    @Test func visualFormatLinesKeepTheirSpacing() throws {
        let input = "screen root {\n  box a\n  box b\n  H:|-2-[a(>=10@high)]-[b(==a)]-2-|\n}\n"
        #expect(try format(input, "/x/a.layout") == input)
    }

    @Test func aSpecWithSyntaxErrorsIsLeftAlone() {
        #expect(throws: FormattingError.self) { try format("screen root {\n  box a {\n    top == == 1\n  }\n}\n", "/x/a.layout") }
    }
}

@Suite struct StylesheetFormattingTests {
    @Test func indentationFollowsTheBlockStructureAndBlanksInsideALineCollapse() throws {
        let input = "box\n      size   20  5\n      > text\n         fg   yellow\n.a {\n bg red;   fg  blue\n}\n"
        let expected = "box\n  size 20 5\n  > text\n    fg yellow\n.a {\n  bg red; fg blue\n}\n"
        #expect(try format(input, "/x/a.cas") == expected)
    }

    @Test func touchingTokensStayTouchingAndSpacedOnesSpaced() throws {
        // `box .a` is a descendant selector, `box.a` a compound; `10 -5` two values, `10 - 5` one.
        let input = "box   .a\n  size 10   -5\nbox.a\n  size 10  -  5\n"
        #expect(try format(input, "/x/a.cas") == "box .a\n  size 10 -5\nbox.a\n  size 10 - 5\n")
    }

    @Test func commentsStayBlockCommentsVerbatim() throws {
        let input = "// head\n/* one\n     two */\nbox   // trailing\n  bg red     /* why */\n"
        let output = try format(input, "/x/a.cas")
        #expect(output == "// head\n/* one\n     two */\nbox       // trailing\n  bg red  /* why */\n", "\(output)")
    }

    @Test func tabsBecomeSpaces() throws {
        #expect(try format("box\n\tbg red\n\t> text\n\t\tfg blue\n", "/x/a.cas") == "box\n  bg red\n  > text\n    fg blue\n")
    }

    @Test func aStylesheetWithSyntaxErrorsIsLeftAloneWithItsErrors() throws {
        do {
            _ = try SourceFormatter.format("box {\n  bg red\n", path: "/x/a.cas")
            Issue.record("formatted a file with an unclosed brace")
        } catch .syntaxErrors(let diagnostics) {
            #expect(diagnostics.contains { $0.message.contains("never closed") })
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func crlfBecomesLFAndAFinalNewlineIsAdded() throws {
        let result = try SourceFormatter.format("box\r\n  bg red", path: "/x/a.cas")
        #expect(result.text == "box\n  bg red\n")
        #expect(result.addsFinalNewline)
        #expect(!result.isUnchanged)
    }
}

@Suite struct RepositoryFormattingTests {
    static var files: [String] {
        var paths: [String] = []
        for folder in ["demo", "styles", "Examples/casement-top"] {
            let directory = repositoryRoot + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where name.hasSuffix(".cas") || name.hasSuffix(".layout") {
                paths.append(directory + "/" + name)
            }
        }
        return paths.sorted()
    }

    @Test func everyDemoAndStyleIsInTheCanonicalForm() throws {
        #expect(Self.files.count > 20)
        for path in Self.files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let formatted = try SourceFormatter.format(text, path: path)
            #expect(formatted.isUnchanged, "\(path) is not in the canonical form: run casement fmt --write \(path)")
        }
    }

    @Test func formattingTwiceChangesNothing() throws {
        for path in Self.files {
            let once = try format(try String(contentsOfFile: path, encoding: .utf8), path)
            #expect(try format(once, path) == once, "\(path)")
        }
    }
}

/// The snippet of docs/formatting.md, as written there.
@Suite struct FormattingDocExampleTests {
    @Test func theModuleSnippetRuns() throws {
        let text = "box\n    bg   red\n\n\n.card { bg blue }\n"
        let formatted = try SourceFormatter.format(text, path: "styles/app.cas")
        formatted.text          // the canonical text
        formatted.isUnchanged   // already canonical
        formatted.changedLines  // (line, new text or nil when a blank line goes): the editor's edits
        #expect(formatted.text == "box\n  bg red\n\n.card { bg blue }\n")
        #expect(!formatted.isUnchanged)
        #expect(formatted.changedLines.map(\.line) == [1, 3])
        #expect(formatted.changedLines.map(\.replacement) == ["  bg red", nil])
    }
}
