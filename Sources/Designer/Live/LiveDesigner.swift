import Canvas
import FileWatch
import LayoutEngine
import LiveLink
import Stylesheet
import TerminalUI

/// The live designer on a terminal: one thread, one loop. It waits for keys,
/// resizes, signals and the file watcher's descriptor together; settled file
/// changes become one reload; then the panes are drawn (only changed cells)
/// and presented once.
///
///     let designer = try LiveDesigner(specPath: "demo/boxes.layout")
///     let reason = designer.run()      // until q, Ctrl-C or SIGTERM; the terminal is restored
public final class LiveDesigner {
    /// How the live designer starts: terminal, file watching and panes.
    public struct Options: Sendable {
        /// How the terminal session starts (colours, mouse, signals).
        public var terminal: TerminalSession.Options
        /// Watch the files (off for the embedded gallery, which has none).
        public var watchesFiles: Bool
        /// How the file watcher finds changes and how long it lets them settle.
        public var watcher: FileWatcher.Options
        /// Whether the inspector pane shows from the start.
        public var inspectorVisible: Bool
        /// Shown after the spec's name in the status line.
        public var specNote: String?
        /// Where to meet the language servers of editors for the live preview of
        /// unsaved buffers (`LiveDirectory.standard()` for `casement open`); nil: off.
        public var live: LiveDirectory?

        /// Options with the defaults: default terminal and watcher, files watched, inspector hidden, no live preview.
        public init(
            terminal: TerminalSession.Options = .init(), watchesFiles: Bool = true,
            watcher: FileWatcher.Options = .init(), inspectorVisible: Bool = false, specNote: String? = nil,
            live: LiveDirectory? = nil
        ) {
            self.terminal = terminal
            self.watchesFiles = watchesFiles
            self.watcher = watcher
            self.inspectorVisible = inspectorVisible
            self.specNote = specNote
            self.live = live
        }
    }

    /// Why the loop ended.
    public enum ExitReason: Hashable, Sendable {
        case quit
        case signal(TerminalSignal)

        /// The process's exit status: 0 for `q`, 128 + the signal's number otherwise (as shells report it).
        public var status: Int32 {
            switch self {
            case .quit: 0
            case .signal(let signal): 128 + signal.number
            }
        }
    }

    /// What one turn of the loop did.
    public struct Step: Sendable {
        /// Why the loop ends after this turn; nil to go on.
        public var exit: ExitReason?
        /// Files reloaded in this turn (empty: none).
        public var reloadedFiles: [String] = []
        /// Bytes the frame wrote (0: nothing changed on screen; nil: not counted).
        public var bytesWritten: Int?
        /// Files whose unsaved text from an editor was laid out in this turn (empty: none).
        public var liveFiles: [String] = []
    }

    /// The designer's state: selection, panes, and the loaded layout.
    public private(set) var state: DesignerState
    /// The terminal session the designer draws on and reads keys from.
    public let terminal: TerminalSession
    private let watcher: FileWatcher?
    /// The live preview's link to editors' language servers (nil: off).
    private let link: DesignerLink?

    /// Starts the terminal (alternate screen, keys, mouse) and loads the spec.
    public init(specPath: String, reader: FileReader = .fileSystem, options: Options = Options()) throws {
        terminal = try TerminalSession(options: options.terminal)
        watcher = options.watchesFiles ? try? FileWatcher(options: options.watcher) : nil
        state = DesignerState(
            specPath: specPath, reader: reader, screen: terminal.size, inspectorVisible: options.inspectorVisible)
        state.specNote = options.specNote
        // Watch before reading, so a save during the first load is not missed.
        watcher?.setWatchedFiles([specPath])
        state.load()
        watcher?.setWatchedFiles(state.watchedFiles)
        link = Self.joinLiveDirectory(options.live, state: &state)
        tellEditors()
    }

    deinit {
        link?.stop()
        terminal.end()
    }

    /// Joins the live directory; when it cannot, says why in the status line and goes on without.
    private static func joinLiveDirectory(_ directory: LiveDirectory?, state: inout DesignerState) -> DesignerLink? {
        guard let directory else { return nil }
        do {
            return try DesignerLink(directory: directory)
        } catch {
            state.message = "live preview off: \(error)"
            return nil
        }
    }

