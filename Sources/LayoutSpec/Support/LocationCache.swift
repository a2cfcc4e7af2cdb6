import Diagnostics

/// Turns UTF-8 offsets into file:line:col quickly: lowering asks for one
/// location per constraint, mostly on plain ASCII lines near the previous
/// one, where the column is just the byte distance from the line start.
struct LocationCache {
    let source: SourceText
    let locator: SpanLocator
    private let utf8: [UInt8]
    private let lineStarts: [Int]
    private var lastOffset = -1
    private var lastLocation: SourceLocation
    private var lastLine = 1

    init(source: SourceText, locator: SpanLocator = SpanLocator()) {
        self.source = source
        self.locator = locator
        self.utf8 = source.utf8
        self.lineStarts = source.lineStarts
        self.lastLocation = SourceLocation(file: source.path, line: 1, column: 1)
    }

    mutating func location(_ offset: Int) -> SourceLocation {
        if let location = locator.codeLocation(SourceSpan(start: offset, end: offset + 1)) { return location }
        if offset == lastOffset { return lastLocation }
        let clamped = max(0, min(offset, utf8.count))
        let line = line(of: clamped)
        lastLine = line
        let lineStart = lineStarts[line - 1]
        // On the line of the last answer, count on (or back) from there: views
        // written along one long line then cost the line once, not once each.
        // (Lowering asks for offsets out of order too: counting back from the
        // line start each time made a one-line spec of N views cost N².)
        let sameLine = lastLocation.line == line && lastOffset >= lineStart && lastOffset <= utf8.count
        let from = sameLine ? min(lastOffset, clamped) : lineStart
        let to = sameLine ? max(lastOffset, clamped) : clamped
        let isASCII = !utf8[from..<to].contains { $0 >= 128 }
        var location = lastLocation
        if isASCII {
            location.line = line
            location.column = sameLine ? lastLocation.column + clamped - lastOffset : 1 + clamped - lineStart
        } else {
            location = source.location(atOffset: clamped, after: sameLine ? (lastOffset, lastLocation) : nil)
        }
        lastOffset = offset
        lastLocation = location
        return location
    }

    /// Searches outward from the last line, so nearby offsets cost a few steps.
    private func line(of offset: Int) -> Int {
        let starts = lineStarts
        var low: Int, high: Int  // 0-based line indices
        let last = lastLine - 1
        if starts[last] <= offset {
            low = last
            var step = 1
            high = last + 1
            while high < starts.count, starts[high] <= offset {
                low = high
                high = last + step * 2
                step *= 2
            }
            high = min(high, starts.count) - 1
        } else {
            high = last - 1
            var step = 1
            low = last - 1
            while low > 0, starts[low] > offset {
                high = low - 1
                low = max(0, last - step * 2)
                step *= 2
            }
            low = max(0, low)
        }
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }
}
