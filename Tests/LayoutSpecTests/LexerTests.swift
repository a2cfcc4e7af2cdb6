import Testing

@testable import LayoutSpec

@Suite struct LexerTests {
    private func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokens(of: Array(text.utf8)).map(\.kind)
    }

    private func words(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return Lexer.tokens(of: bytes).filter { $0.kind != .end }.map {
            String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
        }
    }

    @Test func splitsARuleIntoTokens() {
        #expect(
            kinds("left == blue.right + $margin-left @high as red-gap")
                == [.identifier, .equal, .identifier, .dot, .identifier, .plus, .style, .at, .identifier,
                    .identifier, .identifier, .end])
    }

    @Test func hyphensJoinIdentifiersOnlyBeforeALetter() {
        #expect(words("red-box margin-top a-1 x - y") == ["red-box", "margin-top", "a", "-", "1", "x", "-", "y"])
        #expect(words("[a]-gap-[b]") == ["[", "a", "]", "-", "gap", "-", "[", "b", "]"])
        #expect(words("$margin-left-[") == ["$margin-left", "-", "["])
    }

    @Test func readsNumbers() {
        #expect(words("12 1.5 .5 3.") == ["12", "1.5", ".5", "3", "."])
        #expect(kinds("16:9") == [.number, .colon, .number, .end])
    }

    @Test func relationsAndLoneComparisons() {
        #expect(kinds("== >= <= = < > !") == [.equal, .greaterOrEqual, .lessOrEqual, .assign, .invalid, .invalid, .invalid, .end])
    }

    @Test func commentsRunToTheEndOfTheLine() {
        #expect(kinds("a # b == c\nd") == [.identifier, .newline, .identifier, .end])
    }

    @Test func stringsWithEscapesAndUnterminatedOnes() {
        #expect(words(#""a \"b\" c" 'x'"#) == [#""a \"b\" c""#, "'x'"])
        #expect(kinds("\"open\nnext") == [.unterminatedString, .newline, .identifier, .end])
        #expect(kinds("\"ends in backslash\\") == [.unterminatedString, .end])
    }

    @Test func nonASCIILettersAreIdentifierCharacters() {
        #expect(words("text 名前 \"漢字\"") == ["text", "名前", "\"漢字\""])
    }

    @Test func aLoneDollarIsInvalid() {
        #expect(kinds("$ $1") == [.invalid, .invalid, .number, .end])
    }
}
