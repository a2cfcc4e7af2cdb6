import Cells
#if canImport(Glibc)
import Glibc
#endif

// Input and events: one poll(2) over the terminal, the signal relay and the
// caller's descriptors, turned into `TerminalEvent`s.
extension TerminalSession {
    /// The keys typed so far, without waiting.
    public func readKeys() -> [Key] {
        guard isActive else { return [] }
        return keyReader.readKeys()
    }

    /// Waits until something happens — keys, a resize, a quit signal, one of
    /// `descriptors` readable — or `timeout` passes (nil: no timeout), and
    /// returns everything that happened: signals first, then a resize, then
    /// keys in order, then readable descriptors in the order given.
    public func nextEvents(watching descriptors: [Int32] = [], timeout: Duration? = nil) -> [TerminalEvent] {
        guard isActive else { return [.timeout] }
        if keyReader.mayHoldBufferedInput {
            let keys = readKeys()
            if !keys.isEmpty { return keys.map { .key($0) } }
        }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var entries = [
                pollfd(fd: inputClosed ? -1 : input.readDescriptor, events: Int16(POLLIN), revents: 0),
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

    /// The events behind one poll's results, in the order `nextEvents` promises.
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
}

extension Duration {
    /// Whole milliseconds rounded up, for poll(2): waking early would spin.
    var millisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
