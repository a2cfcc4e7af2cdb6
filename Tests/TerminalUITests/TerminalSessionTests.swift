import Foundation
import Testing
import Canvas
import CNcurses
import Cells
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

private func startSession(on pty: PseudoTerminal, type: String = "xterm-256color", mouse: Bool = true,
                          waits: Bool = true) throws -> TerminalSession {
    let options = TerminalSession.Options(
        inputDescriptor: pty.terminal, outputDescriptor: pty.terminal, terminalType: type, enablesMouse: mouse)
    return waits ? try waitingForTheTerminal { try TerminalSession(options: options) } : try TerminalSession(options: options)
}

/// A session, once no other test holds the process's one terminal session (the
/// fuzz replay of the `keys` target starts sessions too, in a suite of its own).
private func waitingForTheTerminal(_ start: () throws -> TerminalSession) throws -> TerminalSession {
    let end = ContinuousClock.now + .seconds(10)
    while true {
        do {
            return try start()
        } catch TerminalError.sessionAlreadyActive where ContinuousClock.now < end {
            usleep(10_000)
        }
    }
}

private func write(_ text: String, into grid: inout Grid, x: Int, y: Int, foreground: Color? = nil, background: Color? = nil) {
    var column = x
    for character in text {
        grid[column, y] = Cell(character, foreground: foreground, background: background)
        column += 1
    }
}

/// What a window holds at a cell: its characters and its colour pair's colours.
private func readBack(_ window: UnsafeMutablePointer<WINDOW>, x: Int, y: Int) -> (text: [wchar_t], colors: ColorPairKey) {
    var cell = cchar_t()
    _ = mvwin_wch(window, Int32(y), Int32(x), &cell)
    var text = [wchar_t](repeating: 0, count: Int(casement_ccharw_max()) + 1)
    var attributes: attr_t = 0
    var shortPair: Int16 = 0
    var pair: Int32 = 0
    _ = getcchar(&cell, &text, &attributes, &shortPair, &pair)
    var foreground: Int32 = 0, background: Int32 = 0
    _ = extended_pair_content(pair, &foreground, &background)
    return (Array(text.prefix { $0 != 0 }), ColorPairKey(foreground: foreground, background: background))
}

/// Events until `count` have arrived (a pty delivers input asynchronously) or time runs out.
private func events(from session: TerminalSession, count: Int, within limit: Duration = .seconds(3)) -> [TerminalEvent] {
    let end = ContinuousClock.now + limit
    var collected: [TerminalEvent] = []
    while collected.count < count, ContinuousClock.now < end {
        collected += session.nextEvents(timeout: .milliseconds(200)).filter { $0 != .timeout }
    }
    return collected
}

/// One ncurses session at a time: these share the process's terminal state.
@Suite(.serialized) struct TerminalSessionTests {
    @Test func drawsOnlyWhatChangedAndRestoresOnEnd() throws {
        let pty = PseudoTerminal(width: 40, height: 12)
        let cooked = pty.modes
        let session = try startSession(on: pty)
        #expect(session.size == TerminalSize(width: 40, height: 12))
        #expect(session.colorSupport == TerminalColorSupport(depth: .palette256))
        #expect(session.hasDefaultColors)
        #expect(session.frame(of: .canvas) == CellRect(x: 0, y: 0, width: 40, height: 11))
        #expect(session.frame(of: .status) == CellRect(x: 0, y: 11, width: 40, height: 1))
        // ncurses took the terminal out of line mode and echo.
        #expect(pty.modes.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        _ = pty.output()

        var grid = Grid(width: 40, height: 11)
        write("Hello, Casement", into: &grid, x: 2, y: 1, foreground: .rgb(red: 255, green: 0, blue: 0), background: .ansi(4))
        write("second line", into: &grid, x: 0, y: 5)
        session.draw(grid, in: .canvas)
        let first = try #require(session.present())
        let firstOutput = pty.output()
        #expect(first > 0)
        #expect(firstOutput.count == first)
        #expect(firstOutput.contains("Hello, Casement"))
        #expect(firstOutput.contains("\u{1B}[38;5;196m"))

        // The same grid again: nothing is sent.
        session.draw(grid, in: .canvas)
        #expect(session.present() == 0)
        #expect(session.present() == 0)
        #expect(pty.output(quiet: .milliseconds(150)).isEmpty)

        // One cell: a cursor move and a character.
        grid[20, 7] = Cell("X", foreground: .ansi(2))
        session.draw(grid, in: .canvas)
        let small = try #require(session.present())
        let smallOutput = pty.output()
        #expect(small > 0 && small <= 24)
        #expect(smallOutput.count == small)
        #expect(smallOutput.contains("X"))
        #expect(!smallOutput.contains("Hello"))
        #expect(session.totalBytesWritten == first + small)

        session.end()
        let restore = pty.output()
        #expect(restore.contains("\u{1B}[?1049l"))  // rmcup: back to the shell's screen
        #expect(restore.contains("\u{1B}[?25h"))  // cnorm: cursor visible
        let after = pty.modes
        #expect(after.c_lflag == cooked.c_lflag)
        #expect(after.c_iflag == cooked.c_iflag)
        #expect(after.c_oflag == cooked.c_oflag)
        #expect(!session.isActive)
        session.end()
        session.draw(grid, in: .canvas)
        #expect(session.present() == 0)
    }

