import Canvas
import TerminalUI

extension App {
    /// Runs the app on the terminal until `quit()` or a quit signal (Ctrl-C,
    /// SIGTERM, SIGHUP): one loop waits for keys, mouse, resize, the next timer,
    /// posted changes and (in dev mode) file changes, handles them, and draws a
    /// frame when something changed. The terminal is restored on every way out,
    /// a thrown error and a crash of app code included (TerminalUI restores it
    /// from its signal handlers).
    public func run(options: TerminalSession.Options = TerminalSession.Options()) throws {
        let session = try TerminalSession(options: options)
        defer { session.end() }
        session.apply(PaneLayout(size: session.size, showsStatusLine: false))
        let start = ContinuousClock.now
        resize(to: TerminalSize(session.size))
        dev?.start(self)
        isQuitting = false
        while !isQuitting {
            now = start.duration(to: .now)
            fireDueTimers()
            runPostedChanges()
            dev?.poll(self)
            if let grid = renderFrame() {
                session.draw(grid, in: .canvas)
                session.present()
            }
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
            resize(to: TerminalSize(newSize))
        case .signal:
            quit()
        case .readable, .timeout:
            break
        }
    }
}
