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

    /// The location of `offset`, counting its column on (or back) from `known`, a
    /// location on the same line: a run of reports along one long line then costs
    /// the distance between them, not the line's length each time.
    /// Falls back to counting from the line start when `known` does not apply.
    ///
    /// Exact even when `known` falls inside a character of the line
    /// (`charactersBefore(_:countingOnFrom:lineStart:)`).
    public func location(atOffset offset: Int, after known: (offset: Int, location: SourceLocation)?) -> SourceLocation {
        let clamped = max(0, min(offset, utf8.count))
        let line = line(atOffset: clamped)
        let lineStart = lineStarts[line - 1]
        guard let known, known.location.line == line, known.location.file == path,
            known.offset >= lineStart, known.offset <= utf8.count
        else { return location(atOffset: clamped) }
        let characters = charactersBefore(
            clamped, countingOnFrom: (known.offset, known.location.column - 1), lineStart: lineStart)
        return SourceLocation(file: path, line: line, column: characters + 1)
    }

    /// The characters from `lineStart` to `offset` (both on one line), given
    /// `known`: as many characters from the line's start to another offset on
    /// it, before or after `offset`. It costs the distance from `known`,
    /// not the line's length, and is exact even when `known.offset` falls inside
    /// a character of the line (between `{` and a combining mark after it):
    /// counting starts where a character certainly begins.
    public func charactersBefore(_ offset: Int, countingOnFrom known: (offset: Int, characters: Int), lineStart: Int) -> Int {
        let start = characterStart(atOrBefore: min(offset, known.offset), lineStart: lineStart)
        return known.characters - characterCount(start..<known.offset) + characterCount(start..<offset)
    }

    /// The characters in the text of `range` on its own.
    private func characterCount(_ range: Range<Int>) -> Int {
        range.isEmpty ? 0 : String(decoding: utf8[range], as: UTF8.self).count
    }

    /// The last offset at or before `offset`, and not before `lineStart`, where
    /// a character of the line begins whatever came before it: the line's start,
    /// or an ASCII byte after a scalar that is not one of Unicode's Prepend
    /// characters. (An ASCII scalar never extends the character before it; only
    /// a Prepend scalar, such as U+0600 ARABIC NUMBER SIGN, joins the one after
    /// it.) Such a start splits the line's characters the same way as any text
    /// that begins before it, so counts on either side of it add up.
    func characterStart(atOrBefore offset: Int, lineStart: Int) -> Int {
        // (At the end of the text only empty ranges follow: any start does.)
        guard offset < utf8.count else { return offset }
        var position = offset
        while position > lineStart {
            if utf8[position] < 0x80 && (utf8[position - 1] < 0x80 || !endsInPrepend(position, lineStart: lineStart)) {
                return position
            }
            position -= 1
        }
        return lineStart
    }

    /// Whether the scalar that ends just before `position` may be a Prepend
    /// character. Every scalar of the Format category counts, with the Prepend
    /// letters Unicode lists and the supplementary Brahmic block they come from:
    /// a wrong "may" only makes counting start further back.
    private func endsInPrepend(_ position: Int, lineStart: Int) -> Bool {
        let window = utf8[max(lineStart, position - 4)..<position]
        guard let scalar = String(decoding: window, as: UTF8.self).unicodeScalars.last else { return false }
        if scalar.properties.generalCategory == .format { return true }
        switch scalar.value {
        case 0x0D4E, 0x11000...0x11FFF: return true
        default: return false
        }
    }

    /// The UTF-8 offset of a location in this source (clamped to its line), the
    /// inverse of `location(atOffset:)`. Counting starts from `known`, an earlier
    /// location on the same line with its offset, when there is one, so walking a
    /// sorted list of locations along a long line costs the line once.
    public func offset(of location: SourceLocation, after known: (offset: Int, location: SourceLocation)? = nil) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return utf8.count }
        let lineEnd = location.line < lineStarts.count ? lineStarts[location.line] - 1 : utf8.count
        let lineStart = lineStarts[location.line - 1]
        var start = lineStart, column = 1
        if let known, known.location.line == location.line, known.location.column <= location.column,
            known.offset >= start, known.offset <= lineEnd
        {
            // From where a character certainly begins, as `location(atOffset:after:)` counts.
            start = characterStart(atOrBefore: known.offset, lineStart: lineStart)
            column = known.location.column - characterCount(start..<known.offset)
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
