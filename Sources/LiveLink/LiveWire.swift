import Cells

/// The wire format: every message is one frame, a 10-byte header and a payload.
///
///     "CSLV"  version (1)  kind  payload length (UInt32, big-endian)  payload
///
/// Payload fields are big-endian integers and strings (a UInt32 byte count, then
/// UTF-8). The kinds: 1 hello (role UInt8, process UInt32, instance UInt64),
/// 2 showing (width UInt16, height UInt16, spec, file count UInt32, files),
/// 3 buffer (path, revision UInt64, text), 4 saved (path), 5 closed (path).
/// A frame whose payload breaks a rule (`LiveLimits`, a path that is not absolute,
/// bytes that are not UTF-8, bytes left over) is dropped and the next one read; a
/// header that breaks one (no magic, another version, a payload over the limit)
/// leaves nothing to resynchronise on, and the connection is given up.
public enum LiveWire {
    /// The first four bytes of every frame: `CSLV`.
    public static let magic: [UInt8] = Array("CSLV".utf8)
    /// The version this side speaks.
    public static let version: UInt8 = 1
    /// Bytes in a frame's header.
    public static let headerBytes = 10

    enum Kind: UInt8 {
        case hello = 1, showing, buffer, saved, closed
    }

    /// The frame of one message.
    public static func encode(_ message: LiveMessage) -> [UInt8] {
        var payload = PayloadWriter()
        let kind: Kind
        switch message {
        case .hello(let hello):
            kind = .hello
            payload.byte(hello.role.rawValue)
            payload.integer(hello.processID)
            payload.integer(hello.instance)
        case .showing(let showing):
            kind = .showing
            payload.integer(UInt16(clamping: showing.size.width))
            payload.integer(UInt16(clamping: showing.size.height))
            payload.string(showing.spec)
            payload.integer(UInt32(clamping: showing.files.count))
            for file in showing.files { payload.string(file) }
        case .buffer(let buffer):
            kind = .buffer
            payload.string(buffer.path)
            payload.integer(buffer.revision)
            payload.string(buffer.text)
        case .saved(let path):
            kind = .saved
            payload.string(path)
        case .closed(let path):
            kind = .closed
            payload.string(path)
        }
        var frame = magic
        frame.reserveCapacity(headerBytes + payload.bytes.count)
        frame.append(version)
        frame.append(kind.rawValue)
        withUnsafeBytes(of: UInt32(clamping: payload.bytes.count).bigEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: payload.bytes)
        return frame
    }

    /// The message in one frame's payload, or why it is not one.
    static func decode(kind rawKind: UInt8, payload: ArraySlice<UInt8>) -> Result<LiveMessage, LiveWireError> {
        guard let kind = Kind(rawValue: rawKind) else { return .failure(.unknownKind(rawKind)) }
        var reader = PayloadReader(payload)
        do {
            let message: LiveMessage
            switch kind {
            case .hello:
                let rawRole = try reader.byte()
                guard let role = LiveRole(rawValue: rawRole) else { throw LiveWireError.badField("role \(rawRole)") }
                message = .hello(LiveHello(role: role, processID: try reader.integer(), instance: try reader.integer()))
            case .showing:
                let width: UInt16 = try reader.integer(), height: UInt16 = try reader.integer()
                guard (1...LiveLimits.sizeSide).contains(Int(width)), (1...LiveLimits.sizeSide).contains(Int(height)) else {
                    throw LiveWireError.badField("size \(width)x\(height)")
                }
                let spec = try reader.path()
                let count: UInt32 = try reader.integer()
                guard count <= LiveLimits.files else { throw LiveWireError.badField("\(count) files") }
                var files: [String] = []
                for _ in 0..<count { files.append(try reader.path()) }
                message = .showing(LiveShowing(
                    spec: spec, files: files, size: TerminalSize(width: Int(width), height: Int(height))))
            case .buffer:
                let path = try reader.path()
                let revision: UInt64 = try reader.integer()
                message = .buffer(LiveBuffer(path: path, revision: revision, text: try reader.string()))
            case .saved:
                message = .saved(path: try reader.path())
            case .closed:
                message = .closed(path: try reader.path())
            }
            guard reader.isAtEnd else { throw LiveWireError.trailingBytes(reader.remaining) }
            return .success(message)
        } catch let error as LiveWireError {
            return .failure(error)
        } catch {
            return .failure(.badField("\(error)"))
        }
    }
}

