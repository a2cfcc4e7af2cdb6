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
        guard let (keys, ended) = KeysFuzzing.typed(bytes) else {
            found.record("the terminal session did not start")
            return
        }
        found.expect(ended, "the input's end never arrived as a hang-up (the session hangs)")
        found.expect(keys.count <= bytes.count, "\(keys.count) keys from \(bytes.count) bytes")
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

    /// A scalar that a terminal sends as itself when typed: no C0 or C1 control, no DEL.
    static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
    }

    /// The keys a session reads from `bytes`, written into a pipe it reads as its
    /// terminal (output goes to /dev/null), and whether it saw the pipe's end;
    /// nil when the session cannot start.
    static func typed(_ bytes: [UInt8]) -> (keys: [Key], ended: Bool)? {
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
        // The session reads the pipe through its input relay, as it reads a
        // terminal: keys arrive until the pipe's end, which is a hang-up. (A
        // mouse report the input cuts short is ended by the relay.)
        var keys: [Key] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let events = session.nextEvents(timeout: .seconds(1))
            keys += events.compactMap { if case .key(let key) = $0 { key } else { nil } }
            // A batch lists signals first: the keys read with the hang-up are in it too.
            if events.contains(.signal(.hangup)) { return (keys, true) }
        }
        return (keys, false)
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
