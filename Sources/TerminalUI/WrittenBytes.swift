#if canImport(Glibc)
import Glibc
#endif

/// Counts bytes written to the terminal. ncurses writes its buffer straight to
/// the file descriptor with write(2) (not through the FILE* it was given), so
/// the count comes from the kernel: the calling thread's `wchar` in
/// /proc/thread-self/io, read before and after an update.
enum WrittenBytes {
    /// Bytes this thread has passed to write(2) so far; nil where /proc does not tell.
    static func soFar() -> Int? {
        let descriptor = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parseWriteCount(buffer[0..<count])
    }

    /// The number after "wchar:" in the text of /proc/…/io.
    static func parseWriteCount<C: Collection<UInt8>>(_ text: C) -> Int? {
        let lines = text.split(separator: UInt8(ascii: "\n"))
        let key = Array("wchar:".utf8)
        guard let line = lines.first(where: { $0.starts(with: key) }) else { return nil }
        let digits = line.dropFirst(key.count).drop { $0 == UInt8(ascii: " ") }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
