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
///
/// A frame whose header is bad has a body of unknown length. Its bytes end up in
/// front of the next header block, so a block that does not parse is searched for
/// the last `Content-Length` header in it: what comes before is skipped (reported
/// once, as one malformed frame) and reading goes on from there. A header block
/// may end in a blank line of CRLFs or of bare LFs.
public struct MessageReader {
    /// Messages longer than this are skipped, not buffered.
    public static let defaultMaximumLength = 64 << 20
    /// A header block longer than this is garbage.
    public static let maximumHeaderLength = 8192
    /// What is kept of an overlong header block: enough for the start of a real
    /// header that follows the garbage.
    static let keptTail = 256

    private let read: () -> [UInt8]
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Set after a malformed frame was reported: the bytes up to the next good
    /// header are what was left of it, skipped without another report.
    private var resyncing = false

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
            if let (end, bodyStart) = headerEnd() {
                let blockStart = start
                let header = buffer[start..<end]
                if let length = Self.contentLength(in: header) {
                    start = bodyStart
                    resyncing = false
                    return body(length: length)
                }
                if let offset = Self.lastValidHeader(in: header) {
                    start = blockStart + offset
                    if let skipped = skippedGarbage(offset) { return skipped }
                    continue
                }
                start = bodyStart
                if let skipped = skippedGarbage(end - blockStart, reason: "no valid Content-Length header") {
                    return skipped
                }
                continue
            }
            if available > Self.maximumHeaderLength {
                // No blank line in sight: drop what was read but a tail that may
                // hold the start of the next header.
                let dropped = available - Self.keptTail
                start = buffer.count - Self.keptTail
                if let skipped = skippedGarbage(dropped, reason: "header block longer than \(Self.maximumHeaderLength) bytes") {
                    return skipped
                }
                continue
            }
            guard fill() else { return nil }
        }
    }

    /// The malformed frame for `count` skipped bytes, unless they are the rest of
    /// one already reported.
    private mutating func skippedGarbage(_ count: Int, reason: String? = nil) -> Frame? {
        guard !resyncing else { return nil }
        resyncing = true
        return .malformed(reason ?? "skipped \(count) bytes that were not a framed message")
    }

    /// Where the header block ends (its blank line: CRLF CRLF, LF LF or LF CRLF)
    /// and the body starts, if read yet.
    private func headerEnd() -> (end: Int, bodyStart: Int)? {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == 10 {
                if buffer[index + 1] == 10 { return (Self.trimmingCR(buffer, before: index, from: start), index + 2) }
                if buffer[index + 1] == 13 {
                    guard index + 2 < buffer.count else { return nil }
                    if buffer[index + 2] == 10 { return (Self.trimmingCR(buffer, before: index, from: start), index + 3) }
                }
            }
            index += 1
        }
        return nil
    }

    /// `index`, moved back over a CR just before it (not before `lower`).
    private static func trimmingCR(_ bytes: [UInt8], before index: Int, from lower: Int) -> Int {
        index > lower && bytes[index - 1] == 13 ? index - 1 : index
    }

    private mutating func body(length: Int) -> Frame? {
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

    /// The value of the `Content-Length` header: decimal ASCII digits only, at
    /// most 18 of them (so it cannot overflow); nil when missing or malformed.
    /// Lines end in LF, with or without a CR before it.
    static func contentLength(in header: ArraySlice<UInt8>) -> Int? {
        for line in header.split(separator: 10) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = trimmingBlanks(line[..<colon])
            guard name.count == 14, zip(name, "content-length".utf8).allSatisfy({ lowercased($0) == $1 }) else { continue }
            let value = trimmingBlanks(line[(colon + 1)...])
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return value.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        return nil
    }

    /// The value of the `Content-Length` header in a whole header block.
    static func contentLength(in header: [UInt8]) -> Int? {
        contentLength(in: header[...])
    }

    /// The offset of the last `Content-Length` in `header` that starts a header
    /// with a valid length, when it is not at the start: what comes before it is
    /// the tail of a frame that could not be read.
    static func lastValidHeader(in header: ArraySlice<UInt8>) -> Int? {
        let name = Array("content-length".utf8)
        var index = header.endIndex - name.count
        while index > header.startIndex {
            if zip(header[index..<(index + name.count)], name).allSatisfy({ lowercased($0) == $1 }),
                contentLength(in: header[index...]) != nil
            {
                return index - header.startIndex
            }
            index -= 1
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// `bytes` without the spaces, tabs and CRs around them.
    private static func trimmingBlanks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 13 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }) else { return [] }
        let last = bytes.lastIndex(where: { !isBlank($0) })!
        return bytes[first...last]
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
