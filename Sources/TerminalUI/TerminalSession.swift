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
///
/// By responsibility: this file starts and ends the session;
/// `TerminalSession+Drawing` places the panes (`PaneWindows`) and sends frames,
/// `+RecycledPairs` redraws cells whose colour pair was reused, `+Size` follows
/// the terminal's size, `+Events` polls for input, signals and descriptors
/// (keys come from `KeyReader`), and `+Options` says how a session starts.
public final class TerminalSession {
    private static let running = Mutex(false)

    /// The options the session was started with.
    public let options: Options
    /// The screen's size in cells, as last read or set (`updateSize()`, `resize(to:)`).
    public internal(set) var size: TerminalSize
    /// Where the panes are on the screen now.
    public internal(set) var layout: PaneLayout
    /// The colours in use: the terminal's, capped by `Options.maximumColorDepth`.
    public let colorSupport: TerminalColorSupport
    /// Whether the terminal's own default colours (-1) can be used (`use_default_colors` succeeded).
    public let hasDefaultColors: Bool
    /// Bytes written by all `present()` calls so far (nil when they cannot be counted).
    public internal(set) var totalBytesWritten: Int?
    /// False once `end()` gave the terminal back; drawing and polling then do nothing.
    public private(set) var isActive = true

    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    let keyReader: KeyReader
    var panes = PaneWindows()
    let colorPairs: ColorPairs
    let painter: GridPainter
    let relay: SignalRelay?
    /// The terminal's input, guarded, on its way to ncurses.
    let input: InputRelay
    private let signalMask: SignalMask?
    /// Set once the terminal hung up: it is no longer polled.
    var inputClosed = false

    /// Takes over the terminal: full screen, keys one by one unechoed, colours, and the quit signals when
    /// asked. Throws when another session runs or setup fails. `end()` (or deinit) gives the terminal back.
    public init(options: Options = Options()) throws(TerminalError) {
        try Self.claimTheTerminal()
        self.options = options
        Self.prepareLocale()

        var modes = termios()
        let savedModes: termios? = tcgetattr(options.outputDescriptor, &modes) == 0 ? modes : nil

        // Our handlers go in before newterm, so ncurses keeps them instead of its own.
        relay = options.handlesSignals ? SignalRelay() : nil
        if options.handlesSignals && relay == nil {
            let failure = errno
            Self.releaseTheTerminal()
            throw .systemCallFailed(name: "pipe", errno: failure)
        }
        relay?.install()
        signalMask = relay == nil ? nil : SignalMask.unblockingSessionSignals()

        let started: (curses: Curses, input: InputRelay)
        do throws(TerminalError) {
            started = try Self.startReading(options: options)
        } catch {
            relay?.uninstall()
            signalMask?.restore()
            Self.releaseTheTerminal()
            throw error
        }
        input = started.input
        let curses = started.curses
        screen = curses.screen
        outputFile = curses.output
        inputFile = curses.input

        Self.configureTerminalModes()
        if options.disablesSuspendKey { Self.disableSuspendCharacter(on: options.inputDescriptor) }
        keyReader = KeyReader(pad: curses.pad, escapeDelayMilliseconds: options.escapeDelayMilliseconds)
        curs_set(0)

        let colors = Self.startColors(limitedTo: options.maximumColorDepth)
        colorSupport = colors.support
        hasDefaultColors = colors.hasDefaults
        colorPairs = ColorPairs(
            mapping: TerminalColorMapping(support: colors.support, hasDefaultColors: colors.hasDefaults),
            capacity: colors.pairs)
        painter = GridPainter(strikethrough: options.strikethrough)

        if options.enablesMouse { Self.enableMouse() }
        if relay != nil {
            SignalRelay.armRestore(
                descriptor: options.outputDescriptor, modes: savedModes,
                reset: ResetSequence.current(mouse: options.enablesMouse))
        }

        size = Self.cursesScreenSize
        layout = PaneLayout(size: size)
        totalBytesWritten = 0
        panes.rebuild(for: layout, previous: nil, all: true, screen: size)
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
        input.stop()
        panes.removeAll()
        keyReader.close()
        endwin()
        SignalRelay.disarmRestore()
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        relay?.uninstall()
        signalMask?.restore()
        Self.releaseTheTerminal()
    }

