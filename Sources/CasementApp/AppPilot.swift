import Canvas
import Casement
import Foundation
import LayoutEngine
import TerminalUI

/// Drives an app without a terminal, as Textual's `run_test` pilot does: start
/// it at a size, send keys and clicks, move the clock, and read the screen as
/// plain text or as the grid of cells.
///
///     let pilot = AppPilot(app, size: TerminalSize(width: 40, height: 10))
///     pilot.press(.down, .enter)
///     pilot.type("hello")
///     pilot.click(list, x: 0, y: 2)
///     pilot.advance(by: .seconds(1))      // timers run on a virtual clock
///     #expect(pilot.lines[0] == "…")
///
/// Every action is followed by what the event loop does after an event: the
/// posted changes run and a frame is built (incrementally, as on a terminal).
@MainActor
public final class AppPilot {
    /// The app under test; read its widgets and views through it between actions.
    public let app: App

    /// Starts `app` at `size` and draws its first frame (dev mode, if on, starts watching).
    public init(_ app: App, size: TerminalSize = TerminalSize(width: 80, height: 24)) {
        self.app = app
        app.resize(to: size)
        app.dev?.start(app)
        settle()
    }

    /// Sends keys one after another, as typed.
    public func press(_ keys: Key...) {
        for key in keys { send(key) }
    }

    /// Types each character of `text` as a key.
    public func type(_ text: String) {
        for character in text { send(.character(character)) }
    }

    /// Sends one key (or mouse report) through the app's dispatch.
    public func send(_ key: Key) {
        app.dispatch(key)
        settle()
    }

    /// Clicks at screen coordinates.
    public func click(x: Int, y: Int) {
        send(.mouseClick(x: x, y: y))
    }

    /// Clicks a widget at (x, y) of its content box.
    public func click(_ widget: Widget, x: Int = 0, y: Int = 0) {
        guard let box = app.contentBox(of: widget.view) else { return }
        click(x: box.x + x, y: box.y + y)
    }

    /// Moves the pointer (the `hovered` state) without clicking.
    public func hover(x: Int, y: Int) {
        app.pointer(movedTo: x, y: y)
        settle()
    }

    /// Resizes the virtual terminal.
    public func resize(to size: TerminalSize) {
        app.resize(to: size)
        settle()
    }

    /// Moves the app's clock on and runs the timers that come due, in order.
    public func advance(by duration: Duration) {
        let end = app.now + duration
        while let wait = app.timeUntilNextTimer, app.now + wait <= end {
            app.now += wait
            app.fireDueTimers()
            settle()
        }
        app.now = end
        settle()
    }

    /// In dev mode: reloads the watched files that changed on disk now (the
    /// event loop does this when the watcher reports them).
    public func reloadChangedFiles() {
        app.dev?.reloadAll(app)
        settle()
    }

    /// Runs posted changes and builds a frame if anything changed.
    public func settle() {
        app.runPostedChanges()
        app.renderFrame()
    }

    /// The screen's cells.
    public var grid: Grid { app.screen }

    /// The screen as text, one string per row, trailing spaces trimmed.
    public var lines: [String] { grid.plainLines() }

    /// The screen as text, one line per row.
    public var text: String { grid.plainText() }

    /// The cell at (x, y).
    public func cell(x: Int, y: Int) -> Cell { grid[x, y] }

    /// A snapshot: the size, then the screen as text. Compare it with a file
    /// using `matchesSnapshot(at:)`.
    public func snapshot() -> String {
        "\(grid.width)x\(grid.height)\n" + text
    }

    /// Compares the snapshot with the file at `path`; when the file does not
    /// exist (or `CASEMENT_RECORD_SNAPSHOTS=1`), writes it and returns true.
    public func matchesSnapshot(at path: String) -> Bool {
        let current = snapshot()
        let record = ProcessInfo.processInfo.environment["CASEMENT_RECORD_SNAPSHOTS"] == "1"
        if !record, let stored = try? String(contentsOfFile: path, encoding: .utf8) { return stored == current }
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return (try? current.write(toFile: path, atomically: true, encoding: .utf8)) != nil
    }
}
