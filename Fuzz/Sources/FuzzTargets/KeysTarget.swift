import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension FuzzTarget {
    /// The terminal key decoder: the input is what a terminal sends (escape
    /// sequences, UTF-8, mouse reports, garbage), fed through a pipe to a real
    /// `TerminalSession` (ncurses with xterm-256color's key sequences, then
    /// `KeyDecoder`), and read back as keys. The same bytes, read as ncurses'
    /// raw values, also go through `KeyDecoder.decode` directly.
    static let keys = FuzzTarget(
        name: "keys",
        summary: "terminal input bytes through ncurses and KeyDecoder: keys well formed, plain text read back as typed"
    ) { input, found in
        let bytes = Array(input.prefix(KeysFuzzing.maximumLength))
        for key in (0..<bytes.count / 4).compactMap({ KeyDecoder.decode(KeysFuzzing.raw(bytes, word: $0)) }) {
            found.expectWellFormed(key)
        }
        var written = bytes
        // ncurses reads an SGR mouse report up to its final M or m. A terminal that
        // hangs up inside one makes that read fail (EIO) and the report ends, but a
        // pipe at its end reads 0 bytes, on which ncurses spins: so a report the
        // input cuts short is completed, as a terminal would (the hang-up itself is
        // TerminalSessionTests.aHangUpInsideAMouseReportIsAHangUp, on a real pty).
        if bytes.firstRange(of: KeysFuzzing.sgrMousePrefix) != nil {
            written += Array("M".utf8)
        }
        if found.tolerates("keys-sgr-many-parameters") { written = KeysFuzzing.withoutLongMouseReports(written) }
        guard let keys = KeysFuzzing.typed(written) else {
            found.record("the terminal session did not start")
            return
        }
        found.expect(keys.count <= written.count, "\(keys.count) keys from \(written.count) bytes")
        for key in keys {
            found.expectWellFormed(key)
            found.expect(key != .resize, "a resize key from bytes (only SIGWINCH makes one)")
        }
        // Text without control characters or escapes is read back as it was typed.
        if let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.allSatisfy(KeysFuzzing.isTypable) {
            let typed = text.unicodeScalars.map { Key.character(Character($0)) }
            found.expect(keys == typed, "typed \(text.debugDescription), read \(keys)")
        }
    }
}

enum KeysFuzzing {
    /// A pipe holds 64 KB; inputs are cut well below.
    static let maximumLength = 4096

    /// How an SGR (1006) mouse report starts.
    static let sgrMousePrefix: [UInt8] = [0x1B, 0x5B, 0x3C]

    /// The `word`th four bytes as one of ncurses' raw inputs.
    static func raw(_ bytes: [UInt8], word: Int) -> RawInput {
        let at = word * 4
        let value = UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        switch bytes[at] % 3 {
        case 0: return .character(value & 0x1F_FFFF)
        case 1: return .keyCode(Int32(bitPattern: value) % 1024)
        default: return .mouse(x: Int(bytes[at + 1]), y: Int(bytes[at + 2]), buttons: value)
        }
    }

    /// `bytes` without the SGR mouse reports of more than 16 parameters (from
    /// `ESC [ <` to the next `M` or `m`, or the end), on which ncurses crashes
    /// (KnownIssue "keys-sgr-many-parameters"). A terminal sends three.
    static func withoutLongMouseReports(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: sgrMousePrefix) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let body = bytes[(index + sgrMousePrefix.count)...]
            let end = body.firstIndex { $0 == UInt8(ascii: "M") || $0 == UInt8(ascii: "m") }.map { $0 + 1 } ?? bytes.count
            let report = bytes[index..<end]
            if report.count(where: { $0 == UInt8(ascii: ";") }) <= 16 { result += report }
            index = end
        }
        return result
    }

    /// A scalar that a terminal sends as itself when typed: no C0 or C1 control, no DEL.
    static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
    }

    /// The keys a session reads from `bytes`, written into a pipe it reads as its
    /// terminal (output goes to /dev/null); nil when the session cannot start.
    static func typed(_ bytes: [UInt8]) -> [Key]? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let output = open("/dev/null", O_WRONLY)
        defer {
            close(ends[0])
            close(output)
        }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == bytes.count, output >= 0 else { return nil }
        let options = TerminalSession.Options(
            inputDescriptor: ends[0], outputDescriptor: output, terminalType: "xterm-256color",
            enablesMouse: true, handlesSignals: false, escapeDelayMilliseconds: 0)
        guard let session = startSession(options) else { return nil }
        defer { session.end() }
        var keys: [Key] = []
        // Each read takes what is there; a few rounds drain a pipe that holds it all.
        for _ in 0..<(bytes.count + 2) {
            let batch = session.readKeys()
            if batch.isEmpty { break }
            keys += batch
        }
        return keys
    }

    /// A session, waiting up to about two seconds while another one (a test
    /// running at the same time in the same process) holds the terminal.
    private static func startSession(_ options: TerminalSession.Options) -> TerminalSession? {
        for _ in 0..<200 {
            do {
                return try TerminalSession(options: options)
            } catch .sessionAlreadyActive {
                usleep(10_000)
            } catch {
                return nil
            }
        }
        return nil
    }
}

extension Violations {
    /// A key holds only what a key can: a printable character, a control letter,
    /// a function key number ncurses has, a mouse position on the screen's side of zero.
    mutating func expectWellFormed(_ key: Key) {
        switch key {
        case .character(let character):
            expect(character.unicodeScalars.allSatisfy(KeysFuzzing.isTypable), "a control character as a key: \(key)")
        case .control(let character):
            expect(("a"..."z").contains(character), "a control key that is not Ctrl and a letter: \(key)")
        case .function(let number):
            expect((1...63).contains(number), "function key \(number)")
        case .mouseClick(let x, let y), .scrollUp(let x, let y), .scrollDown(let x, let y):
            expect(x >= 0 && y >= 0, "a mouse event at \(x),\(y)")
        default:
            break
        }
    }
}