    /// Whether this process's signal handlers are Casement's right now.
    static var signalHandlersInstalled: Bool { casement_signal_handlers_installed() != 0 }

    // MARK: - Starting

    /// ncurses on the session's output, reading the terminal's input through
    /// an `InputRelay` (started last: no byte is read before ncurses is ready).
    private static func startReading(options: Options) throws(TerminalError) -> (curses: Curses, input: InputRelay) {
        guard fcntl(options.inputDescriptor, F_GETFD) >= 0 || fcntl(options.outputDescriptor, F_GETFD) < 0 else {
            // (A bad output descriptor is reported by `Curses.start`, as before.)
            throw .systemCallFailed(name: "fcntl", errno: errno)
        }
        guard let input = InputRelay(terminal: options.inputDescriptor) else {
            throw .systemCallFailed(name: "pipe", errno: errno)
        }
        let curses = try Curses.start(options: options, input: input.readDescriptor)
        if let failure = input.start() {
            Curses.end(curses)
            throw .systemCallFailed(name: "pthread_create", errno: failure)
        }
        return (curses, input)
    }

    /// Only one session runs at a time: ncurses has one current screen.
    private static func claimTheTerminal() throws(TerminalError) {
        let claimed = running.withLock { running in
            defer { running = true }
            return !running
        }
        guard claimed else { throw .sessionAlreadyActive }
    }

    private static func releaseTheTerminal() {
        running.withLock { $0 = false }
    }

    /// Keys arrive one by one, unechoed, and frames are never cut short.
    private static func configureTerminalModes() {
        cbreak()
        noecho()
        intrflush(casement_stdscr(), false)
        // Never abandon an update half-way for pending input: frames stay whole.
        typeahead(-1)
    }

    /// Turns VSUSP off on the terminal (ncurses' `endwin` gives back the modes
    /// it saved at the start, so the shell gets its Ctrl-Z again), and records
    /// the result as ncurses' program mode so a resume keeps it off.
    private static func disableSuspendCharacter(on descriptor: Int32) {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return }
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VSUSP)] = 0   // _POSIX_VDISABLE on Linux
        }
        guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else { return }
        def_prog_mode()
    }

    /// Starts ncurses' colours where the terminal has them: what it supports
    /// (capped at `maximum`), whether it has default colours, and how many pairs.
    private static func startColors(
        limitedTo maximum: ColorDepth?
    ) -> (support: TerminalColorSupport, hasDefaults: Bool, pairs: Int) {
        guard has_colors() else { return (TerminalColorSupport(depth: nil), false, 1) }
        start_color()
        let defaults = use_default_colors() == OK
        let support = TerminalColorSupport(colors: Int(casement_colors())).limited(to: maximum)
        return (support, defaults, Int(casement_color_pairs()))
    }

    private static func enableMouse() {
        // A press and its release read together still become a click: ask for both.
        let wanted = casement_button1_pressed() | casement_button1_clicked() | casement_button1_double_clicked()
            | casement_button1_triple_clicked() | casement_button4_pressed() | casement_button5_pressed()
        _ = mousemask(wanted, nil)
        // Report presses at once instead of waiting to combine them into clicks.
        _ = mouseinterval(0)
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

/// An ncurses screen on copies of the session's descriptors, with the pad keys
/// are read from.
struct Curses {
    let screen: OpaquePointer
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    let pad: UnsafeMutablePointer<WINDOW>

    /// Duplicates the descriptors (ncurses closes what it is given) and starts
    /// a screen that writes to the session's output and reads `input` (the
    /// relay's pipe; ncurses sets the terminal's modes through the output);
    /// on failure everything opened so far is closed again.
    static func start(options: TerminalSession.Options, input inputDescriptor: Int32) throws(TerminalError) -> Curses {
        let outputCopy = dup(options.outputDescriptor), inputCopy = dup(inputDescriptor)
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
            if outputCopy < 0 || inputCopy < 0 { throw .systemCallFailed(name: "dup", errno: dupFailure) }
            throw .cannotStartTerminal(terminalType: options.terminalType)
        }
        return Curses(screen: started, output: output, input: input, pad: pad)
    }

    /// Ends a screen that started, when the session cannot go on.
    static func end(_ curses: Curses) {
        delwin(curses.pad)
        endwin()
        delscreen(curses.screen)
        fclose(curses.output)
        fclose(curses.input)
    }
}
