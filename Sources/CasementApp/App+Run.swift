import Canvas
import TerminalUI

extension App {
    /// Runs the app on the terminal until `quit()` or a quit signal (Ctrl-C,
    /// SIGTERM, SIGHUP, Ctrl-\): one loop waits for keys, mouse, resize, the
    /// next timer, posted changes and (in dev mode) file changes, handles them,
    /// and draws a frame when something changed. The terminal is restored on
    /// every way out, a thrown error and a crash of app code included
    /// (TerminalUI restores it from its signal handlers). Returns why it ended;
    /// a program exits with its `exitStatus` (130 after Ctrl-C, 143 after SIGTERM).
    @discardableResult
    public func run(options: RunOptions = RunOptions()) throws -> AppEnding {
        let session = try TerminalSession(options: options.session)
        defer { session.end() }
        session.apply(PaneLayout(size: session.size, showsStatusLine: false))
        let start = ContinuousClock.now
        resize(to: session.size)
        dev?.start(self)
        isQuitting = false
        ending = .quit
        while !isQuitting {
            now = start.duration(to: .now)
            fireDueTimers()
            runPostedChanges()
            dev?.poll(self)
            drawFrame(on: session)
            guard !isQuitting else { break }
            let descriptors = [mailbox.readDescriptor] + (dev?.descriptors ?? [])
            let waits = [timeUntilNextTimer, dev?.timeUntilNextDeadline].compactMap { $0 }
            let events = session.nextEvents(watching: descriptors.filter { $0 >= 0 }, timeout: waits.min())
            now = start.duration(to: .now)
            for event in events {
                handle(event, session: session)
                if isQuitting { break }
            }
        }
        return ending
    }

    /// Builds the next frame if anything changed and sends the cells that differ
    /// from what the terminal shows; returns the bytes written (0: nothing
    /// changed, nil: they cannot be counted). The event loop calls it after
    /// every batch of events; benchmarks call it directly.
    @discardableResult
    package func drawFrame(on session: TerminalSession) -> Int? {
        guard let grid = renderFrame() else { return 0 }
        session.draw(grid, in: .canvas)
        return session.present()
    }

    private func handle(_ event: TerminalEvent, session: TerminalSession) {
        switch event {
        case .key(.control("l")):
            session.repaintEverythingNextTime()
            needsDisplay = true
        case .key(let key):
            dispatch(key)
        case .resize(let newSize):
            session.apply(PaneLayout(size: newSize, showsStatusLine: false))
            resize(to: newSize)
        case .signal(let signal):
            ending = AppEnding(signal)
            isQuitting = true
        case .readable, .timeout:
            break
        }
    }
}
