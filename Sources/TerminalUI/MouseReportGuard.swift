/// Keeps SGR mouse reports (`ESC [ < b ; x ; y M`) within what ncurses reads
/// safely, on their way from the terminal to ncurses.
///
/// ncurses 6.4 reads a report's parameters into an array of nine and does not
/// check the index: a report of about forty parameters (text pasted into the
/// terminal can be one) overwrites its stack and the program dies in `wget_wch`.
/// It also adds digits into an `int` without a bound.
///
/// A terminal sends three parameters of a few digits each. So the guard lets a
/// report through only while it looks like one: at most three parameters, at
/// most nine digits each, at most 32 bytes. A report that goes further is ended
/// there with `m` (a button release, which Casement reads as no key) and the
/// rest of it is dropped, up to its final byte as ncurses would see it
/// (`0x40`–`0x7E`) or the next Escape, which starts a new sequence.
///
/// Bytes are passed on as they come, never held back: the guard only decides
/// what to send instead of a report that went wrong, so ncurses still times the
/// Escape key itself.
struct MouseReportGuard {
    /// The most parameters a report may have: button, column, row.
    static let maximumParameters = 3
    /// The most digits a parameter may have: nine fit in ncurses' 32-bit `int`.
    static let maximumDigits = 9
    /// The most bytes between `ESC [ <` and the final byte.
    static let maximumBodyLength = 32

    private enum State: Equatable {
        /// Outside a report; `matched` bytes of `ESC [ <` were just seen.
        case outside(matched: Int)
        /// Inside a report that is still well formed.
        case inside(length: Int, separators: Int, digits: Int)
        /// Dropping what is left of a report that was ended early.
        case dropping
    }

    private var state = State.outside(matched: 0)

    /// True while a report has been started towards ncurses and not ended:
    /// ncurses would wait for its end.
    var isInsideReport: Bool {
        if case .inside = state { true } else { false }
    }

    /// What to pass on to ncurses for `bytes`, the next bytes the terminal sent.
    mutating func filter(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var passed: [UInt8] = []
        for byte in bytes { take(byte, into: &passed) }
        return passed
    }

    /// What to pass on when the terminal's input ends: the end of a report
    /// ncurses was reading, which it would otherwise wait for.
    mutating func finish() -> [UInt8] {
        defer { state = .outside(matched: 0) }
        return isInsideReport ? [Self.release] : []
    }

    // MARK: - One byte

    private static let escape: UInt8 = 0x1B
    private static let release = UInt8(ascii: "m")
    private static let introducer: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]

    private mutating func take(_ byte: UInt8, into passed: inout [UInt8]) {
        switch state {
        case .outside(let matched):
            passed.append(byte)
            let now = Self.matched(after: matched, byte)
            state = now == Self.introducer.count ? .inside(length: 0, separators: 0, digits: 0) : .outside(matched: now)
        case .inside(let length, let separators, let digits):
            takeInsideReport(byte, length: length, separators: separators, digits: digits, into: &passed)
        case .dropping:
            if byte == Self.escape {
                state = .outside(matched: 0)
                take(byte, into: &passed)
            } else if Self.isFinal(byte) {
                state = .outside(matched: 0)
            }
        }
    }

    private mutating func takeInsideReport(
        _ byte: UInt8, length: Int, separators: Int, digits: Int, into passed: inout [UInt8]
    ) {
        if Self.isFinal(byte) {
            passed.append(byte)
            state = .outside(matched: 0)
            return
        }
        let isSeparator = byte == UInt8(ascii: ";")
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        let separators = separators + (isSeparator ? 1 : 0)
        let digits = isDigit ? digits + 1 : (isSeparator ? 0 : digits)
        let fits = length + 1 <= Self.maximumBodyLength
            && separators < Self.maximumParameters
            && digits <= Self.maximumDigits
        guard fits else {
            passed.append(Self.release)
            state = .dropping
            return
        }
        passed.append(byte)
        state = .inside(length: length + 1, separators: separators, digits: digits)
    }

    /// How much of `ESC [ <` is matched after `byte`, when `matched` was before it.
    private static func matched(after matched: Int, _ byte: UInt8) -> Int {
        if byte == escape { return 1 }
        if matched > 0 && matched < introducer.count && introducer[matched] == byte { return matched + 1 }
        return 0
    }

    /// A byte that ends a control sequence, and so an SGR report for ncurses.
    private static func isFinal(_ byte: UInt8) -> Bool {
        (0x40...0x7E).contains(byte)
    }
}