/// Why a frame or a payload was not taken.
public enum LiveWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header does not start with `CSLV`.
    case badMagic
    /// A version this side does not speak.
    case unsupportedVersion(UInt8)
    /// A payload longer than `LiveLimits.payloadBytes`.
    case payloadTooLong(UInt32)
    /// A kind this side does not know.
    case unknownKind(UInt8)
    /// The payload ends inside a field.
    case truncated
    /// A field's value breaks a rule.
    case badField(String)
    /// Bytes after the last field.
    case trailingBytes(Int)

    /// Whether the frame's length can still be trusted (the next frame can be read).
    public var keepsFraming: Bool {
        switch self {
        case .badMagic, .unsupportedVersion, .payloadTooLong: false
        default: true
        }
    }

    /// What is wrong, in a few words.
    public var description: String {
        switch self {
        case .badMagic: "not a Casement live-preview frame"
        case .unsupportedVersion(let version): "protocol version \(version) (this side speaks \(LiveWire.version))"
        case .payloadTooLong(let length): "a message of \(length) bytes (the limit is \(LiveLimits.payloadBytes))"
        case .unknownKind(let kind): "unknown message kind \(kind)"
        case .truncated: "a message cut short"
        case .badField(let what): "bad field: \(what)"
        case .trailingBytes(let count): "\(count) bytes after the last field"
        }
    }
}

/// Reads frames from a stream of bytes as they arrive.
///
///     var decoder = LiveDecoder()
///     decoder.append(bytesJustRead)
///     while let frame = decoder.next() { … }       // .message, .dropped or .broken
public struct LiveDecoder: Sendable {
    /// One frame read.
    public enum Frame: Hashable, Sendable {
        /// A valid message.
        case message(LiveMessage)
        /// A frame whose payload broke a rule: skipped; the next frame follows.
        case dropped(LiveWireError)
        /// A header that broke a rule: nothing more can be read from this stream.
        case broken(LiveWireError)
    }

    private var bytes: [UInt8] = []
    private var start = 0
    /// Set once the stream is broken: `next()` returns nil from then on.
    public private(set) var isBroken = false

    /// A decoder with nothing read yet.
    public init() {}

    /// Bytes received but not yet read as frames.
    public var pendingBytes: Int { bytes.count - start }

    /// Adds bytes read from the stream.
    public mutating func append(_ chunk: some Collection<UInt8>) {
        guard !isBroken else { return }
        if start > 0, start >= bytes.count / 2 {
            bytes.removeSubrange(0..<start)
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next whole frame, or nil when more bytes are needed (or the stream is broken).
    public mutating func next() -> Frame? {
        guard !isBroken, bytes.count - start >= LiveWire.headerBytes else { return nil }
        let header = bytes[start..<start + LiveWire.headerBytes]
        if !header.starts(with: LiveWire.magic) { return breakStream(.badMagic) }
        let version = header[start + 4]
        if version != LiveWire.version { return breakStream(.unsupportedVersion(version)) }
        let length = header[(start + 6)...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if length > LiveLimits.payloadBytes { return breakStream(.payloadTooLong(length)) }
        let end = start + LiveWire.headerBytes + Int(length)
        guard bytes.count >= end else { return nil }
        let kind = header[start + 5]
        let result = LiveWire.decode(kind: kind, payload: bytes[(start + LiveWire.headerBytes)..<end])
        start = end
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.count <= 1 << 20)
            start = 0
        }
        switch result {
        case .success(let message): return .message(message)
        case .failure(let error): return .dropped(error)
        }
    }

    private mutating func breakStream(_ error: LiveWireError) -> Frame {
        isBroken = true
        bytes = []
        start = 0
        return .broken(error)
    }
}

/// Builds a payload.
struct PayloadWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        let utf8 = text.utf8
        integer(UInt32(clamping: utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

/// Reads a payload's fields, checking each.
struct PayloadReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }
    var remaining: Int { bytes.endIndex - position }

    mutating func byte() throws(LiveWireError) -> UInt8 {
        guard position < bytes.endIndex else { throw .truncated }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func integer<T: FixedWidthInteger>() throws(LiveWireError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw .truncated }
        var value: T = 0
        for index in position..<position + size { value = value << 8 | T(bytes[index]) }
        position += size
        return value
    }

    /// A string: valid UTF-8 of at most `limit` bytes.
    mutating func string(limit: Int = LiveLimits.payloadBytes) throws(LiveWireError) -> String {
        let count: UInt32 = try integer()
        guard count <= limit else { throw .badField("a string of \(count) bytes (limit \(limit))") }
        guard remaining >= Int(count) else { throw .truncated }
        let slice = bytes[position..<position + Int(count)]
        position += Int(count)
        guard let text = String(validating: slice, as: UTF8.self) else { throw .badField("bytes that are not UTF-8") }
        return text
    }

    /// A path: absolute, without NUL, at most `LiveLimits.pathBytes` bytes.
    mutating func path() throws(LiveWireError) -> String {
        let text = try string(limit: LiveLimits.pathBytes)
        guard text.utf8.first == UInt8(ascii: "/") else { throw .badField("a path that is not absolute") }
        guard !text.utf8.contains(0) else { throw .badField("a path with a NUL byte") }
        return text
    }
}
