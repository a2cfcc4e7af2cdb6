import Canvas
import CNcurses
import Cells
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The terminal under ncurses: four pane windows, colours, input, resize and a
/// guaranteed restore. Single-threaded (ncurses is not thread-safe): create it,
/// draw, present and poll for events from one thread. Only one session runs at
/// a time.
///
/// A frame: `draw(_:in:)` each pane whose grid changed (only the changed cells
/// are touched), then one `present()` (wnoutrefresh each window, one doupdate).
///
/// An event loop with a file watcher:
///
///     let session = try TerminalSession()
///     let watcher = try FileWatcher()
///     watcher.setWatchedFiles(importGraph)
///     loop: while true {
///         let events = session.nextEvents(
///             watching: [watcher.fileDescriptor].compactMap { $0 },
///             timeout: watcher.timeUntilNextDeadline())
///         for event in events {
///             switch event {
///             case .key(let key): handle(key)
///             case .resize(let size): relayout(for: size)
///             case .signal: break loop
///             case .readable, .timeout: break
///             }
///         }
///         let changes = watcher.collectChanges()
///         if !changes.isEmpty { reload(changes) }
///         redraw()  // draw(_:in:) the panes, then present()
///     }
///     session.end()
public final class TerminalSession {
    public struct Options: Sendable {
        /// Where keys come from and where output goes: the terminal, or a
        /// pseudo-terminal in tests.
        public var inputDescriptor: Int32
        public var outputDescriptor: Int32
        /// The terminfo entry; nil uses $TERM.
        public var terminalType: String?
        /// Report clicks and the wheel (xterm mouse tracking).
        public var enablesMouse: Bool
        /// Relay SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGWINCH to the event loop
        /// and restore the terminal on a crash. Turn off only if the program
        /// handles signals itself.
        public var handlesSignals: Bool
        /// Use at most this many colours, whatever the terminal has (nil: all it has).
        public var maximumColorDepth: ColorDepth?
        /// How long a lone Escape waits for the rest of a key sequence.
        public var escapeDelayMilliseconds: Int
        public var strikethrough: StrikethroughRendering

        public init(
            inputDescriptor: Int32 = STDIN_FILENO,
            outputDescriptor: Int32 = STDOUT_FILENO,
            terminalType: String? = nil,
            enablesMouse: Bool = true,
            handlesSignals: Bool = true,
            maximumColorDepth: ColorDepth? = nil,
            escapeDelayMilliseconds: Int = 25,
            strikethrough: StrikethroughRendering = .combiningOverlay
        ) {
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
            self.terminalType = terminalType
            self.enablesMouse = enablesMouse
            self.handlesSignals = handlesSignals
            self.maximumColorDepth = maximumColorDepth
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.strikethrough = strikethrough
        }
    }

    private static let running = Mutex(false)

    public let options: Options
    public private(set) var size: TerminalSize
    public private(set) var layout: PaneLayout
    /// The colours in use: the terminal's, capped by `Options.maximumColorDepth`.
    public let colorSupport: TerminalColorSupport
    public let hasDefaultColors: Bool
    /// Bytes written by all `present()` calls so far (nil when they cannot be counted).
    public private(set) var totalBytesWritten: Int?
    public private(set) var isActive = true

    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    /// Keys are read from a pad: reading from a window would refresh it first.
    private let inputPad: UnsafeMutablePointer<WINDOW>
    private var panes: [PaneWindow?] = Array(repeating: nil, count: PaneRole.allCases.count)
    private let colorPairs: ColorPairs
    private let painter: GridPainter
    private let relay: SignalRelay?
    private let signalMask: SignalMask?
    private var inputClosed = false
    private var inputMayBeBuffered = false

