#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command prints and how it exits, built before anything is written so
/// tests can run the commands' code directly.
struct CommandOutput: Equatable {
    var stdout = ""
    var stderr = ""
    var status: Int32 = 0

    /// Writes both streams, in full.
    func write() {
        Self.write(stdout, to: 1)
        Self.write(stderr, to: 2)
    }

    static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}

/// Standard output as a text stream, written in blocks: output made piece by
/// piece (a big spec's JSON) goes out as it comes instead of being held whole.
struct StandardOutputStream: TextOutputStream {
    /// Bytes gathered before a write: few system calls, little memory.
    static let blockSize = 1 << 16
    private var pending = ""

    mutating func write(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.blockSize { flush() }
    }

    /// Writes out what is gathered; call once more at the end.
    mutating func flush() {
        CommandOutput.write(pending, to: 1)
        pending.removeAll(keepingCapacity: true)
    }
}
