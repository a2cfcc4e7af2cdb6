import TerminalUI

extension App {
    /// How `run(options:)` uses the terminal. The defaults suit a full-screen app
    /// on standard input and output.
    public struct RunOptions: Sendable {
        /// Report clicks and the wheel to the app (xterm mouse tracking).
        public var enablesMouse: Bool
        /// Use at most this many colours, whatever the terminal has (nil: all it has).
        public var maximumColorDepth: ColorDepth?
        /// How long a lone Escape waits for the rest of a key sequence.
        public var escapeDelay: Duration
        /// Relay Ctrl-C, SIGTERM and SIGHUP to the app (which then quits) and
        /// restore the terminal on a crash. Turn off only when the program
        /// handles signals itself.
        public var handlesSignals: Bool
        /// The terminal to run on: the file descriptors it reads keys from and
        /// writes to (standard input and output by default; a pseudo-terminal in tests).
        public var input: Int32
        /// Where output goes.
        public var output: Int32
        /// Turn the terminal's suspend key off while the app runs, so Ctrl-Z
        /// reaches it (a `TextArea`'s undo) instead of stopping it. Ctrl-C stays
        /// the quit signal.
        public var disablesSuspendKey: Bool

        /// Options; every argument left out keeps its default.
        public init(
            enablesMouse: Bool = true, maximumColorDepth: ColorDepth? = nil, escapeDelay: Duration = .milliseconds(25),
            handlesSignals: Bool = true, input: Int32 = 0, output: Int32 = 1, disablesSuspendKey: Bool = true
        ) {
            self.enablesMouse = enablesMouse
            self.maximumColorDepth = maximumColorDepth
            self.escapeDelay = escapeDelay
            self.handlesSignals = handlesSignals
            self.input = input
            self.output = output
            self.disablesSuspendKey = disablesSuspendKey
        }

        /// The terminal session's options these stand for.
        var session: TerminalSession.Options {
            let parts = escapeDelay.components
            let milliseconds = Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
            return TerminalSession.Options(
                inputDescriptor: input, outputDescriptor: output, enablesMouse: enablesMouse,
                handlesSignals: handlesSignals, maximumColorDepth: maximumColorDepth,
                escapeDelayMilliseconds: max(0, milliseconds), disablesSuspendKey: disablesSuspendKey)
        }
    }
}
