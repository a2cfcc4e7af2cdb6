import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Changes posted from other threads, waiting for the main actor. A pipe wakes
/// the event loop when one arrives (the loop polls its read end with the terminal).
final class Mailbox: Sendable {
    private let queue = Mutex<[@Sendable @MainActor () -> Void]>([])
    /// Read end (polled by the loop) and write end; -1 when the pipe could not be made.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    func post(_ change: @escaping @Sendable @MainActor () -> Void) {
        queue.withLock { $0.append(change) }
        var byte: UInt8 = 1
        if writeDescriptor >= 0 { _ = write(writeDescriptor, &byte, 1) }
    }

    /// Everything posted so far, oldest first; drains the pipe.
    func take() -> [@Sendable @MainActor () -> Void] {
        var buffer = [UInt8](repeating: 0, count: 256)
        if readDescriptor >= 0 {
            while read(readDescriptor, &buffer, buffer.count) > 0 {}
        }
        return queue.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}

/// A timer of the app: runs on the main actor when the app's clock passes `due`.
struct AppTimer {
    let id: Int
    var due: Duration
    let interval: Duration?
    let action: () -> Void
}

/// A handle on a timer: `cancel()` stops it.
@MainActor
public struct TimerHandle: Hashable {
    let id: Int
    weak var app: App?

    /// Handles of the same timer are equal, whichever app reference they hold.
    public nonisolated static func == (lhs: TimerHandle, rhs: TimerHandle) -> Bool { lhs.id == rhs.id }
    /// Hashes the timer's id only, consistent with `==`.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Stops the timer (it never runs again).
    public func cancel() {
        app?.timers.removeAll { $0.id == id }
    }
}

extension App {
    /// Runs `action` every `interval` on the main actor (first after one interval).
    @discardableResult
    public func every(_ interval: Duration, _ action: @escaping () -> Void) -> TimerHandle {
        addTimer(due: now + interval, interval: interval, action: action)
    }

    /// Runs `action` once after `delay`.
    @discardableResult
    public func after(_ delay: Duration, _ action: @escaping () -> Void) -> TimerHandle {
        addTimer(due: now + delay, interval: nil, action: action)
    }

    private func addTimer(due: Duration, interval: Duration?, action: @escaping () -> Void) -> TimerHandle {
        nextTimerID += 1
        timers.append(AppTimer(id: nextTimerID, due: due, interval: interval, action: action))
        return TimerHandle(id: nextTimerID, app: self)
    }

    /// Time until the next timer is due (nil: no timers).
    var timeUntilNextTimer: Duration? {
        timers.map(\.due).min().map { max(.zero, $0 - now) }
    }

    /// Runs every timer that is due at `now` (a repeating timer once, then
    /// rescheduled from now: a stalled loop does not fire a burst).
    func fireDueTimers() {
        let due = timers.filter { $0.due <= now }
        guard !due.isEmpty else { return }
        for timer in due {
            if let interval = timer.interval, let index = timers.firstIndex(where: { $0.id == timer.id }) {
                let next = timer.due + interval
                timers[index].due = next > now ? next : now + interval
            } else {
                timers.removeAll { $0.id == timer.id }
            }
            timer.action()
        }
        needsDisplay = true
    }
}
