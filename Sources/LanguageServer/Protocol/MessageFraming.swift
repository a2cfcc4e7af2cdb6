#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader found in the byte stream: a message body, or a part of the
/// stream that was not a well-formed message (skipped; the server answers it
/// with a parse error and reads on).
public enum Frame: Equatable, Sendable {
    case message(Data)
    case malformed(String)
}

/// Splits a byte stream into `Content-Length` framed messages (the LSP base
/// protocol). Robust to anything: headers without a length or with a garbage
/// one, header blocks that never end, lengths past `maximumLength` (skipped
/// without being buffered), and reads that stop anywhere.
public struct MessageReader {
    /// Messages longer than this are skipped, not buffered.
    public static let defaultMaximumLength = 64 << 20
    /// A header block longer than this is garbage.
    public static let maximumHeaderLength = 8192

    private let read: () -> [UInt8]
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// `read` returns the next bytes available, blocking until there are some,
    /// and an empty array at the end of the stream.
    public init(maximumLength: Int = defaultMaximumLength, read: @escaping () -> [UInt8]) {
        self.maximumLength = maximumLength
        self.read = read
    }

    /// A reader over a file descriptor (standard input for the server).
    public init(fileDescriptor: Int32, maximumLength: Int = defaultMaximumLength) {
        self.init(maximumLength: maximumLength) {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                return count > 0 ? Array(chunk[0..<count]) : []
            }
        }
    }

    private var available: Int { buffer.count - start }

    /// Reads more input; false at the end of the stream.
    private mutating func fill() -> Bool {
        guard !atEnd else { return false }
        let bytes = read()
        if bytes.isEmpty {
            atEnd = true
            return false
        }
        if start > 65536, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
        return true
    }

    /// The next frame, or nil at the end of the stream (a message cut short by
    /// the end is dropped).
    public mutating func next() -> Frame? {
        while true {
            if let end = headerEnd() {
                let header = Array(buffer[start..<end])
                start = end + 4
                return body(for: header)
            }
            if available > Self.maximumHeaderLength {
                // No blank line in sight: drop what was read but a tail that may
                // hold the start of the next header.
                start = buffer.count - 3
                return .malformed("header block longer than \(Self.maximumHeaderLength) bytes")
            }
            guard fill() else { return nil }
        }
    }

    /// The offset of the `\r\n\r\n` that ends the header block, if read yet.
    private func headerEnd() -> Int? {
        guard available >= 4 else { return nil }
        var index = start
        let limit = buffer.count - 3
        while index < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func body(for header: [UInt8]) -> Frame? {
        guard let length = Self.contentLength(in: header) else {
            return .malformed("no valid Content-Length header")
        }
        if length > maximumLength {
            guard skip(length) else { return nil }
            return .malformed("message of \(length) bytes is longer than \(maximumLength)")
        }
        while available < length {
            guard fill() else { return nil }
        }
        let data = Data(buffer[start..<(start + length)])
        start += length
        return .message(data)
    }

    /// Drops `count` bytes of input without keeping them; false if the stream ends first.
    private mutating func skip(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            if available == 0 {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                guard fill() else { return false }
            }
            let taken = min(remaining, available)
            start += taken
            remaining -= taken
        }
        return true
    }

    /// The value of the `Content-Length` header: decimal digits only, at most
    /// 18 of them (so it cannot overflow); nil when missing or malformed.
    static func contentLength(in header: [UInt8]) -> Int? {
        guard let text = String(bytes: header, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = Self.trimmingBlanks(line[..<colon]).lowercased()
            guard name == "content-length" else { continue }
            let value = Self.trimmingBlanks(line[line.index(after: colon)...])
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(value)
        }
        return nil
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmingBlanks(_ text: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = text.lastIndex(where: { !isBlank($0) })!
        return text[first...last]
    }
}

/// Writes framed messages; safe to call from several threads at once.
public final class MessageWriter: @unchecked Sendable {
    private let lock = ServerLock()
    private let write: (Data) -> Void

    /// `write` receives each whole frame (header and body) in one piece.
    public init(write: @escaping (Data) -> Void) {
        self.write = write
    }

    /// A writer to a file descriptor (standard output for the server).
    public convenience init(fileDescriptor: Int32) {
        self.init { data in
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = systemWrite(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }

    /// Writes one message: a `Content-Length` header then `body`; concurrent sends never interleave.
    public func send(_ body: Data) {
        var frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(body)
        lock.withLock { write(frame) }
    }
}

/// The C library's `read(2)`: inside `MessageReader` the name is its own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}

/// The C library's `write(2)`: inside `MessageWriter` the name is its own `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
