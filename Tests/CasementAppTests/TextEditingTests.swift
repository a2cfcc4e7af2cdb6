import CasementApp
import Foundation
import Testing
import TestSupport

/// Issue 26 §2.1: the field's cursor is an index of grapheme clusters, Backspace
/// at the end erases the last character once, and no key sequence traps.
@MainActor
@Suite struct TextFieldEditingTests {
    func focusedField(_ text: String = "") throws -> (TextField, AppPilot) {
        let field = TextField(text: text)
        let root = screen { place(field, in: $0, x: 0, y: 0, width: 12, height: 1) }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 12, height: 1))
        app.focus(field)
        pilot.settle()
        return (field, pilot)
    }

    /// Keys as a terminal delivers them: one code point each.
    func typeScalars(_ text: String, into pilot: AppPilot) {
        for scalar in text.unicodeScalars { pilot.press(.character(Character(scalar))) }
    }

    @Test func backspaceAtTheEndErasesTheLastCharacterAndMovesOnce() throws {
        let (field, pilot) = try focusedField()
        pilot.type("abcd")
        pilot.press(.backspace)
        #expect(field.text == "abc")
        #expect(field.cursor == 3)
    }

    @Test func backspaceOnOneCharacterThenTypingDoesNotTrap() throws {
        let (field, pilot) = try focusedField()
        pilot.type("x")
        pilot.press(.backspace)
        #expect(field.text == "")
        #expect(field.cursor == 0)
        pilot.type("1")
        #expect(field.text == "1")
        #expect(field.cursor == 1)
    }

    @Test func typingAfterBackspaceAppends() throws {
        let (field, pilot) = try focusedField()
        pilot.type("ab")
        pilot.press(.backspace)
        pilot.type("c")
        #expect(field.text == "ac")
        #expect(field.cursor == 2)
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() throws {
        let (field, pilot) = try focusedField()
        typeScalars("e\u{301}x", into: pilot)
        #expect(field.text == "e\u{301}x")
        #expect(field.cursor == 2)
        pilot.press(.backspace)
        #expect(field.text == "e\u{301}")
        pilot.press(.backspace)
        #expect(field.text == "")
        #expect(field.cursor == 0)
    }

    @Test func twoRegionalIndicatorsAreOneCharacter() throws {
        let (field, pilot) = try focusedField()
        typeScalars("\u{1F1FA}\u{1F1F8}x", into: pilot)
        #expect(field.text == "🇺🇸x")
        #expect(field.cursor == 2)
        pilot.press(.left, .left, .delete)
        #expect(field.text == "x")
        #expect(field.cursor == 0)
        #expect(pilot.lines == ["x"])
    }

    @Test func settingTheTextKeepsTheCursorOnIt() throws {
        let (field, pilot) = try focusedField("hello")
        field.text = "hi"
        #expect(field.cursor == 2)
        pilot.press(.backspace)
        #expect(field.text == "h")
        #expect(field.cursor == 1)
    }

    /// casement-top: `/`, `N`, Backspace, `1` trapped in its filter field.
    @Test func theTopFilterSequenceDoesNotTrap() throws {
        let (field, pilot) = try focusedField()
        var changes: [String] = []
        field.onChange = { changes.append($0) }
        pilot.type("N")
        pilot.press(.backspace)
        pilot.type("1")
        #expect(changes == ["N", "", "1"])
        #expect(field.cursor == 1)
    }
}

/// The editing value type alone: what a multi-line editor shares with `TextField`.
@Suite struct EditableLineTests {
    @Test func insertingCountsCharactersNotCodePoints() {
        var line = EditableLine()
        for scalar in "a\u{1F1EC}\u{1F1E7}e\u{301}世".unicodeScalars { line.insert(Character(scalar)) }
        #expect(line.text == "a🇬🇧e\u{301}世")
        #expect(line.count == 4)
        #expect(line.cursor == 4)
    }

    @Test func aMarkTypedAtTheStartJoinsTheFollowingCharacterWhenALetterComesBefore() {
        var line = EditableLine("\u{301}x", cursor: 0)
        line.insert("e")
        #expect(line.text == "e\u{301}x")
        #expect(line.count == 2)
        #expect(line.cursor == 1)
    }

    @Test func removingALetterBetweenTwoIndicatorsKeepsTheCursorOnABoundary() {
        var line = EditableLine("\u{1F1FA}x\u{1F1F8}", cursor: 2)
        #expect(line.count == 3)
        line.deleteBackward()
        #expect(line.text == "🇺🇸")
        #expect(line.count == 1)
        #expect(line.cursor == 1)
    }

    @Test func deletingAtTheEdgesChangesNothing() {
        var line = EditableLine("ab", cursor: 0)
        let erasedBefore = line.deleteBackward()
        #expect(!erasedBefore)
        line.moveCursor(to: 99)
        #expect(line.cursor == 2)
        let erasedAfter = line.deleteForward()
        #expect(!erasedAfter)
        line.moveCursor(to: -3)
        #expect(line.cursor == 0)
        #expect(line.text == "ab")
    }

    @Test func splitKeepsTheHeadAndReturnsTheTail() {
        var line = EditableLine("héllo", cursor: 2)
        let tail = line.split()
        #expect(tail == "llo")
        #expect(line.text == "hé")
        #expect(line.cursor == 2)
    }

    @Test func anyKeySequenceKeepsTheCursorInsideTheText() {
        var random = SplitMix64(seed: 26)
        let pieces: [String] = ["a", "\u{301}", "\u{1F1FA}", "\u{1F1F8}", "世", "\u{200D}", "\u{1F468}", "e", "\r", "\n"]
        var line = EditableLine()
        for _ in 0..<5_000 {
            switch random.next() % 6 {
            case 0, 1, 2: line.insert(pieces[Int(random.next() % UInt64(pieces.count))])
            case 3: line.deleteBackward()
            case 4: line.deleteForward()
            default: line.moveCursor(to: Int(random.next() % 12) - 2)
            }
            #expect(line.count == line.text.count)
            #expect((0...line.count).contains(line.cursor))
            if line.count > 40 { line.removeAll() }
        }
    }
}