    /// Runs until `q` or a quit signal, then restores the terminal.
    public func run() -> ExitReason {
        redraw()
        while true {
            if let exit = step().exit {
                link?.stop()
                terminal.end()
                return exit
            }
        }
    }

    /// One turn: waits for something to happen (at most `timeout`; nil: as long
    /// as it takes), handles it, reloads the files that settled, redraws.
    @discardableResult
    public func step(timeout: Duration? = nil) -> Step {
        var result = Step()
        var wait = watcher?.timeUntilNextDeadline()
        if let timeout { wait = min(wait ?? timeout, timeout) }
        // Bytes an editor has not taken yet: come back for them soon.
        if link?.hasPendingOutput == true { wait = min(wait ?? Self.outputRetry, Self.outputRetry) }
        let descriptors = [watcher?.fileDescriptor].compactMap { $0 } + (link?.descriptors ?? [])
        for event in terminal.nextEvents(watching: descriptors, timeout: wait) {
            switch event {
            case .key(let key):
                if let command = KeyBindings.command(for: key) { state.perform(command) }
            case .resize(let size):
                state.resize(to: size)
            case .signal(let signal):
                result.exit = .signal(signal)
                return result
            case .readable, .timeout:
                break
            }
            if state.wantsToQuit {
                result.exit = .quit
                return result
            }
        }
        takeUnsavedText(into: &result)
        if let watcher {
            let changes = watcher.collectChanges()
            if !changes.isEmpty {
                result.reloadedFiles = changes.map(\.path)
                state.reload(changedFiles: result.reloadedFiles)
            }
            // The import graph may have changed (a reload, another spec opened).
            watcher.setWatchedFiles(state.watchedFiles)
        }
        tellEditors()
        result.bytesWritten = redraw()
        return result
    }

    /// How soon the loop comes back for bytes an editor's socket did not take.
    static let outputRetry: Duration = .milliseconds(20)

    /// Lays out the unsaved text the editors sent (only the latest of each file),
    /// and shows the link's last warning in the status line.
    private func takeUnsavedText(into result: inout Step) {
        guard let link else { return }
        let update = link.service()
        if !update.texts.isEmpty { result.liveFiles = state.showUnsaved(update.texts) }
        if let warning = update.warnings.last { state.message = warning }
    }

    /// Tells the editors what is on show (they hear only of a change): the files
    /// whose buffers to send, and the size for their inlay hints.
    private func tellEditors() {
        link?.show(spec: state.session.specPath, files: state.watchedFiles, size: state.session.size)
    }

    /// Draws every pane (only the cells that changed reach the terminal) and
    /// presents once. Returns the bytes written. When the frame changed the
    /// screen, the status line is updated with that count in a second, small
    /// update (whose own bytes are not shown).
    @discardableResult
    public func redraw() -> Int? {
        let frame = state.renderFrame()
        if terminal.layout != frame.layout { terminal.apply(frame.layout) }
        if state.wantsFullRepaint {
            terminal.repaintEverythingNextTime()
            state.wantsFullRepaint = false
        }
        terminal.draw(frame.canvas, in: .canvas)
        if let grid = frame.inspector { terminal.draw(grid, in: .inspector) }
        if let grid = frame.drawer { terminal.draw(grid, in: .drawer) }
        if let grid = frame.status { terminal.draw(grid, in: .status) }
        let bytes = terminal.present()
        if let bytes, bytes > 0, bytes != state.frameBytes {
            state.frameBytes = bytes
            if let status = state.statusGrid() {
                terminal.draw(status, in: .status)
                terminal.present()
            }
        }
        return bytes
    }

    /// Reloads files now, without waiting for the watcher (benchmarks, tools).
    public func reload(changedFiles: [String]) {
        state.reload(changedFiles: changedFiles)
    }

    /// Runs a command as if its key had been pressed.
    public func perform(_ command: DesignerCommand) {
        state.perform(command)
    }
}
