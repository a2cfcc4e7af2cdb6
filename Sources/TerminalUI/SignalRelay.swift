import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Signals a terminal program must answer. The event loop reports them; a quit
/// signal means: end the session and exit.
public enum TerminalSignal: Hashable, Sendable {
    case interrupt, terminate, hangup, quit

    init?(number: Int32) {
        switch number {
        case SIGINT: self = .interrupt
        case SIGTERM: self = .terminate
        case SIGHUP: self = .hangup
        case SIGQUIT: self = .quit
        default: return nil
        }
    }

    /// The POSIX signal number (SIGINT, SIGTERM, SIGHUP or SIGQUIT).
    public var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangup: SIGHUP
        case .quit: SIGQUIT
        }
    }
}

/// The self-pipe between the signal handlers (in the shim, async-signal-safe)
/// and the event loop: a handler writes the signal's number, the loop reads it.
final class SignalRelay {
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var installed = false

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        uninstall()
        close(readDescriptor)
        close(writeDescriptor)
    }

    func install() {
        casement_install_signal_handlers(writeDescriptor)
        installed = true
    }

    func uninstall() {
        guard installed else { return }
        casement_uninstall_signal_handlers()
        installed = false
    }

    /// The signal numbers received since the last call, in order.
    func drain() -> [Int32] {
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            numbers.append(contentsOf: buffer[0..<count].map { Int32($0) })
        }
        if !numbers.isEmpty { casement_acknowledge_quit() }
        return numbers
    }

    /// Arms the last-resort restore: from now on a crash, a second quit signal
    /// or exit() writes `reset` to `descriptor` and puts `modes` back.
    static func armRestore(descriptor: Int32, modes: termios?, reset: [UInt8]) {
        reset.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                if var modes {
                    casement_arm_restore(descriptor, &modes, characters.baseAddress, characters.count)
                } else {
                    casement_arm_restore(descriptor, nil, characters.baseAddress, characters.count)
                }
            }
        }
    }

    static func disarmRestore() {
        casement_disarm_restore()
    }

    static var isRestoreArmed: Bool { casement_restore_is_armed() != 0 }
}

/// The session's thread must be able to take the signals it handles: a crash
/// on a thread that blocks it never reaches the restore handler (the kernel
/// kills at once), and a thread pool's threads often block everything.
struct SignalMask {
    private let previous: sigset_t
    private let thread: pthread_t

    /// Unblocks the relayed and fatal signals on the calling thread.
    static func unblockingSessionSignals() -> SignalMask {
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS] {
            sigaddset(&wanted, number)
        }
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &wanted, &previous)
        return SignalMask(previous: previous, thread: pthread_self())
    }

    /// Puts the thread's mask back, when called on the same thread.
    func restore() {
        guard pthread_equal(thread, pthread_self()) != 0 else { return }
        var mask = previous
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}
