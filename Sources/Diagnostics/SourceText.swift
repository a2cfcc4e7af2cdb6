/// The text of one source file with a line index, so parsers can work on UTF-8
/// offsets and turn them into line:column only when they report something.
public struct SourceText: Sendable {
    public let path: String
    /// The text with CR and CRLF line ends read as LF.
    public let text: String
    public let utf8: [UInt8]
    /// UTF-8 offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(path: String, text: String) {
        self.path = path
        var bytes = Array(text.utf8)
        if bytes.contains(13) { bytes = Self.normalizingLineEnds(bytes) }
        self.utf8 = bytes
        self.text = String(decoding: bytes, as: UTF8.self)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 10 {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

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

    public func location(atOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, utf8.count))
        let line = line(atOffset: clamped)
        let start = lineStarts[line - 1]
        let prefix = String(decoding: utf8[start..<clamped], as: UTF8.self)
        return SourceLocation(file: path, line: line, column: prefix.count + 1)
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
