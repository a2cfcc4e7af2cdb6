import CNcurses

/// The bytes that undo what a session did to the terminal, from its terminfo
/// entry: written by the last-resort restore (crash, second Ctrl-C, exit()),
/// where endwin cannot be called.
enum ResetSequence {
    /// Attributes off, default colours, mouse off, keypad off, cursor on, leave
    /// the alternate screen. Needs the session's terminal set up.
    static func current(mouse: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["sgr0", "op"] { bytes += capability(name) }
        if mouse {
            // Every xterm mouse mode ncurses may have turned on.
            bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
        }
        for name in ["rmkx", "cnorm", "rmcup"] { bytes += capability(name) }
        return bytes
    }

    private static func capability(_ name: String) -> [UInt8] {
        guard let value = name.withCString({ casement_tigetstr($0) }) else { return [] }
        return withoutPadding(Array(String(cString: value).utf8))
    }

    /// Drops terminfo delays (`$<5>`, `$<2*/>`): there is no time to wait for.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
