#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one source file with a line index, so parsers can work on UTF-8
/// offsets and turn them into line:column only when they report something.
public struct SourceText: Sendable {
    /// The path of the file, used as the `file` of every location made from this text.
    public let path: String
    /// The text with CR and CRLF line ends read as LF, and without a leading
    /// UTF-8 byte-order mark (editors on Windows write one; it is not part of
    /// the first statement).
    public let text: String
    /// The UTF-8 bytes of `text`; every offset into this source counts these bytes.
    public let utf8: [UInt8]
    /// UTF-8 offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    /// Reads `text` as the contents of `path`: drops a leading byte-order mark, turns CR and CRLF
    /// into LF, and indexes where each line starts.
    public init(path: String, text: String) {
        self.path = path
        var bytes = Array(text.utf8)
        var changed = false
        if bytes.starts(with: Self.byteOrderMark) {
            bytes.removeFirst(Self.byteOrderMark.count)
            changed = true
        }
        var (starts, sawCarriageReturn) = Self.lineStarts(of: bytes)
        if sawCarriageReturn {
            bytes = Self.normalizingLineEnds(bytes)
            starts = Self.lineStarts(of: bytes).starts
            changed = true
        }
        self.utf8 = bytes
        // An untouched text is already the normalised one: no second decode of the file.
        self.text = changed ? String(decoding: bytes, as: UTF8.self) : text
        self.lineStarts = starts
    }

    /// Where each line starts, and whether a CR was seen. `memchr` jumps from one
    /// line end to the next (and looks for a CR) many bytes per step, so indexing
    /// a big file costs a fraction of a byte-by-byte loop.
    private static func lineStarts(of bytes: [UInt8]) -> (starts: [Int], sawCarriageReturn: Bool) {
        var starts = [0]
        // A guess of one line per 32 bytes saves most regrowth of a big file's index.
        starts.reserveCapacity(bytes.count / 32 + 1)
        let carriageReturn = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 10, buffer.count - offset) {
                offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                starts.append(offset)
            }
            return memchr(base, 13, buffer.count) != nil
        }
        return (starts, carriageReturn)
    }

    /// EF BB BF, U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The number of lines; a text ending in a newline has an empty last line, and an empty text has one.
    public var lineCount: Int { lineStarts.count }

    /// The 1-based line holding a UTF-8 offset (offsets past the end map to the last line).
    public func line(atOffset offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The 1-based line and character column of a UTF-8 offset (clamped to the text).
    public func location(atOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, utf8.count))
        let line = line(atOffset: clamped)
        let start = lineStarts[line - 1]
        let prefix = String(decoding: utf8[start..<clamped], as: UTF8.self)
        return SourceLocation(file: path, line: line, column: prefix.count + 1)
    }

    /// The location of `offset`, counting its column on from `known`, a location
    /// at an earlier offset on the same line: a run of reports along one long line
    /// then costs the distance between them, not the line's length each time.
    /// Falls back to counting from the line start when `known` does not apply.
    public func location(atOffset offset: Int, after known: (offset: Int, location: SourceLocation)?) -> SourceLocation {
        let clamped = max(0, min(offset, utf8.count))
        let line = line(atOffset: clamped)
        guard let known, known.location.line == line, known.location.file == path,
            known.offset <= clamped, known.offset >= lineStarts[line - 1]
        else { return location(atOffset: clamped) }
        let between = String(decoding: utf8[known.offset..<clamped], as: UTF8.self)
        return SourceLocation(file: path, line: line, column: known.location.column + between.count)
    }

    /// The UTF-8 offset of a location in this source (clamped to its line), the
    /// inverse of `location(atOffset:)`. Counting starts from `known`, an earlier
    /// location on the same line with its offset, when there is one, so walking a
    /// sorted list of locations along a long line costs the line once.
    public func offset(of location: SourceLocation, after known: (offset: Int, location: SourceLocation)? = nil) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return utf8.count }
        let lineEnd = location.line < lineStarts.count ? lineStarts[location.line] - 1 : utf8.count
        var start = lineStarts[location.line - 1], column = 1
        if let known, known.location.line == location.line, known.location.column <= location.column,
            known.offset >= start, known.offset <= lineEnd
        {
            start = known.offset
            column = known.location.column
        }
        let remaining = location.column - column
        guard remaining > 0 else { return start }
        // Characters are mostly a few bytes: decode a slice big enough for them,
        // and the rest of the line only when the slice falls short.
        var end = min(lineEnd, start + 4 * remaining + 64)
        var slice = String(decoding: utf8[start..<end], as: UTF8.self)
        if end < lineEnd, slice.count <= remaining {
            end = lineEnd
            slice = String(decoding: utf8[start..<end], as: UTF8.self)
        }
        let index = slice.index(slice.startIndex, offsetBy: remaining, limitedBy: slice.endIndex) ?? slice.endIndex
        return start + slice.utf8.distance(from: slice.startIndex, to: index)
    }

    /// The text of a 1-based line without its line end; empty when out of range.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
        end = max(start, end)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    private static func normalizingLineEnds(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 13 {
                out.append(10)
                if index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }
}
