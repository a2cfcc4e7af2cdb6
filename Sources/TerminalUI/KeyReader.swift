import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Reads keys and mouse reports from ncurses without waiting, decoded into
/// `Key`s. Keys are read from a 1×1 pad: reading from a window would refresh
/// it first.
final class KeyReader {
    private let pad: UnsafeMutablePointer<WINDOW>
    /// True when the last read stopped at its bound: ncurses may hold bytes the
    /// descriptor no longer shows, so the event loop reads again before waiting.
    private(set) var mayHoldBufferedInput = false

    /// Takes ownership of `pad` (deleted by `close()`).
    init(pad: UnsafeMutablePointer<WINDOW>, escapeDelayMilliseconds: Int) {
        self.pad = pad
        keypad(pad, true)
        nodelay(pad, true)
        set_escdelay(Int32(clamping: escapeDelayMilliseconds))
        Self.defineCommonSequences()
    }

    /// Teaches ncurses the sequences every terminal may send for the cursor
    /// and editing keys (`KeyDecoder.commonSequences`) that the terminal's
    /// entry does not list: with only the entry's form, `ESC [ B` from a
    /// terminal left in normal mode read as Escape, `[`, `B`.
    private static func defineCommonSequences() {
        for (sequence, code) in KeyDecoder.commonSequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Deletes the pad (before ncurses ends).
    func close() {
        delwin(pad)
    }

    /// The keys typed so far, without waiting.
    func readKeys() -> [Key] {
        var keys: [Key] = []
        var value: wint_t = 0
        // Bounded so a flood of input cannot starve drawing.
        mayHoldBufferedInput = true
        for _ in 0..<4096 {
            let status = wget_wch(pad, &value)
            guard status != ERR else {
                mayHoldBufferedInput = false
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
}
