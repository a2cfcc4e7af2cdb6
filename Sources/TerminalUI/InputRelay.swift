#if canImport(Glibc)
import Glibc
#endif

/// The terminal's input on its way to ncurses. A thread of its own reads the
/// terminal as bytes arrive, passes them through `MouseReportGuard` and writes
/// them into a pipe; ncurses reads the pipe's other end, and the event loop
/// polls it.
///
/// Why a thread: the bytes must reach ncurses as they arrive, because ncurses
/// times the Escape key itself (`escapeDelayMilliseconds`) and reads the rest
/// of a mouse report with a blocking read. A relay run from the event loop
/// would hold bytes back and make both wait.
///
/// When the terminal hangs up (a read gives 0 bytes or an error), the relay
/// ends a mouse report ncurses is reading and closes the pipe, so the event
/// loop sees the hang-up as before.
///
/// (`@unchecked Sendable`: the session's thread only starts and stops the
/// relay; the relay thread alone reads the terminal, writes the pipe and uses
/// `reports`, and `stop()` joins it before anything it uses is closed.)
final class InputRelay: @unchecked Sendable {
    /// The end ncurses reads and the event loop polls.
    let readDescriptor: Int32
    /// Written only by the relay thread, which closes it when it ends.
    private let writeDescriptor: Int32
    /// The terminal, read only by the relay thread; not owned.
    private let terminal: Int32
    /// A byte written here tells the relay thread to end.
    private let stopReadDescriptor: Int32
    private let stopWriteDescriptor: Int32
    private var thread: pthread_t?
    /// True until the relay thread takes the write end over (or it is closed).
    private var holdsWriteEnd = true
    /// Used by the relay thread only.
    private var reports = MouseReportGuard()

    /// A relay from `terminal`, not started yet; nil when a pipe cannot be made.
    init?(terminal: Int32) {
        var data: [Int32] = [-1, -1], stop: [Int32] = [-1, -1]
        guard pipe(&data) == 0 else { return nil }
        guard pipe(&stop) == 0 else {
            close(data[0])
            close(data[1])
            return nil
        }
        // ncurses reads its end as it reads a terminal, waiting; the relay never waits on a write.
        for end in data + stop { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        for end in [data[1], stop[0], stop[1]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        self.terminal = terminal
        readDescriptor = data[0]
        writeDescriptor = data[1]
        stopReadDescriptor = stop[0]
        stopWriteDescriptor = stop[1]
    }

    deinit {
        stop()
        if holdsWriteEnd { close(writeDescriptor) }
        close(readDescriptor)
        close(stopReadDescriptor)
        close(stopWriteDescriptor)
    }

    /// Starts the relay thread; on failure the error number.
    func start() -> Int32? {
        var created = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = Self.withRelayedSignalsBlocked {
            pthread_create(&created, nil, { context in
                let relay = Unmanaged<InputRelay>.fromOpaque(context!).takeRetainedValue()
                relay.run()
                return nil
            }, context)
        }
        guard status == 0 else {
            Unmanaged<InputRelay>.fromOpaque(context).release()
            return status
        }
        holdsWriteEnd = false
        thread = created
        return nil
    }

    /// Ends the relay thread and waits for it. Safe to call more than once.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        var byte: UInt8 = 1
        _ = write(stopWriteDescriptor, &byte, 1)
        pthread_join(thread, nil)
    }

    // MARK: - The relay thread

    private func run() {
        defer { close(writeDescriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var entries = [
                pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopReadDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { return }
            guard entries[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                // The terminal hung up: end the report ncurses may be waiting in.
                _ = pass(reports.finish())
                return
            }
            guard pass(reports.filter(buffer[0..<count])) else { return }
        }
    }

    /// Writes `bytes` into the pipe, waiting while it is full; false when the
    /// relay is told to stop meanwhile or the pipe is gone.
    private func pass(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(writeDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EINTR else { return false }
            var entries = [
                pollfd(fd: writeDescriptor, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: stopReadDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&entries, 2, -1) > 0 && entries[1].revents != 0 { return false }
        }
        return true
    }

    /// Runs `body` (which starts the thread) with the signals the session relays
    /// blocked, so the new thread starts with them blocked and they reach the
    /// session's thread. Job-control signals (SIGTTIN) stay as they are: a
    /// relay in a background job must stop with it, not read an error.
    private static func withRelayedSignalsBlocked(_ body: () -> Int32) -> Int32 {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGPIPE, SIGCHLD, SIGALRM] {
            sigaddset(&blocked, number)
        }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
