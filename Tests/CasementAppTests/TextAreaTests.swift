import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct TextAreaTests {
    @Test func typingEnterBackspaceAndDeleteAcrossLines() throws {
        let area = TextArea(text: "ab\ncd", id: "notes")
        var changes: [String] = []
        area.onChange = { changes.append($0) }
        let pilot = try pilot(on: area, width: 10, height: 4)
        #expect(pilot.lines == ["ab", "cd", "", ""])
        #expect(pilot.cell(x: 0, y: 0).attributes.contains(.reverse))   // the cursor, focused
        pilot.press(.end)
        pilot.type("x")
        pilot.press(.enter)
        pilot.type("y")
        #expect(area.text == "abx\ny\ncd")
        #expect(area.cursor == TextPosition(line: 1, column: 1))
        pilot.press(.home, .backspace)
        #expect(area.text == "abxy\ncd")
        #expect(area.cursor == TextPosition(line: 0, column: 3))
        pilot.press(.end, .delete)
        #expect(area.text == "abxycd")
        #expect(area.cursor == TextPosition(line: 0, column: 4))   // at the join
        pilot.press(.backspace)
        #expect(pilot.lines == ["abxcd", "", "", ""])
        #expect(changes == ["abx\ncd", "abx\n\ncd", "abx\ny\ncd", "abxy\ncd", "abxycd", "abxcd"])
        pilot.press(.control("a"), .backspace, .control("e"), .delete)
        #expect(changes.count == 6)   // nothing to erase: no change
    }

    @Test func arrowsKeepTheColumnAcrossShortAndWideLines() throws {
        let area = TextArea(text: "hello\nhi\n漢字漢字\nworld")
        let pilot = try pilot(on: area, width: 12, height: 4)
        area.cursor = TextPosition(line: 0, column: 4)
        pilot.press(.down)
        #expect(area.cursor == TextPosition(line: 1, column: 2))   // the end of a short line
        pilot.press(.down)
        #expect(area.cursor == TextPosition(line: 2, column: 2))   // cell 4: the third character
        pilot.press(.down)
        #expect(area.cursor == TextPosition(line: 3, column: 4))   // back to cell 4
        pilot.press(.down)
        #expect(area.cursor == TextPosition(line: 3, column: 5))   // the last line: its end
        pilot.press(.up, .up)
        #expect(area.cursor == TextPosition(line: 1, column: 2))   // the column the moves started from: cell 4
        pilot.press(.left, .left, .left)
        #expect(area.cursor == TextPosition(line: 0, column: 5))   // over the line start to the end above
        pilot.press(.right)
        #expect(area.cursor == TextPosition(line: 1, column: 0))
        pilot.press(.pageUp)
        #expect(area.cursor == TextPosition(line: 0, column: 0))
        pilot.press(.pageDown)
        #expect(area.cursor.line == 3)
    }

    @Test func undoAndRedoByWordsAndEdits() throws {
        let area = TextArea(text: "")
        let pilot = try pilot(on: area, width: 20, height: 3)
        pilot.type("one two")
        pilot.press(.enter)
        pilot.type("three")
        pilot.press(.control("z"))
        #expect(area.text == "one two\n")
        pilot.press(.control("z"))
        #expect(area.text == "one two")
        pilot.press(.control("z"))
        #expect(area.text == "one ")
        pilot.press(.control("z"), .control("z"))
        #expect(area.text == "")
        #expect(area.cursor == TextPosition(line: 0, column: 0))
        pilot.press(.control("y"), .control("y"), .control("y"))
        #expect(area.text == "one two")
        #expect(area.cursor == TextPosition(line: 0, column: 7))
        pilot.type("!")
        pilot.press(.control("y"))
        #expect(area.text == "one two!")   // a new edit clears what was undone
    }

    @Test func graphemesJoinAndAreNeverSplit() throws {
        let area = TextArea(text: "")
        let pilot = try pilot(on: area, width: 10, height: 2)
        pilot.type("e\u{301}")
        #expect(area.cursor.column == 1)
        #expect(area.text == "é")
        pilot.press(.enter)
        pilot.type("\u{1F1EB}\u{1F1F7}")   // a flag: two code points typed one by one
        #expect(area.cursor == TextPosition(line: 1, column: 1))
        pilot.press(.backspace)
        #expect(area.text == "é\n")
        pilot.press(.backspace)
        #expect(area.text == "é" && area.cursor.column == 1)
    }

    @Test func clicksPlaceTheCursorAndTheViewScrolls() throws {
        let area = TextArea(text: (0..<30).map { "line \($0)" }.joined(separator: "\n"), id: "long")
        let pilot = try pilot(on: area, width: 10, height: 5, stylesheet: """
            .line[state:focused] { background-color blue }
            .scrollbar { color green }
            """)
        #expect(pilot.lines[0] == "line 0   ┃")
        #expect(pilot.cell(x: 3, y: 0).background == .ansi(4))
        pilot.click(area, x: 3, y: 2)
        #expect(area.cursor == TextPosition(line: 2, column: 3))
        pilot.press(.pageDown, .pageDown)
        #expect(area.cursor.line == 10)
        #expect(area.scrollOffset == 6)
        pilot.send(.scrollUp(x: 1, y: 1))
        #expect(area.scrollOffset == 3)
        #expect(area.cursor.line == 10)   // the wheel leaves the cursor
        pilot.click(area, x: 9, y: 4)
        #expect(area.cursor == TextPosition(line: 7, column: 6))   // past the end: the end
        #expect(pilot.cell(x: 9, y: 4).foreground == .ansi(2))    // the bar's column is not text
    }

    @Test func longLinesScrollSidewaysWithTheCursor() throws {
        let area = TextArea(text: "abcdefghij漢字")
        let pilot = try pilot(on: area, width: 6, height: 1)
        pilot.press(.end)
        #expect(pilot.lines == ["j漢字"])   // the cursor's cell after the text stays inside
        #expect(pilot.cell(x: 5, y: 0).attributes.contains(.reverse))
        pilot.press(.left)
        #expect(pilot.lines == ["j漢字"])
        pilot.press(.home)
        #expect(pilot.lines == ["abcdef"])
    }

    @Test func theTextCanBeSetAndUndone() throws {
        let area = TextArea(text: "a\nb\nc")
        let pilot = try pilot(on: area, width: 5, height: 3)
        area.cursor = TextPosition(line: 9, column: 9)
        #expect(area.cursor == TextPosition(line: 2, column: 1))
        area.text = "x"
        #expect(area.cursor == TextPosition(line: 0, column: 1))
        area.undo()
        pilot.settle()
        #expect(pilot.lines == ["a", "b", "c"])
        area.redo()
        #expect(area.lineCount == 1)
    }
}

@Suite struct EditableTextTests {
    @Test func multiLineInsertsSplitAndJoin() {
        var text = EditableText("start end")
        text.moveCursor(to: TextPosition(line: 0, column: 6))
        text.insert("one\ntwo\r\nthree ")
        #expect(text.text == "start one\ntwo\nthree end")
        #expect(text.cursor == TextPosition(line: 2, column: 6))
        text.undo()
        #expect(text.text == "start end" && text.cursor == TextPosition(line: 0, column: 6))
        text.redo()
        #expect(text.lineCount == 3)
        text.moveCursor(to: TextPosition(line: 1, column: 0))
        text.deleteBackward()
        #expect(text.text == "start onetwo\nthree end")
        #expect(text.cursor == TextPosition(line: 0, column: 9))
    }

    @Test func aMarkAtALineStartJoinsTheCharacterAboveWhenTheLinesJoin() {
        var text = EditableText("e\n\u{301}x")
        text.moveCursor(to: TextPosition(line: 1, column: 0))
        text.deleteBackward()
        #expect(text.text == "éx")
        #expect(text.cursor == TextPosition(line: 0, column: 1))
        #expect(text.count(ofLine: 0) == 2)
    }
}