    public init(options: Options = Options()) throws(TerminalError) {
        let claimed = Self.running.withLock { running in
            defer { running = true }
            return !running
        }
        guard claimed else { throw .sessionAlreadyActive }
        self.options = options
        Self.prepareLocale()

        var modes = termios()
        let savedModes: termios? = tcgetattr(options.outputDescriptor, &modes) == 0 ? modes : nil

        // Our handlers go in before newterm, so ncurses keeps them instead of its own.
        relay = options.handlesSignals ? SignalRelay() : nil
        if options.handlesSignals && relay == nil {
            let failure = errno
            Self.running.withLock { $0 = false }
            throw .systemCallFailed(name: "pipe", errno: failure)
        }
        relay?.install()
        signalMask = relay == nil ? nil : SignalMask.unblockingSessionSignals()

        let outputCopy = dup(options.outputDescriptor), inputCopy = dup(options.inputDescriptor)
        let dupFailure = errno
        let output = outputCopy >= 0 ? fdopen(outputCopy, "w") : nil
        let input = inputCopy >= 0 ? fdopen(inputCopy, "r") : nil
        let started: OpaquePointer? = if let output, let input {
            if let type = options.terminalType {
                type.withCString { newterm($0, output, input) }
            } else {
                newterm(nil, output, input)
            }
        } else {
            nil
        }
        guard let output, let input, let started, let pad = newpad(1, 1) else {
            if let started { endwin(); delscreen(started) }
            if let output { fclose(output) } else if outputCopy >= 0 { close(outputCopy) }
            if let input { fclose(input) } else if inputCopy >= 0 { close(inputCopy) }
            relay?.uninstall()
            signalMask?.restore()
            Self.running.withLock { $0 = false }
            if outputCopy < 0 || inputCopy < 0 { throw .systemCallFailed(name: "dup", errno: dupFailure) }
            throw .cannotStartTerminal(terminalType: options.terminalType)
        }
        screen = started
        outputFile = output
        inputFile = input
        inputPad = pad

        cbreak()
        noecho()
        intrflush(casement_stdscr(), false)
        // Never abandon an update half-way for pending input: frames stay whole.
        typeahead(-1)
        keypad(pad, true)
        nodelay(pad, true)
        set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))
        curs_set(0)

        var support = TerminalColorSupport(depth: nil)
        var defaults = false
        var pairs = 1
        if has_colors() {
            start_color()
            defaults = use_default_colors() == OK
            support = TerminalColorSupport(colors: Int(casement_colors())).limited(to: options.maximumColorDepth)
            pairs = Int(casement_color_pairs())
        }
        colorSupport = support
        hasDefaultColors = defaults
        colorPairs = ColorPairs(
            mapping: TerminalColorMapping(support: support, hasDefaultColors: defaults), capacity: pairs)
        painter = GridPainter(strikethrough: options.strikethrough)

        if options.enablesMouse {
            // A press and its release read together still become a click: ask for both.
            let wanted = casement_button1_pressed() | casement_button1_clicked() | casement_button1_double_clicked()
                | casement_button1_triple_clicked() | casement_button4_pressed() | casement_button5_pressed()
            _ = mousemask(wanted, nil)
            // Report presses at once instead of waiting to combine them into clicks.
            _ = mouseinterval(0)
        }
        if relay != nil {
            SignalRelay.armRestore(
                descriptor: options.outputDescriptor, modes: savedModes,
                reset: ResetSequence.current(mouse: options.enablesMouse))
        }

        size = TerminalSize(width: Int(casement_cols()), height: Int(casement_lines()))
        layout = PaneLayout(size: size)
        totalBytesWritten = 0
        rebuildPanes(for: layout, all: true)
    }

    deinit {
        end()
    }

    /// Restores the terminal: ends ncurses (leaving the alternate screen, showing
    /// the cursor, the saved terminal modes back) and puts back the signal
    /// handlers that were there before. Safe to call more than once.
    public func end() {
        guard isActive else { return }
        isActive = false
        panes = Array(repeating: nil, count: PaneRole.allCases.count)
        delwin(inputPad)
        endwin()
        SignalRelay.disarmRestore()
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        relay?.uninstall()
        signalMask?.restore()
        Self.running.withLock { $0 = false }
    }

    // MARK: - Layout and drawing

    /// Moves the panes to `newLayout` (clipped to the screen). Panes whose
    /// rectangle changed get a new window and are drawn whole next time.
    public func apply(_ newLayout: PaneLayout) {
        guard isActive else { return }
        let all = newLayout.size != layout.size
        let previous = layout
        layout = newLayout
        rebuildPanes(for: newLayout, all: all, previous: previous)
    }

    private func rebuildPanes(for newLayout: PaneLayout, all: Bool, previous: PaneLayout? = nil) {
        let screenRect = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        let changed = PaneRole.allCases.filter { all || previous?[$0] != newLayout[$0] || panes[$0.rawValue] == nil }
        // Delete before creating, so old and new windows never overlap.
        for role in changed { panes[role.rawValue] = nil }
        for role in changed {
            panes[role.rawValue] = PaneWindow(frame: normalized(newLayout[role].intersection(screenRect)))
        }
    }

    private func normalized(_ rect: CellRect) -> CellRect {
        rect.isEmpty ? CellRect(x: 0, y: 0, width: 0, height: 0) : rect
    }

    /// The rectangle `role`'s window actually has (empty when it has none).
    public func frame(of role: PaneRole) -> CellRect {
        panes[role.rawValue]?.frame ?? CellRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Draws `grid` into `role`'s pane from its top-left corner, clipped to the
    /// pane. Only the cells that differ from the grid drawn there last are
    /// touched; a grid of another size, or a new window, is drawn whole.
    public func draw(_ grid: Grid, in role: PaneRole) {
        guard isActive, let pane = panes[role.rawValue], let window = pane.window else { return }
        var previous = pane.shown
        if let shown = previous, shown.width != grid.width || shown.height != grid.height { previous = nil }
        if previous == nil { werase(window) }
        for run in grid.changedRuns(since: previous) {
            painter.draw(run, of: grid, into: window, width: pane.frame.width, height: pane.frame.height,
                         pair: colorPairs.pair(for:))
        }
        pane.shown = grid
    }

    /// Forgets what `role`'s pane shows, so the next draw is whole.
    public func invalidate(_ role: PaneRole) {
        panes[role.rawValue]?.shown = nil
    }

    /// Makes the next `present()` repaint the whole screen (after something
    /// else wrote to the terminal, or for Ctrl-L).
    public func repaintEverythingNextTime() {
        guard isActive else { return }
        clearok(casement_curscr(), true)
    }

    /// Sends what changed to the terminal: every pane's window to ncurses'
    /// virtual screen, then one doupdate. Returns the bytes written, 0 when
    /// nothing changed (nil where they cannot be counted).
    @discardableResult
    public func present() -> Int? {
        guard isActive else { return 0 }
        redrawCellsWithRecycledPairs()
        for pane in panes {
            if let window = pane?.window { wnoutrefresh(window) }
        }
        let before = WrittenBytes.soFar()
        doupdate()
        let after = WrittenBytes.soFar()
        colorPairs.advanceFrame()
        guard let before, let after else {
            totalBytesWritten = nil
            return nil
        }
        let written = after - before
        totalBytesWritten = totalBytesWritten.map { $0 + written }
        return written
    }

    /// Colour pairs recycled this frame changed the colours of cells drawn
    /// earlier with them: draw those cells again (with pairs of their own).
    private func redrawCellsWithRecycledPairs() {
        for _ in 0..<64 {
            let recycled = colorPairs.takeEvicted()
            guard !recycled.isEmpty else { return }
            for pane in panes {
                guard let pane, let window = pane.window, let grid = pane.shown else { continue }
                for run in runs(in: grid, drawnWith: recycled) {
                    painter.draw(run, of: grid, into: window, width: pane.frame.width, height: pane.frame.height,
                                 pair: colorPairs.pair(for:))
                }
            }
        }
    }

    private func runs(in grid: Grid, drawnWith keys: Set<ColorPairKey>) -> [CellRun] {
        var runs: [CellRun] = []
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                guard keys.contains(colorPairs.key(for: grid[x, y])) else { x += 1; continue }
                let start = grid[x, y].isContinuation && x > 0 ? x - 1 : x
                var end = x + 1
                while end < grid.width, keys.contains(colorPairs.key(for: grid[end, y])) { end += 1 }
                if end < grid.width, grid[end, y].isContinuation { end += 1 }
                runs.append(CellRun(x: start, y: y, cells: Array(grid.cells[(y * grid.width + start)..<(y * grid.width + end)])))
                x = end
            }
        }
        return runs
    }

    /// `role`'s ncurses window, for reading back what was drawn (tests).
    func window(of role: PaneRole) -> UnsafeMutablePointer<WINDOW>? {
        panes[role.rawValue]?.window
    }

    /// Whether this process's signal handlers are Casement's right now.
    static var signalHandlersInstalled: Bool { casement_signal_handlers_installed() != 0 }

    /// Colour pairs handed out so far (pair 0, the default, not counted).
    public var colorPairsInUse: Int { colorPairs.allocator.allocatedCount }

    // MARK: - Size

    /// Reads the terminal's size (TIOCGWINSZ) and resizes to it. Returns the new
    /// size when it changed.
    @discardableResult
    public func updateSize() -> TerminalSize? {
        var window = winsize()
        guard ioctl(options.outputDescriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return resize(to: TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row)))
    }

    /// Resizes ncurses' screen and re-lays the panes out with the same requests
    /// (all redrawn whole next time). Returns the new size when it changed.
    @discardableResult
    public func resize(to newSize: TerminalSize) -> TerminalSize? {
        guard isActive, newSize.width > 0, newSize.height > 0 else { return nil }
        if newSize != TerminalSize(width: Int(casement_cols()), height: Int(casement_lines())) {
            resize_term(Int32(newSize.height), Int32(newSize.width))
            // What the terminal shows after a resize is anyone's guess: repaint all.
            clearok(casement_curscr(), true)
        }
        return adoptScreenSize()
    }

    /// Takes ncurses' idea of the screen size (after it resized by itself).
    private func adoptScreenSize() -> TerminalSize? {
        let current = TerminalSize(width: Int(casement_cols()), height: Int(casement_lines()))
        guard current != size else { return nil }
        size = current
        let previous = layout
        layout = previous.resized(to: current)
        rebuildPanes(for: layout, all: true, previous: previous)
        return current
    }

    // MARK: - Input and events

    /// The keys typed so far, without waiting.
    public func readKeys() -> [Key] {
        guard isActive else { return [] }
        var keys: [Key] = []
        var value: wint_t = 0
        // Bounded so a flood of input cannot starve drawing; ncurses may then
        // hold bytes the descriptor no longer shows, so look again before waiting.
        inputMayBeBuffered = true
        for _ in 0..<4096 {
            let status = wget_wch(inputPad, &value)
            guard status != ERR else {
                inputMayBeBuffered = false
                break
            }
            if status == KEY_CODE_YES && Int32(value) == KEY_MOUSE {
                keys += queuedMouseEvents().compactMap(KeyDecoder.decode)
                continue
            }
            let raw: RawInput = status == KEY_CODE_YES ? .keyCode(Int32(value)) : .character(UInt32(value))
            if let key = KeyDecoder.decode(raw) { keys.append(key) }
        }
        return keys
    }

    /// One KEY_MOUSE can stand for several reports read together; getmouse
    /// hands them out newest first until none is left.
    private func queuedMouseEvents() -> [RawInput] {
        var events: [RawInput] = []
        var event = MEVENT()
        while events.count < 64, getmouse(&event) == OK {
            events.append(.mouse(x: Int(event.x), y: Int(event.y), buttons: UInt32(event.bstate)))
        }
        return events.reversed()
    }

    /// Waits until something happens — keys, a resize, a quit signal, one of
    /// `descriptors` readable — or `timeout` passes (nil: no timeout), and
    /// returns everything that happened: signals first, then a resize, then
    /// keys in order, then readable descriptors in the order given.
    public func nextEvents(watching descriptors: [Int32] = [], timeout: Duration? = nil) -> [TerminalEvent] {
        guard isActive else { return [.timeout] }
        if inputMayBeBuffered {
            let keys = readKeys()
            if !keys.isEmpty { return keys.map { .key($0) } }
        }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var entries = [
                pollfd(fd: inputClosed ? -1 : options.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: relay?.readDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            entries += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                wait = Int32(clamping: max(.zero, ContinuousClock.now.duration(to: deadline)).millisecondsRoundedUp)
            }
            let ready = poll(&entries, nfds_t(entries.count), wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return [.timeout] }
            let events = collectEvents(entries, descriptors: descriptors)
            if !events.isEmpty { return events }
            if let deadline, ContinuousClock.now >= deadline { return [.timeout] }
        }
    }

    private func collectEvents(_ entries: [pollfd], descriptors: [Int32]) -> [TerminalEvent] {
        var signals: [TerminalEvent] = []
        var newSize: TerminalSize?
        if entries[1].revents & Int16(POLLIN) != 0, let relay {
            for number in relay.drain() {
                if number == SIGWINCH {
                    newSize = updateSize() ?? newSize
                } else if let signal = TerminalSignal(number: number) {
                    signals.append(.signal(signal))
                }
            }
        }
        var keys: [TerminalEvent] = []
        let input = entries[0].revents
        if input & Int16(POLLIN) != 0 {
            for key in readKeys() {
                if key == .resize {
                    // ncurses resized by itself (its own SIGWINCH handler).
                    newSize = adoptScreenSize() ?? newSize
                } else {
                    keys.append(.key(key))
                }
            }
        }
        if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal is gone: say so once, then stop listening to it.
            inputClosed = true
            signals.append(.signal(.hangup))
        }
        var readable: [TerminalEvent] = []
        for (index, descriptor) in descriptors.enumerated() where entries[index + 2].revents != 0 {
            readable.append(.readable(descriptor))
        }
        return signals + (newSize.map { [.resize($0)] } ?? []) + keys + readable
    }

    // MARK: - Locale

    /// ncurses draws wide characters only under a UTF-8 locale.
    private static func prepareLocale() {
        setlocale(LC_ALL, "")
        if !localeIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    static var localeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}

extension Duration {
    /// Whole milliseconds rounded up, for poll(2): waking early would spin.
    var millisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
