import CasementApp
import Foundation
import Testing

@MainActor
@Suite struct TextViewTests {
    @Test func textViewWrapsScrollsAndDrawsItsBar() throws {
        let lines = (0..<20).map { "line \($0)" }
        let view = TextView(text: (["a long first line that wraps"] + lines).joined(separator: "\n"), id: "preview")
        let pilot = try pilot(on: view, width: 12, height: 4, stylesheet: ".scrollbar { color green }")
        #expect(view.lineCount == 21)
        #expect(pilot.lines == ["a long     ┃", "first line │", "that wraps │", "line 0     │"])
        #expect(pilot.cell(x: 11, y: 0).foreground == .ansi(2))
        #expect(view.rowCount == 23)
        pilot.press(.down)
        #expect(view.scrollOffset == 1)
        #expect(pilot.lines[0] == "first line ┃")
        pilot.press(.end)
        #expect(pilot.lines == ["line 16    │", "line 17    │", "line 18    │", "line 19    ┃"])
        pilot.press(.pageUp)
        #expect(view.scrollOffset == 16)
        pilot.press(.home)
        pilot.send(.scrollDown(x: 2, y: 2))
        #expect(view.scrollOffset == 3)
        view.scroll(toLine: 5)
        pilot.settle()
        #expect(pilot.lines[0].hasPrefix("line 4"))
    }

    @Test func unwrappedTextScrollsSidewaysAndNeverCutsAWideCharacter() throws {
        let view = TextView(text: "漢字abcdef\tx\u{1B}", wraps: false)
        let pilot = try pilot(on: view, width: 6, height: 1)
        #expect(pilot.lines == ["漢字ab"])
        pilot.press(.right)
        #expect(pilot.lines == ["abcdef"])   // four cells on: past the two wide characters
        pilot.press(.right)
        #expect(pilot.lines == ["ef  x␛"])   // the tab is spaces to column 12
        pilot.press(.left, .left)
        view.text = "a\r\nb\rc"
        pilot.settle()
        #expect(view.lineCount == 3)
        #expect(view.text == "a\nb\nc")
    }

    @Test func aWideCharacterAcrossTheLeftEdgeIsLeftOut() throws {
        let view = TextView(text: "abc漢defgh", wraps: false)
        let pilot = try pilot(on: view, width: 3, height: 1)
        #expect(pilot.lines == ["abc"])
        pilot.press(.right)
        #expect(pilot.lines == [" de"])   // 漢 spans columns 3 and 4: cut by the edge, left out
        view.wraps = true
        pilot.settle()
        #expect(pilot.lines == ["ab┃"])
    }

    @Test func logViewFollowsTheEndUntilScrolledUpAndKeepsItsLimit() throws {
        let log = LogView(maximumLines: 5, id: "log")
        let pilot = try pilot(on: log, width: 10, height: 3)
        for n in 1...4 { log.append("event \(n)") }
        pilot.settle()
        #expect(pilot.lines == ["event 2  │", "event 3  ┃", "event 4  ┃"])
        #expect(log.isFollowing)
        pilot.press(.up)
        #expect(!log.isFollowing)
        log.append("event 5")
        pilot.settle()
        #expect(pilot.lines.first == "event 1  ┃")
        log.append("event 6\nevent 7")
        pilot.settle()
        #expect(log.lines == ["event 3", "event 4", "event 5", "event 6", "event 7"])
        #expect(pilot.lines.first == "event 3  ┃")   // the view stays on what it showed
        pilot.press(.end)
        #expect(log.isFollowing)
        log.append("event 8")
        pilot.settle()
        #expect(pilot.lines.last == "event 8  ┃")
        log.clear()
        pilot.settle()
        #expect(pilot.lines.allSatisfy { $0.isEmpty })
    }

    @Test func aClickOnTheBarJumpsThereAndOnTheTextFocuses() throws {
        let text = TextView(text: (0..<50).map { "line \($0)" }.joined(separator: "\n"), id: "text")
        let log = LogView(id: "log")
        for n in 0..<50 { log.append("event \(n)") }
        let root = screen { root in
            place(text, in: root, x: 0, y: 0, width: 12, height: 5)
            place(log, in: root, x: 0, y: 5, width: 12, height: 5)
        }
        let app = try App(root: root, devMode: false)
        let pilot = AppPilot(app, size: TerminalSize(width: 12, height: 10))
        pilot.click(text, x: 3, y: 1)                    // on the text: the focus, no scroll
        #expect(app.focusedWidget === text && text.scrollOffset == 0)
        pilot.click(text, x: 11, y: 4)                   // the bar's last cell: the end
        #expect(text.scrollOffset == 45)
        #expect(pilot.lines[4].hasPrefix("line 49"))
        pilot.click(text, x: 11, y: 2)                   // its middle
        #expect(text.scrollOffset == 22)
        #expect(log.isFollowing)
        pilot.click(log, x: 11, y: 0)                    // the log's bar, at the top: it stops following
        #expect(log.scrollOffset == 0 && !log.isFollowing)
        #expect(app.focusedWidget === log)
        pilot.click(log, x: 11, y: 4)                    // back at the end: it follows again
        #expect(log.isFollowing)
        log.append("event 50")
        pilot.settle()
        #expect(pilot.lines[9].hasPrefix("event 50"))
    }

    @Test func aLongLogDropsOldLinesInLinearTime() {
        // Appending far past the limit compacts the kept lines now and then: the
        // kept lines and their rows stay right throughout.
        let log = LogView(maximumLines: 3)
        for n in 0..<5_000 { log.append("\(n)") }
        #expect(log.lines == ["4997", "4998", "4999"])
        #expect(log.lineCount == 3)
    }

    @Test func aLogOfNoLinesWarns() throws {
        let log = LogView(maximumLines: 0); let line = #line
        let app = try App(root: screen { place(log, in: $0, x: 0, y: 0, width: 5, height: 2) }, devMode: false)
        #expect(log.maximumLines == 1)
        #expect(app.diagnostics.map(\.location.line) == [line])
    }
}