    @Test func theSuspendKeyArrivesAsAKeyWhenTurnedOffAndComesBackAfter() throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        func suspendCharacter() -> UInt8 {
            var modes = pty.modes
            return withUnsafeBytes(of: &modes.c_cc) { $0[Int(VSUSP)] }
        }
        #expect(suspendCharacter() == 26)   // Ctrl-Z stops a process in a cooked terminal
        let session = try waitingForTheTerminal { try TerminalSession(options: .init(
            inputDescriptor: pty.terminal, outputDescriptor: pty.terminal, terminalType: "xterm-256color",
            disablesSuspendKey: true)) }
        #expect(suspendCharacter() == 0)
        pty.type("\u{1A}")
        #expect(session.nextEvents(timeout: .milliseconds(500)).contains(.key(.control("z"))))
        session.end()
        #expect(suspendCharacter() == 26)
        let plain = try startSession(on: pty)
        #expect(suspendCharacter() == 26)   // off only when asked
        plain.end()
    }

    @Test func onlyOneSessionAtATime() throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        let session = try startSession(on: pty)
        #expect(throws: TerminalError.sessionAlreadyActive) { try startSession(on: pty, waits: false) }
        session.end()
        let again = try startSession(on: pty)
        again.end()
    }

    @Test func anUnknownTerminalIsAnErrorAndLeavesNothingBehind() throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        #expect(throws: TerminalError.cannotStartTerminal(terminalType: "no-such-terminal-here")) {
            try startSession(on: pty, type: "no-such-terminal-here")
        }
        #expect(!TerminalSession.signalHandlersInstalled)
        let session = try startSession(on: pty)
        session.end()
    }

    @Test func badDescriptorsAreAnError() throws {
        #expect(throws: TerminalError.systemCallFailed(name: "dup", errno: EBADF)) {
            try TerminalSession(options: .init(inputDescriptor: -1, outputDescriptor: -1, terminalType: "xterm"))
        }
        #expect(!TerminalSession.signalHandlersInstalled)
    }

    @Test func aClosedTerminalIsAHangUp() throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        let session = try startSession(on: pty)
        defer { session.end() }
        pty.closeController()
        #expect(session.nextEvents(timeout: .seconds(2)) == [.signal(.hangup)])
        // Reported once: afterwards the dead terminal is no longer listened to.
        #expect(session.nextEvents(timeout: .milliseconds(50)) == [.timeout])
    }

    /// ncurses 6.4 reads an SGR mouse report's parameters into an array of nine
    /// without checking the index: a report of some forty parameters (pasted text
    /// can carry one) overwrote its stack and ended the program. The session's
    /// input relay ends such a report at its fourth parameter, and what follows
    /// arrives as keys.
    @Test func aMouseReportOfManyParametersIsCutShortAndTheKeysAfterItArrive() throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        let session = try startSession(on: pty)
        defer { session.end() }
        pty.type("\u{1B}[<" + String(repeating: ";", count: 46) + "0Mq")
        pty.type("\u{1B}[<0;3;2M")
        #expect(events(from: session, count: 2) == [.key(.character("q")), .key(.mouseClick(x: 2, y: 1))])
    }

    /// A pipe read as the terminal, ending inside a mouse report: ncurses would
    /// read its end (0 bytes) for the rest of the report for ever; the relay ends
    /// the report first, and the end is a hang-up.
    @Test func aPipeEndingInsideAMouseReportIsAHangUp() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let output = open("/dev/null", O_WRONLY)
        defer { close(ends[0]); close(output) }
        let report = Array("x\u{1B}[<65;300;".utf8)
        #expect(write(ends[1], report, report.count) == report.count)
        close(ends[1])
        nonisolated(unsafe) let session = try waitingForTheTerminal {
            try TerminalSession(options: .init(
                inputDescriptor: ends[0], outputDescriptor: output, terminalType: "xterm-256color", handlesSignals: false))
        }
        defer { session.end() }
        nonisolated(unsafe) var events: [TerminalEvent] = []
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<5 where !events.contains(.signal(.hangup)) { events += session.nextEvents(timeout: .seconds(1)) }
            done.signal()
        }
        try #require(done.wait(timeout: .now() + 10) == .success, "the session hangs")
        // (Signals come first in a batch: the key and the hang-up may arrive together.)
        #expect(events.filter { $0 != .timeout }.sorted { "\($0)" < "\($1)" } == [.key(.character("x")), .signal(.hangup)])
    }

    /// A terminal that hangs up in the middle of a mouse report, before or while
    /// the session reads it: ncurses reads the rest of the report from a terminal
    /// that has ended, which gives an error (EIO) and ends the report, so the
    /// session reports the hang-up. (A pipe at its end reads 0 bytes instead, and
    /// ncurses then spins: the fuzz target `keys` completes a report it cuts short.)
    @Test(arguments: [false, true])
    func aHangUpInsideAMouseReportIsAHangUp(whileReading: Bool) throws {
        let pty = PseudoTerminal(width: 20, height: 5)
        nonisolated(unsafe) let session = try startSession(on: pty)
        defer { session.end() }
        pty.type("\u{1B}[<65;300;")
        if !whileReading { pty.closeController() }
        nonisolated(unsafe) var events: [TerminalEvent] = []
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<5 where !events.contains(.signal(.hangup)) { events += session.nextEvents(timeout: .seconds(1)) }
            done.signal()
        }
        if whileReading {
            usleep(200_000)   // the report's first part is being read
            pty.closeController()
        }
        try #require(done.wait(timeout: .now() + 10) == .success, "the session hangs")
        #expect(events.contains(.signal(.hangup)))
    }

    @Test func keysAndMouseFromTheTerminal() throws {
        let pty = PseudoTerminal(width: 30, height: 8)
        let session = try startSession(on: pty)
        defer { session.end() }
        _ = pty.output()
        func capability(_ name: String) -> String {
            String(cString: name.withCString { casement_tigetstr($0) }!)
        }
        pty.type("a" + "é" + "漢" + "\t" + capability("kcbt") + capability("kcuu1") + capability("kcud1")
                 + capability("kcub1") + capability("kcuf1") + "\r" + capability("kf1") + capability("kf12")
                 + capability("khome") + capability("kdch1") + "\u{0C}" + "\u{7F}")
        #expect(events(from: session, count: 16) == [
            .key(.character("a")), .key(.character("é")), .key(.character("漢")), .key(.tab), .key(.backTab),
            .key(.up), .key(.down), .key(.left), .key(.right), .key(.enter), .key(.function(1)),
            .key(.function(12)), .key(.home), .key(.delete), .key(.control("l")), .key(.backspace),
        ])
        // xterm's SGR mouse reports: press at column 5, row 3 (1-based), release, wheel up.
        pty.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<64;2;2M")
        #expect(events(from: session, count: 2) == [.key(.mouseClick(x: 4, y: 2)), .key(.scrollUp(x: 1, y: 1))])
        // A lone Escape is a key once the escape delay has passed.
        pty.type("\u{1B}")
        #expect(events(from: session, count: 1) == [.key(.escape)])
        #expect(session.nextEvents(timeout: .milliseconds(30)) == [.timeout])
    }

    /// Terminals send cursor keys as `ESC [ B` in normal mode and `ESC O B` in
    /// application mode, and not every one switches when asked: both arrive as
    /// keys, whatever the terminal type says.
    @Test(arguments: ["xterm-256color", "tmux-256color", "vt100"])
    func cursorKeysInBothForms(terminalType: String) throws {
        let pty = PseudoTerminal(width: 30, height: 8)
        let session = try startSession(on: pty, type: terminalType, mouse: false)
        defer { session.end() }
        _ = pty.output()
        pty.type("\u{1B}[A\u{1B}OA\u{1B}[B\u{1B}OB\u{1B}[C\u{1B}OC\u{1B}[D\u{1B}OD")
        #expect(events(from: session, count: 8) == [
            .key(.up), .key(.up), .key(.down), .key(.down), .key(.right), .key(.right), .key(.left), .key(.left),
        ])
        pty.type("\u{1B}[H\u{1B}OH\u{1B}[F\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}OP\u{1B}[11~\u{1B}[Z")
        #expect(events(from: session, count: 9) == [
            .key(.home), .key(.home), .key(.end), .key(.end), .key(.home), .key(.end), .key(.function(1)),
            .key(.function(1)), .key(.backTab),
        ])
    }

    @Test func otherDescriptorsAndTimeouts() throws {
        let pty = PseudoTerminal(width: 30, height: 8)
        let session = try startSession(on: pty)
        defer { session.end() }
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let start = ContinuousClock.now
        #expect(session.nextEvents(watching: [ends[0]], timeout: .milliseconds(40)) == [.timeout])
        #expect(ContinuousClock.now - start >= .milliseconds(40))
        _ = write(ends[1], "x", 1)
        #expect(session.nextEvents(watching: [ends[0]], timeout: .seconds(2)) == [.readable(ends[0])])
        pty.type("q")
        #expect(events(from: session, count: 1) == [.key(.character("q"))])
    }

    @Test func quitSignalsBecomeEvents() throws {
        let pty = PseudoTerminal(width: 30, height: 8)
        let session = try startSession(on: pty)
        defer { session.end() }
        // Without our handlers these would end the test run.
        try #require(TerminalSession.signalHandlersInstalled)
        raise(SIGTERM)
        #expect(session.nextEvents(timeout: .seconds(2)) == [.signal(.terminate)])
        raise(SIGINT)
        #expect(session.nextEvents(timeout: .seconds(2)) == [.signal(.interrupt)])
        raise(SIGHUP)
        #expect(session.nextEvents(timeout: .seconds(2)) == [.signal(.hangup)])
        session.end()
        #expect(!TerminalSession.signalHandlersInstalled)
    }

    @Test func resizeFromTheTerminal() throws {
        let pty = PseudoTerminal(width: 40, height: 12)
        let session = try startSession(on: pty)
        defer { session.end() }
        try #require(TerminalSession.signalHandlersInstalled)
        session.apply(PaneLayout(size: session.size, inspectorWidth: 10, drawerHeight: 2))
        #expect(session.frame(of: .inspector) == CellRect(x: 30, y: 0, width: 10, height: 9))
        pty.setSize(width: 60, height: 20)
        raise(SIGWINCH)
        #expect(session.nextEvents(timeout: .seconds(2)) == [.resize(TerminalSize(width: 60, height: 20))])
        #expect(session.size == TerminalSize(width: 60, height: 20))
        // The panes follow with the same requests.
        #expect(session.layout == PaneLayout(size: session.size, inspectorWidth: 10, drawerHeight: 2))
        #expect(session.frame(of: .inspector) == CellRect(x: 50, y: 0, width: 10, height: 17))
        let grid = Grid(width: 50, height: 17, filling: Cell("·"))
        session.draw(grid, in: .canvas)
        #expect((session.present() ?? 0) > 0)
        // A signal that changes nothing reports nothing.
        raise(SIGWINCH)
        #expect(session.nextEvents(timeout: .milliseconds(100)) == [.timeout])
    }

    @Test func tinyScreensNeverCrash() throws {
        let pty = PseudoTerminal(width: 1, height: 1)
        let session = try startSession(on: pty)
        defer { session.end() }
        #expect(session.size == TerminalSize(width: 1, height: 1))
        let sizes = [(1, 1), (2, 1), (1, 2), (3, 3), (2, 2), (5, 2), (1, 7), (12, 4), (1, 1)]
        var wide = Grid(width: 6, height: 3)
        wide[0, 0] = Cell("漢")
        wide[1, 0] = Cell(isContinuation: true)
        wide[2, 1] = Cell("x", attributes: [.strikethrough, .bold])
        for (width, height) in sizes {
            #expect(session.resize(to: TerminalSize(width: width, height: height)) != nil || session.size == TerminalSize(width: width, height: height))
            for inspector in [nil, 1, 4] as [Int?] {
                for drawer in [0, 1, 3] {
                    session.apply(PaneLayout(size: session.size, inspectorWidth: inspector, drawerHeight: drawer))
                    for role in PaneRole.allCases {
                        session.draw(wide, in: role)
                        session.draw(Grid(width: 0, height: 0), in: role)
                        session.draw(wide, in: role)
                    }
                    _ = session.present()
                }
            }
        }
        _ = pty.output()
        // A wide character on a one-column canvas is a blank, never half a glyph.
        session.apply(PaneLayout(size: session.size))
        session.draw(wide, in: .canvas)
        _ = session.present()
        let window = try #require(session.window(of: .canvas))
        #expect(readBack(window, x: 0, y: 0).text == [0x20])
        #expect(session.resize(to: TerminalSize(width: 0, height: 5)) == nil)
    }

    @Test func wideCharactersStrikeThroughAndClipping() throws {
        let pty = PseudoTerminal(width: 10, height: 4)
        let session = try startSession(on: pty)
        defer { session.end() }
        _ = pty.output()
        var grid = Grid(width: 12, height: 3)
        grid[0, 0] = Cell("漢")
        grid[1, 0] = Cell(isContinuation: true)
        grid[2, 0] = Cell("字")
        grid[3, 0] = Cell(isContinuation: true)
        grid[4, 0] = Cell("x", attributes: [.strikethrough])
        grid[5, 0] = Cell("e\u{301}")
        // Cut by the canvas's right edge (10 columns).
        grid[9, 0] = Cell("界")
        grid[10, 0] = Cell(isContinuation: true)
        session.draw(grid, in: .canvas)
        _ = session.present()
        let output = pty.output()
        #expect(output.occurrences(of: "漢") == 1)
        #expect(output.occurrences(of: "字") == 1)
        #expect(!output.contains("界"))
        let window = try #require(session.window(of: .canvas))
        #expect(readBack(window, x: 0, y: 0).text == [0x6F22])
        #expect(readBack(window, x: 2, y: 0).text == [0x5B57])
        #expect(readBack(window, x: 4, y: 0).text == [0x78, 0x336])
        #expect(readBack(window, x: 5, y: 0).text == [0x65, 0x301])
        #expect(readBack(window, x: 9, y: 0).text == [0x20])

        // Changing the cell after the wide ones does not resend them.
        grid[6, 0] = Cell("!")
        session.draw(grid, in: .canvas)
        _ = session.present()
        let change = pty.output()
        #expect(change.contains("!"))
        #expect(!change.contains("漢") && !change.contains("字"))

        // Replacing a wide character by two narrow ones.
        grid[0, 0] = Cell("a")
        grid[1, 0] = Cell("b")
        session.draw(grid, in: .canvas)
        _ = session.present()
        #expect(readBack(window, x: 0, y: 0).text == [0x61])
        #expect(readBack(window, x: 1, y: 0).text == [0x62])
        #expect(readBack(window, x: 2, y: 0).text == [0x5B57])
    }

    /// xterm has 8 colours and 64 pairs: 80 combinations cannot all have a pair.
    /// While at most 63 are on screen, every cell must still show its colours,
    /// even as pairs are recycled between frames.
    @Test func recycledPairsNeverShowWrongColours() throws {
        let pty = PseudoTerminal(width: 40, height: 12)
        let session = try startSession(on: pty, type: "xterm")
        defer { session.end() }
        #expect(session.colorSupport == TerminalColorSupport(depth: .ansi16, basicColorsOnly: true))
        func color(_ number: Int32) -> Color? { number < 0 ? nil : .ansi(UInt8(number)) }
        var combinations: [ColorPairKey] = []
        for foreground in Int32(-1)...7 {
            for background in Int32(-1)...7 where foreground >= 0 || background >= 0 {
                combinations.append(ColorPairKey(foreground: foreground, background: background))
            }
        }
        #expect(combinations.count == 80)
        func grid(_ keys: ArraySlice<ColorPairKey>, width: Int, height: Int) -> Grid {
            var grid = Grid(width: width, height: height)
            for (index, key) in keys.enumerated() {
                grid[index % width, index / width] = Cell("#", foreground: color(key.foreground), background: color(key.background))
            }
            return grid
        }
        func check(_ role: PaneRole, _ keys: ArraySlice<ColorPairKey>, width: Int) throws {
            let window = try #require(session.window(of: role))
            for (index, key) in keys.enumerated() {
                let shown = readBack(window, x: index % width, y: index / width)
                #expect(shown.colors == key, "\(role) cell \(index): \(shown.colors) instead of \(key)")
            }
        }
        let statusKeys = combinations[0..<20], oldCanvasKeys = combinations[20..<40], newCanvasKeys = combinations[40..<80]
        // Status first, so its pairs are the least recently used afterwards.
        session.draw(grid(statusKeys, width: 40, height: 1), in: .status)
        session.draw(grid(oldCanvasKeys, width: 40, height: 11), in: .canvas)
        _ = session.present()
        try check(.status, statusKeys, width: 40)
        try check(.canvas, oldCanvasKeys, width: 40)
        #expect(session.colorPairsInUse == 40)

        // 40 new combinations on the canvas: 23 fresh pairs, then the status
        // line's pairs are recycled and the status line must be repaired.
        session.draw(grid(newCanvasKeys, width: 40, height: 11), in: .canvas)
        _ = session.present()
        try check(.canvas, newCanvasKeys, width: 40)
        try check(.status, statusKeys, width: 40)
        #expect(session.colorPairsInUse == 63)
    }

    @Test func directColourWhereTheTerminalHasIt() throws {
        let directory = TerminfoDirectory()
        try #require(directory.compile("""
            xterm-direct-casement|xterm with direct colour for tests,
            \tcolors#0x1000000, pairs#0x10000, RGB,
            \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
            \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
            \tuse=xterm-256color,
            """))
        setenv("TERMINFO", directory.path, 1)
        defer { unsetenv("TERMINFO") }
        let pty = PseudoTerminal(width: 20, height: 4)
        let session = try startSession(on: pty, type: "xterm-direct-casement")
        defer { session.end() }
        #expect(session.colorSupport.depth == .trueColor)
        _ = pty.output()
        var grid = Grid(width: 20, height: 3)
        grid[1, 1] = Cell("R", foreground: .rgb(red: 10, green: 200, blue: 30), background: .ansi(4))
        grid[2, 1] = Cell("G", foreground: .indexed(196))
        session.draw(grid, in: .canvas)
        _ = session.present()
        let output = pty.output()
        #expect(output.contains("38:2::10:200:30"))
        #expect(output.contains("\u{1B}[44m"))
        #expect(output.contains("38:2::255:0:0"))

        // Capped by the options: the same colours through the 256 palette.
        session.end()
        let capped = try waitingForTheTerminal { try TerminalSession(options: .init(
            inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
            terminalType: "xterm-direct-casement", maximumColorDepth: .palette256)) }
        #expect(capped.colorSupport.depth == .palette256)
        capped.end()
    }
}

/// A private terminfo database, compiled with tic.
final class TerminfoDirectory {
    let path: String

    init() {
        var template = Array("/tmp/casement-terminfo-XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        _ = run("/bin/rm", ["-rf", path])
    }

    /// Compiles a terminfo source entry; false if tic failed.
    func compile(_ source: String) -> Bool {
        let file = path + "/entry.src"
        guard let handle = fopen(file, "w") else { return false }
        fputs(source + "\n", handle)
        fclose(handle)
        return run("/usr/bin/env", ["tic", "-x", "-o", path, file]) == 0
    }

    private func run(_ program: String, _ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, program, nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }
}
