import Canvas
import Diagnostics
import Foundation
import Testing
import TerminalUI

@testable import FuzzTargets

/// The targets' checks must be able to fail: each is shown a broken case here.
@MainActor
@Suite struct InvariantCheckTests {
    func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    func sent(_ bodies: String...) -> LanguageServerFuzzing.Sent {
        var sent = LanguageServerFuzzing.Sent()
        for body in bodies { sent.note(Data(body.utf8)) }
        return sent
    }

    @Test func aGoodExchangePasses() {
        let output = frame(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
            + frame(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///a","diagnostics":[]}}"#)
        #expect(LanguageServerFuzzing.check(output, sent: sent(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)) == [])
    }

    @Test func everyBrokenFrameOrMessageIsReported() {
        let request = sent(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        let broken: [[UInt8]] = [
            Array("Content-Length: 99\r\n\r\n{}".utf8),                                     // a body cut short
            frame("not json"),
            frame(#"{"jsonrpc":"1.0","id":1,"result":null}"#),
            frame(#"{"jsonrpc":"2.0","id":1,"result":null,"error":{"code":1,"message":"x"}}"#),
            frame(#"{"jsonrpc":"2.0","id":7,"result":null}"#),                              // never sent
            frame(#"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#),
            frame(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///a","diagnostics":[{"message":"m","range":{"start":{"line":2,"character":0},"end":{"line":1,"character":0}}}]}}"#),
        ]
        for output in broken {
            #expect(!LanguageServerFuzzing.check(output, sent: request).isEmpty, "\(String(decoding: output, as: UTF8.self))")
        }
        // A request answered twice, or not at all.
        let answer = frame(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
        #expect(!LanguageServerFuzzing.check(answer + answer, sent: request).isEmpty)
        #expect(!LanguageServerFuzzing.check([], sent: request).isEmpty)
        // Nothing after exit needs an answer.
        let afterExit = sent(#"{"jsonrpc":"2.0","method":"exit"}"#, #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        #expect(LanguageServerFuzzing.check([], sent: afterExit).isEmpty)
    }

    @Test func diagnosticsOutsideTheirTextAreReported() {
        var found = Violations()
        let files = ["a.cas": "one\ntwo"]
        found.expectLocated([Diagnostic(.error, .moreNotShown, "fine", at: SourceLocation(file: "a.cas", line: 2, column: 4))], in: files)
        #expect(found.messages.isEmpty)
        for location in [
            SourceLocation(file: "a.cas", line: 3, column: 1), SourceLocation(file: "a.cas", line: 2, column: 5),
            SourceLocation(file: "a.cas", line: 0, column: 1), SourceLocation(file: "b.cas", line: 1, column: 1),
        ] {
            var found = Violations()
            found.expectLocated([Diagnostic(.error, .moreNotShown, "x", at: location)], in: files)
            #expect(found.messages.count == 1, "\(location)")
        }
    }

    @Test func malformedKeysAreReported() {
        for key in [Key.character("\u{1}"), .character("\u{9B}"), .control("1"), .function(0), .mouseClick(x: -1, y: 0)] {
            var found = Violations()
            found.expectWellFormed(key)
            #expect(found.messages.count == 1, "\(key)")
        }
        var found = Violations()
        for key in [Key.character("é"), .control("l"), .function(12), .scrollUp(x: 3, y: 4), .enter] { found.expectWellFormed(key) }
        #expect(found.messages.isEmpty)
    }

    /// What each key must leave in a one-line editor, including merges.
    @Test func theEditingModelKnowsWhatEachKeyDoes() {
        let typedMark = TextEditingFuzzing.expectedLine(after: .type, typed: "\u{301}", line: "ex", cursor: 1)
        #expect(typedMark.text == "e\u{301}x")
        #expect(typedMark.cursor("e\u{301}x") == 1)   // the mark joined the e: the cursor stays after it
        let typedFlagHalf = TextEditingFuzzing.expectedLine(after: .type, typed: "🇷", line: "🇫", cursor: 1)
        #expect(typedFlagHalf.cursor("🇫🇷") == 1)
        let backspace = TextEditingFuzzing.expectedLine(after: .backspace, typed: nil, line: "abcd", cursor: 4)
        #expect(backspace.text == "abc")
        #expect(TextEditingFuzzing.expectedLine(after: .right, typed: nil, line: "ab", cursor: 2).cursor("ab") == 2)
        #expect(TextEditingFuzzing.expectedLine(after: .controlU, typed: nil, line: "ab", cursor: 1).text == "")
    }

    @Test func aCursorDrawnOutsideItsEditorOrNotAtAllIsReported() {
        var grid = Grid(width: 6, height: 3)
        var found = Violations()
        found.expectCursorDrawn(in: grid, x: 1..<4, y: 1..<2, "empty")
        #expect(found.messages.count == 1 && found.messages[0].hasPrefix("empty: no cursor drawn"))
        grid[5, 0] = Cell("x", attributes: .reverse)
        grid[2, 1] = Cell("y", attributes: .reverse)
        found = Violations()
        found.expectCursorDrawn(in: grid, x: 1..<4, y: 1..<2, "stray")
        #expect(found.messages.count == 1)
    }
}
