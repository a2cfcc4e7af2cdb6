import Canvas
#if canImport(Glibc)
import Glibc
#endif

extension TerminalSession {
    /// How a session starts: which descriptors, which terminal, and which of
    /// its features to use.
    public struct Options: Sendable {
        /// Where keys come from and where output goes: the terminal, or a
        /// pseudo-terminal in tests.
        public var inputDescriptor: Int32
        /// Where output goes: the terminal, or a pseudo-terminal in tests.
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
        /// How struck-through cells are drawn (ncurses has no strike-through attribute).
        public var strikethrough: StrikethroughRendering
        /// Turn the terminal's suspend character (Ctrl-Z) off while the session
        /// runs, so that it arrives as a key (`.control("z")`, an editor's undo)
        /// instead of stopping the process. Ctrl-C stays the interrupt signal.
        public var disablesSuspendKey: Bool

        /// Options for a session on standard input and output: $TERM, mouse and signal handling on, 25 ms escape delay.
        public init(
            inputDescriptor: Int32 = STDIN_FILENO,
            outputDescriptor: Int32 = STDOUT_FILENO,
            terminalType: String? = nil,
            enablesMouse: Bool = true,
            handlesSignals: Bool = true,
            maximumColorDepth: ColorDepth? = nil,
            escapeDelayMilliseconds: Int = 25,
            strikethrough: StrikethroughRendering = .combiningOverlay,
            disablesSuspendKey: Bool = false
        ) {
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
            self.terminalType = terminalType
            self.enablesMouse = enablesMouse
            self.handlesSignals = handlesSignals
            self.maximumColorDepth = maximumColorDepth
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.strikethrough = strikethrough
            self.disablesSuspendKey = disablesSuspendKey
        }
    }
}
